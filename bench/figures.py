"""The current figures of bench/README.md, read from bench/results/*.jsonl.

Each results file holds one JSON line per run or round, with its ``commit`` and its date
(``at``, or ``run`` for the soak). The latest measurement of a bench is the lines of its
latest date (a comparison of two trees puts both in one run); a figure is given as the median
over its rounds and, when there are several, their range. ``python -m bench.plots`` writes
the tables this module makes between the ``<!-- name:begin -->`` and ``<!-- name:end -->``
markers of bench/README.md, so that the page cannot drift from the results.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import statistics
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"
SOAK_FLAT = 0.05  # bench/soak.py's flatness target: growth over its window under 5%
DASH = "\u2013"  # ranges and missing figures, as the page has always written them


def load(name: str, results: Path = RESULTS) -> list[dict[str, Any]]:
    path = results / f"{name}.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def day(row: dict[str, Any]) -> str:
    return str(row.get("at") or row.get("run") or "")[:10]


def latest(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of the latest date (one invocation, or the last day's interleaved runs)."""
    if not rows:
        return []
    last = max(day(r) for r in rows)
    return [r for r in rows if day(r) == last]


def latest_session(rows: list[dict[str, Any]], hours: float = 2.0) -> list[dict[str, Any]]:
    """The rows of the latest date measured within ``hours`` of its last row: one sitting's
    interleaved runs, not every comparison made that day."""
    rows = latest(rows)

    def moment(row: dict[str, Any]) -> dt.datetime | None:
        try:
            return dt.datetime.fromisoformat(str(row.get("at", "")).replace("Z", "+00:00"))
        except ValueError:
            return None

    moments = [m for m in map(moment, rows) if m is not None]
    if not moments:
        return rows
    start = max(moments) - dt.timedelta(hours=hours)
    return [r for r in rows if (m := moment(r)) is None or m >= start]


def by(rows: Iterable[dict[str, Any]], key: Callable[[dict[str, Any]], Any]) -> dict[Any, list]:
    groups: dict[Any, list] = {}
    for row in rows:
        groups.setdefault(key(row), []).append(row)
    return groups


def fmt(value: float) -> str:
    if abs(value) >= 100:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def spread(values: list[float]) -> str:
    """Median (min-max) of a figure over rounds; the value alone for one round."""
    values = [v for v in values if v is not None]
    if not values:
        return DASH
    if len(values) == 1:
        return fmt(values[0])
    return f"{fmt(statistics.median(values))} ({fmt(min(values))}{DASH}{fmt(max(values))})"


def span(pair: list[float]) -> str:
    """A range the prose gave (min, max)."""
    return fmt(pair[0]) if pair[0] == pair[1] else f"{fmt(pair[0])}{DASH}{fmt(pair[1])}"


def col(rows: list[dict[str, Any]], key: str) -> list[float]:
    return [r[key] for r in rows if r.get(key) is not None]


def when(rows: list[dict[str, Any]]) -> str:
    return day(rows[0])


def commits(rows: list[dict[str, Any]]) -> str:
    seen = list(dict.fromkeys(str(r.get("commit") or DASH) for r in rows))
    return ", ".join(seen)


# One summary per bench: (bench, what, figures, commit, date) rows of the headline table.
Row = tuple[str, str, str, str, str]


def _http_load(results: Path) -> list[Row]:
    # The last comparison only (one --trees invocation takes well under half an hour): a
    # sitting may compare several pairs of trees, and the page has room for one.
    runs = latest_session(
        [r for r in load("http_load", results) if not r.get("seat_bots")], hours=0.5
    )
    out = []
    for (commit, games), rows in by(runs, lambda r: (r["commit"], r.get("games", "all"))).items():
        case = f"50 bots, {len(rows)} rounds" + ("" if games == "all" else f", games {games}")
        figures = (
            f"{spread(col(rows, 'commands/s'))} commands/s; service "
            f"{spread(col(rows, 'service ms/turn'))} ms, PostgreSQL "
            f"{spread(col(rows, 'PostgreSQL ms/turn'))} ms of CPU per turn; command p99 "
            f"{spread(col(rows, 'command p99 ms'))} ms"
        )
        out.append(("http_load", case, figures, commit, when(rows)))
    return out


def _seat_bots(results: Path) -> list[Row]:
    out = []
    for name, what in (("seat_bots_poll", "seat bots polling"), ("seat_bots_wait", "`?wait=30`")):
        rows = latest(load(name, results))
        if rows:
            figures = (
                f"{spread(col(rows, 'requests/turn'))} requests/turn, "
                f"{spread(col(rows, 'commands/s'))} commands/s, service "
                f"{spread(col(rows, 'service ms/turn'))} ms/turn"
            )
            out.append(("http_load --seat-bots", what, figures, commits(rows), when(rows)))
    return out


def _idle_parts(results: Path) -> list[Row]:
    rows = latest_session(load("idle_parts", results))
    out = []
    for row in rows:
        if row["label"] in {"all on", "all off"} or row["label"] == rows[0]["label"]:
            turn, idle = row["turn"], row["idle"]
            figures = (
                f"{turn['statements']:.2f} statements, {turn['wal B']:,.0f} B of WAL, "
                f"{turn['cpu us']:,.0f} us of service CPU per turn; idle "
                f"{idle['statements/s']:.0f} statements/s"
            )
            out.append(("idle_parts", row["label"], figures, row["commit"], day(row)))
    return out


def watched(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Fan-out runs of the service as shipped with streams on the game played: not the
    controls with every stream on other games (``--hot 0``; lines before the field had
    1,000), nor the experiments with another setting (``--vary``)."""
    return [r for r in rows if r.get("hot", 1000) > 0 and _service_default(r.get("vary"))]


def _service_default(vary: str | None) -> bool:
    """A run with the service's settings as shipped; a ``--vary`` of another setting is an
    experiment (the batching window is a column of its own)."""
    return vary is None or vary.startswith("GAMESTATE_LIVE_BATCH_MS=")


def _fanout(results: Path) -> list[Row]:
    runs = latest(watched(load("fanout", results)))
    out = []
    cases = by(runs, lambda r: (r["stream_workers"], r["live_batch_ms"], r.get("streams_nice", 0)))
    for (sw, window, nice), rows in cases.items():
        if window not in (0, 50):
            continue
        # The last commit's runs: the day may hold runs of the commits before it.
        rows = [r for r in rows if r["commit"] == rows[-1]["commit"]]
        within = sum(r["p99 ratio"] <= 2.0 for r in rows)
        figures = (
            f"{rows[-1]['commit']}: command p99 {spread(col(rows, 'quiet p99 ms'))} ms alone, "
            f"{spread(col(rows, 'streams p99 ms'))} ms beside 2,000 streams "
            f"(ratio {spread(col(rows, 'p99 ratio'))}; at most 2x in {within} of {len(rows)})"
        )
        deliveries = [r["delivery s"] for r in rows if "delivery s" in r]
        if deliveries:
            figures += f"; last delivery at most {max(deliveries):.2f} s after the last answer"
        # Readers at a lower priority stand for clients on other machines (bench/fanout.py).
        what = f"{sw} stream worker(s), window {window} ms" + (
            f", readers at nice {nice}" if nice else ""
        )
        out.append(("fanout", what, figures, commits(rows), when(rows)))
    return out


def _playouts(results: Path) -> list[Row]:
    rows = latest(load("playouts", results))
    out = []
    for game, game_rows in by(rows, lambda r: r["game"]).items():
        k = [r["kernel speed-up median"] for r in game_rows]
        m = [r["match speed-up median"] for r in game_rows]
        base = game_rows[0].get("before", "the base tree")
        figures = f"speed-up over {base}, medians: kernel {spread(k)}x, match {spread(m)}x"
        out.append(("playouts", game, figures, commits(game_rows), when(game_rows)))
    if len(out) < 2:
        return out
    return [*out[:1], ("playouts", "other games", _others(out[1:]), out[1][3], out[1][4])]


def _others(rows: list[Row]) -> str:
    return "; ".join(f"{r[1]} {r[2].split(': ', 1)[1]}" for r in rows)


def _simple(
    name: str,
    what: str,
    render: Callable[[list[dict[str, Any]]], str],
    hours: float | None = None,
    last_tree: bool = False,
) -> Callable:
    """``hours``: only the last sitting's rows (those within that many hours of the date's last
    row), for a bench whose figures move with the box's hour more than with the commit.
    ``last_tree``: of those, only the last row's tree's (its commit, with or without
    ``+dirty``)."""

    def summary(results: Path) -> list[Row]:
        rows = load(name, results)
        rows = latest_session(rows, hours=hours) if hours else latest(rows)
        if last_tree and rows:
            tree = rows[-1]["commit"].split("+")[0]
            rows = [r for r in rows if r["commit"].split("+")[0] == tree]
        return [(name, what, render(rows), commits(rows), when(rows))] if rows else []

    return summary


def _turn_budget(rows: list[dict[str, Any]]) -> str:
    """The rows with the last row's worker count (2 in lines from before it was recorded,
    the bench's default): one worker's turn costs less than two's."""
    workers = rows[-1].get("workers", 2)
    rows = [r for r in rows if r.get("workers", 2) == workers]
    ratios = [r["service us/turn"] / r["floor us/turn"] for r in rows if r.get("floor us/turn")]
    return (
        f"{workers} worker{'s' if workers != 1 else ''}: "
        f"floor {spread(col(rows, 'floor us/turn'))} us of a turn's "
        f"{spread(col(rows, 'service us/turn'))} us of service CPU"
        + (f" ({spread([round(x, 2) for x in ratios])}x the floor)" if ratios else "")
    )


def _turn_instructions(rows: list[dict[str, Any]]) -> str:
    """The last sitting's trees in the order they were given: each one's instructions per
    turn (median over its rounds, in millions) and the change from the first."""
    order = list(dict.fromkeys(r["commit"] for r in rows))
    per = {
        c: statistics.median(r["instructions/turn"] for r in rows if r["commit"] == c)
        for c in order
    }
    first = per[order[0]]
    return (
        " -> ".join(
            f"{c} {per[c] / 1e6:.3f} M" + (f" ({per[c] / first - 1:+.1%})" if c != order[0] else "")
            for c in order
        )
        + " instructions per turn"
    )


def _turn_parts(rows: list[dict[str, Any]]) -> str:
    """The last sitting's trees in the order they were given (the first is measured first in
    round 1): each one's service CPU per turn, then the last tree's largest parts (medians
    over its rounds) and its "other"; "pinned" for ``--pin`` (on-CPU shares)."""
    order = list(dict.fromkeys(r["commit"] for r in rows))
    last = [r for r in rows if r["commit"] == order[-1]]

    def us(part: str) -> float:
        return statistics.median(r["parts"].get(part, {}).get("us/turn", 0.0) for r in last)

    parts = sorted({p for r in last for p in r["parts"] if p != "other"}, key=lambda p: -us(p))
    other = statistics.median(r["parts"].get("other", {}).get("share", 0.0) for r in last)
    totals = " -> ".join(
        spread([r["service ms/turn"] * 1e3 for r in rows if r["commit"] == c]) for c in order
    )
    return (
        f"{' -> '.join(order)}{' (pinned)' if last[0].get('pinned') else ''}: service {totals}"
        f" us per turn; largest parts of {order[-1]} (us): "
        + ", ".join(f"{p} {us(p):.0f}" for p in parts[:5])
        + f"; other {other:.1%} of the samples"
    )


def _asgi(rows: list[dict[str, Any]]) -> str:
    last = [r for r in rows if r["commit"] == rows[-1]["commit"]]
    cases = sorted({r.get("case", "") for r in last}, reverse=True)  # "on" before "off"
    return "; ".join(
        f"{last[0]['commit']}{f' ({case})' if case else ''}: "
        f"/health {spread(col(mine, 'GET /health us CPU'))} us, legal read "
        f"{spread(col(mine, 'legal read us CPU'))} us, command "
        f"{spread(col(mine, 'command us CPU'))} us of CPU"
        for case in cases
        for mine in [[r for r in last if r.get("case", "") == case]]
    )


def _store(rows: list[dict[str, Any]]) -> str:
    hot = [r for r in rows if "hot path" in r["case"]]
    return "; ".join(f"{r['writers']} writer(s) {r['commits/s']:,} appends/s" for r in hot)


def _growth(rows: list[dict[str, Any]]) -> str:
    return "append mean " + ", ".join(
        f"{r['append mean ms']} ms at {r['stored events']:,}" for r in rows
    )


def _long_games(rows: list[dict[str, Any]]) -> str:
    r = rows[-1]
    return (
        f"{r['commit']}: longest loop step views {span(r['longest step ms, views azul-2p'])} / "
        f"{span(r['longest step ms, views three_kingdoms-3p'])} ms, record "
        f"{span(r['longest step ms, record'])} ms, audit {span(r['longest step ms, audit'])} ms"
    )


def _requests(rows: list[dict[str, Any]]) -> str:
    """Requests per decision of each kind of bot, over every game or tournament measured."""
    kinds = by(rows, lambda r: r["bots"])
    return "requests per decision: " + ", ".join(
        f"{kind} {span([min(r['requests/decision'][0] for r in rs), max(r['requests/decision'][1] for r in rs)])}"
        for kind, rs in kinds.items()
    )


def _bot_load(rows: list[dict[str, Any]]) -> str:
    """The last commit's rounds with bot games, per policy; the controls (busy loops in
    place of bots, ``--control``) of the day beside them."""
    bots = [r for r in rows if not r.get("params", {}).get("control")]
    controls = by(
        (r for r in rows if r.get("params", {}).get("control")), lambda r: r["params"]["control"]
    )
    text = ""
    if bots:
        last = [r for r in bots if r["commit"] == bots[-1]["commit"]]
        games = last[0].get("params", {}).get("games", "?")
        policies = by(last, lambda r: r.get("params", {}).get("policy", "?"))
        text = (
            f"{last[0]['commit']}: a person's command p99 beside {games} all-bot games over its"
            " p99 alone: "
            + ", ".join(f"{p} {spread(col(rs, 'p99_ratio'))}x" for p, rs in policies.items())
            + " (target at most 1.5x)"
        )
    if controls:
        text += "; control, busy loops and no bot: " + ", ".join(
            f"{kind} {spread(col(rs, 'p99_ratio'))}x" for kind, rs in controls.items()
        )
    return text


def _soak(results: Path) -> list[Row]:
    run = latest_soak(load("soak", results))
    if not run:
        return []
    totals = run[-1].get("totals")
    if totals is None:
        last = run[-1]
        figures = (
            f"no totals line (still running or stopped early): {last.get('t_s', 0) / 60:.0f} "
            f"minutes sampled, {last.get('counts', {}).get('commands', 0):,} commands"
        )
    else:
        figures = (
            f"{totals.get('params', {}).get('minutes', 0):g} minutes: "
            f"{totals.get('counts', {}).get('commands', 0):,} commands, "
            f"{totals.get('lost_events', '?')} lost events, "
            f"{len(totals.get('audit_failed', []))} failed audits, "
            f"{sum(totals.get('errors', {}).values())} errors"
        )
    return [("soak", "mixed traffic", figures, run[0]["commit"], run[0]["run"][:10])]


SUMMARIES: list[Callable[[Path], list[Row]]] = [
    _http_load,
    _seat_bots,
    _idle_parts,
    _fanout,
    _simple("http_floor", "`GET /health`", lambda r: f"{span(r[0]['service us/request'])} us"),
    _simple("turn_budget", "floor under a turn", _turn_budget, hours=0.5, last_tree=True),
    _simple("turn_parts", "a turn's service CPU by part", _turn_parts, hours=0.5),
    _simple("turn_instructions", "in-process turn, callgrind", _turn_instructions, hours=1),
    _simple("asgi_path", "in-process, CPU per request", _asgi),
    _simple("long_games", "50,001-event games", _long_games),
    _playouts,
    _simple("store", "hot append", _store),
    _simple("growth", "10k to 1M stored events", _growth),
    _simple(
        "clocks",
        "10,000 waiting games",
        lambda r: f"scheduler {r[0]['scheduler CPU ms/s']} ms of CPU per second",
    ),
    _simple("notify_requests", "`gamestate play`", _requests),
    _simple("tournament_requests", "tournament bots", _requests),
    _simple("bot_load", "server-side bots against a person", _bot_load),
    _soak,
]


def headline(results: Path = RESULTS) -> str:
    lines = [
        "| bench | case | figures: median (range) over rounds | commit | date |",
        "|---|---|---|---|---|",
    ]
    for summary in SUMMARIES:
        for bench, what, figures, commit, date in summary(results):
            lines.append(f"| `{bench}` | {what} | {figures} | {commit} | {date} |")
    return "\n".join(lines)


def latest_soak(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines of the latest soak run (grouped by its ``run`` field), samples then totals."""
    runs = by(rows, lambda r: r.get("run", ""))
    if not runs:
        return []
    chosen = runs[max(runs)]
    return sorted(chosen, key=lambda r: ("totals" in r, r.get("t_s", 0)))


def soak_table(results: Path = RESULTS, samples: int = 7) -> str:
    run = latest_soak(load("soak", results))
    points = [r for r in run if "t_s" in r]
    if not points:
        return "No soak run in bench/results/soak.jsonl yet."
    step = max(1, round((len(points) - 1) / (samples - 1)))
    shown = points[::step]
    if shown[-1] is not points[-1]:
        shown.append(points[-1])
    totals = run[-1].get("totals", {}) if "totals" in run[-1] else {}
    params = totals.get("params", {})
    counts = totals.get("counts", {})
    head = (
        f"Run of {run[0]['run']}, commit {run[0]['commit']}"
        + (
            f", `--minutes {params['minutes']:g} --interval {params['interval']:g}`"
            if params
            else ""
        )
        + (f" ({_params(params)})" if params else "")
        + ":"
    )
    names = " / ".join(
        x["name"].split(":")[0] for x in shown[0]["processes"] if not x["name"].startswith("soak")
    )
    lines = [
        head,
        "",
        f"| t (min) | service RSS MB | RSS MB: {names} | fds | TCP | PostgreSQL conns | "
        "PostgreSQL PSS MB | commands |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for p in shown:
        service = [x for x in p["processes"] if not x["name"].startswith("soak")]
        per = " / ".join(f"{x['rss_mb']:.0f}" for x in service)
        db = p.get("database", {})
        lines.append(
            f"| {p['t_s'] / 60:.1f} | {p['service_rss_mb']:.1f} | {per} | {p['service_fds']} | "
            f"{p['service_tcp']} | {db.get('connections', DASH)} | "
            f"{db.get('backends_pss_mb', 0):.1f} | {p.get('counts', {}).get('commands', 0):,} |"
        )
    if totals:
        growth = totals.get("growth_over_window", {})
        errors = totals.get("errors", {})
        lines += [
            "",
            f"Totals: {totals.get('games', 0):,} games ({totals.get('finished', 0):,} finished), "
            f"{counts.get('commands', 0):,} commands, "
            f"{totals.get('acknowledged_events', 0):,} acknowledged events, "
            f"**{totals.get('lost_events', '?')} lost**, "
            f"{len(totals.get('audit_failed', []))} failed audits, "
            f"{totals.get('timeouts', 0):,} clock timeouts, "
            f"{counts.get('spectator_streams_opened', 0):,} spectator streams. Errors: "
            + (", ".join(f"{n} {kind}" for kind, n in errors.items()) or "none")
            + ". Growth over the last "
            + f"{totals.get('window_s', 0) / 60:g} minutes' window (last third against first): "
            + ", ".join(f"{k} {v * 100:+.1f}%" for k, v in growth.items())
            + ". "
            + _flatness(growth),
        ]
    else:
        lines += ["", "The run has no totals line yet (still running, or stopped early)."]
    return "\n".join(lines)


def _flatness(growth: dict[str, float | None]) -> str:
    """The soak's target (bench/soak.py): under 5% growth over the window, each measure."""
    missed = [k for k, v in growth.items() if v is None or v >= SOAK_FLAT]
    if not missed:
        return f"Flat after warm-up (every measure under {SOAK_FLAT:.0%}): target met."
    return f"**Target missed**: {', '.join(missed)} grew {SOAK_FLAT:.0%} or more."


def _params(params: dict[str, Any]) -> str:
    keys = ("workers", "bots", "clocked", "lobby", "players", "entrants", "spectators")
    return ", ".join(f"{k} {params[k]}" for k in keys if k in params)


def replace_block(text: str, name: str, content: str) -> str:
    """``text`` with what stands between the ``name`` markers replaced by ``content``."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ValueError(f"no {begin} ... {end} markers")
    return pattern.sub(lambda _: f"{begin}\n{content}\n{end}", text)
