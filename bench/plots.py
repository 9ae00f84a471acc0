"""Plots and tables of bench/README.md from bench/results/*.jsonl: ``python -m bench.plots``.

Writes bench/plots/*.png (committed: the page shows them) and rewrites the generated blocks
of bench/README.md (the headline table and the soak's table, between their markers). Needs
matplotlib (in the test extras: ``pip install -e '.[test]'``). ``--out DIR`` writes the
images elsewhere and leaves the README alone (``--readme PATH`` names another file to fill).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

from bench import figures
from bench.figures import by, col, latest, latest_soak, load

HERE = Path(__file__).resolve().parent
PLOTS = HERE / "plots"


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise SystemExit(
            "bench.plots needs matplotlib: pip install -e '.[test]' (or pip install matplotlib)"
        ) from None
    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt

    return plt


def _save(plt: Any, fig: Any, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=90, metadata={"Software": None})
    plt.close(fig)
    return path


def _label(row: dict[str, Any]) -> str:
    return f"{row.get('commit') or '?'}\n{figures.day(row)[5:]}"


def http_load(plt: Any, results: Path, out: Path) -> Path | None:
    """Commands/s and CPU per turn per commit: every round, in order of date."""
    rows = [r for r in load("http_load", results) if not r.get("seat_bots")]
    if not rows:
        return None
    groups = by(
        sorted(rows, key=lambda r: str(r["at"])),
        lambda r: (figures.day(r), r["commit"], r.get("stream_workers")),
    )
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 6), sharex=True)
    labels = []
    for i, ((_day, _commit, sw), runs) in enumerate(groups.items()):
        label = _label(runs[0]) + ("" if sw is None else f"\n{sw} stream w.")
        labels.append(label)
        xs = [i] * len(runs)
        top.plot(xs, col(runs, "commands/s"), "o", color="tab:blue", alpha=0.6)
        service = col(runs, "service ms/turn")
        bottom.plot([i] * len(service), service, "o", color="tab:orange", alpha=0.6)
        pg = col(runs, "PostgreSQL ms/turn")
        bottom.plot([i] * len(pg), pg, "s", color="tab:green", alpha=0.6)
    top.set_ylabel("commands/s")
    top.set_title("http_load: 50 bots, 2 workers, every round (each date its own box and load)")
    bottom.set_ylabel("CPU ms per command turn")
    bottom.legend(
        handles=[
            plt.Line2D([], [], marker="o", ls="", color="tab:orange", label="service"),
            plt.Line2D([], [], marker="s", ls="", color="tab:green", label="PostgreSQL"),
        ],
        loc="upper right",
    )
    bottom.set_xticks(range(len(labels)), labels, fontsize=7)
    for axis in (top, bottom):
        axis.set_ylim(bottom=0)
        axis.grid(axis="y", alpha=0.3)
    return _save(plt, fig, out / "http_load.png")


def seat_bots(plt: Any, results: Path, out: Path) -> Path | None:
    """Seat bots that poll against seat bots that wait (`?wait=`): bars at the median."""
    cases = [("polling", latest(load("seat_bots_poll", results)))]
    cases.append(("?wait=30", latest(load("seat_bots_wait", results))))
    cases = [(name, rows) for name, rows in cases if rows]
    if not cases:
        return None
    measures = ("requests/turn", "commands/s", "service ms/turn", "PostgreSQL ms/turn")
    fig, axes = plt.subplots(1, len(measures), figsize=(10, 3))
    for axis, measure in zip(axes, measures, strict=True):
        for i, (_name, rows) in enumerate(cases):
            values = col(rows, measure)
            axis.bar(i, statistics.median(values), color=("tab:red", "tab:blue")[i], alpha=0.7)
            axis.plot([i] * len(values), values, "k.", ms=5)
        axis.set_xticks(range(len(cases)), [f"{n}\n{rows[0]['commit']}" for n, rows in cases])
        axis.set_title(measure, fontsize=9)
    fig.suptitle("http_load --seat-bots: each seat its own bot (bars: median; dots: rounds)")
    return _save(plt, fig, out / "seat_bots.png")


def arena(plt: Any, results: Path, out: Path) -> Path | None:
    """Win rates of each pairing with their Wilson 95% intervals."""
    # The latest line of each pairing: a new arena run often covers only some games.
    pairings = by(
        load("arena", results), lambda r: (r["game"], r["players"], r["hero"], r["villain"])
    )
    rows = [runs[-1] for runs in pairings.values()]
    if not rows:
        return None
    rows = sorted(rows, key=lambda r: (r["game"], r["hero"], r["villain"]))
    fig, axis = plt.subplots(figsize=(8, 0.35 * len(rows) + 1.2))
    for i, row in enumerate(rows):
        low, high = row["ci95"]
        axis.plot([low, high], [i, i], color="tab:blue", lw=2)
        axis.plot(row["win_rate"], i, "o", color="tab:blue")
        # A seat's share by chance: 1/2, 1/3 or 1/4, per row (one line at 0.5 misled).
        axis.plot(1 / row["players"], i, "|", color="grey", ms=12)
    labels = [
        f"{r['game']} {r['players']}p: {r['hero']} vs {r['villain']} ({r['games']})" for r in rows
    ]
    axis.set_yticks(range(len(rows)), labels, fontsize=8)
    axis.set_xlim(0, 1.02)
    axis.invert_yaxis()
    axis.set_xlabel(
        "win rate of the first policy (Wilson 95% interval), games in brackets;\n"
        "grey mark: a seat's share by chance (1/players)"
    )
    commits = figures.commits(rows).split(", ")
    lines = [", ".join(commits[i : i + 4]) for i in range(0, len(commits), 4)]
    axis.set_title("arena, commits " + ",\n".join(lines), fontsize=9)
    return _save(plt, fig, out / "arena.png")


def soak(plt: Any, results: Path, out: Path) -> Path | None:
    """The latest soak run: memory, descriptors, TCP and PostgreSQL connections over time."""
    points = [r for r in latest_soak(load("soak", results)) if "t_s" in r]
    if not points:
        return None
    minutes = [p["t_s"] / 60 for p in points]
    fig, axes = plt.subplots(2, 2, figsize=(10, 6), sharex=True)
    rss, fds, tcp, pg = axes.flat
    names = dict.fromkeys(
        x["name"] for p in points for x in p["processes"] if not x["name"].startswith("soak")
    )
    for name in names:
        values = [
            next((x["rss_mb"] for x in p["processes"] if x["name"] == name), None) for p in points
        ]
        rss.plot(minutes, values, label=name.split(":")[0], lw=1)
    rss.plot(minutes, [p["service_rss_mb"] for p in points], "k-", lw=2, label="service")
    rss.set_title("RSS MB")
    rss.legend(fontsize=7, loc="upper left", ncol=3)
    fds.plot(minutes, [p["service_fds"] for p in points], "k-")
    fds.set_title("service file descriptors")
    tcp.plot(minutes, [p["service_tcp"] for p in points], "k-")
    tcp.set_title("service TCP connections")
    db = [p.get("database", {}) for p in points]
    pg.plot(minutes, [d.get("connections") for d in db], "k-", label="connections")
    pg.set_title("PostgreSQL connections (and backends' PSS MB)")
    pss = pg.twinx()
    pss.plot(minutes, [d.get("backends_pss_mb") for d in db], "--", color="tab:purple")
    for axis in axes.flat:
        axis.set_ylim(bottom=0)
        axis.grid(alpha=0.3)
    pss.set_ylim(bottom=0)
    rss.set_ylim(top=rss.get_ylim()[1] * 1.4)  # room for the legend above the lines
    for axis in axes[1]:
        axis.set_xlabel("minutes")
    fig.suptitle(f"soak run of {points[0]['run']}, commit {points[0]['commit']}")
    return _save(plt, fig, out / "soak.png")


def fanout(plt: Any, results: Path, out: Path) -> Path | None:
    """Command p99 alone and beside 2,000 live streams, per configuration and round."""
    rows = latest(figures.watched(load("fanout", results)))
    if not rows:
        return None
    groups = by(rows, lambda r: (r["stream_workers"], r["live_batch_ms"]))
    fig, axis = plt.subplots(figsize=(8, 3.5))
    labels = []
    for i, ((sw, window), runs) in enumerate(groups.items()):
        labels.append(f"{sw} stream w.\nwindow {window} ms")
        axis.plot([i - 0.1] * len(runs), col(runs, "quiet p99 ms"), "o", color="tab:green")
        axis.plot([i + 0.1] * len(runs), col(runs, "streams p99 ms"), "o", color="tab:red")
    axis.set_xticks(range(len(labels)), labels, fontsize=8)
    axis.set_ylabel("command p99 ms")
    axis.set_ylim(bottom=0)
    axis.grid(axis="y", alpha=0.3)
    axis.legend(
        handles=[
            plt.Line2D([], [], marker="o", ls="", color="tab:green", label="no stream"),
            plt.Line2D([], [], marker="o", ls="", color="tab:red", label="2,000 streams"),
        ]
    )
    axis.set_title(f"fanout: commands on a watched game, commit {figures.commits(rows)}")
    return _save(plt, fig, out / "fanout.png")


def playouts(plt: Any, results: Path, out: Path) -> Path | None:
    """Random-playout speed-ups per game against the base tree: ranges and medians."""
    rows = latest(load("playouts", results))
    if not rows:
        return None
    games = by(rows, lambda r: r["game"])
    fig, axis = plt.subplots(figsize=(8, 3.5))
    for i, runs in enumerate(games.values()):
        for offset, kind, colour in ((-0.1, "kernel", "tab:blue"), (0.1, "match", "tab:orange")):
            for run in runs:
                low, high = run[f"{kind} speed-up"]
                axis.plot([i + offset] * 2, [low, high], color=colour, lw=1, alpha=0.5)
                axis.plot(i + offset, run[f"{kind} speed-up median"], "o", color=colour)
    axis.axhline(1, color="grey", lw=0.8, ls=":")
    axis.set_xticks(range(len(games)), list(games), fontsize=8)
    axis.set_ylabel(f"speed-up over {rows[0]['before']}")
    axis.legend(
        handles=[
            plt.Line2D([], [], color="tab:blue", marker="o", label="kernel playouts"),
            plt.Line2D([], [], color="tab:orange", marker="o", label="match playouts"),
        ]
    )
    axis.set_title(f"playouts per CPU-second, {figures.commits(rows)} (median and range per run)")
    return _save(plt, fig, out / "playouts.png")


def idle_parts(plt: Any, results: Path, out: Path) -> Path | None:
    """What each background part costs a command turn, by configuration."""
    rows = latest(load("idle_parts", results))
    if not rows:
        return None
    labels = [r["label"] for r in rows]
    fig, axes = plt.subplots(1, 3, figsize=(10, 3.2), sharey=True)
    for axis, (title, values) in zip(
        axes,
        (
            ("statements per turn", [r["turn"]["statements"] for r in rows]),
            ("WAL bytes per turn", [r["turn"]["wal B"] for r in rows]),
            ("service CPU us per turn (timed)", [r["turn"]["cpu us"] for r in rows]),
        ),
        strict=True,
    ):
        axis.barh(range(len(rows)), values, color="tab:blue", alpha=0.7)
        axis.set_title(title, fontsize=9)
    axes[0].set_yticks(range(len(rows)), labels, fontsize=8)
    axes[0].invert_yaxis()
    fig.suptitle(f"idle_parts, {figures.day(rows[0])}: each background part off in turn")
    return _save(plt, fig, out / "idle_parts.png")


PLOTTERS = (http_load, seat_bots, fanout, playouts, idle_parts, arena, soak)


def draw(results: Path = figures.RESULTS, out: Path = PLOTS) -> list[Path]:
    plt = _pyplot()
    out.mkdir(parents=True, exist_ok=True)
    return [path for plot in PLOTTERS if (path := plot(plt, results, out)) is not None]


def fill_readme(readme: Path, results: Path = figures.RESULTS) -> None:
    text = readme.read_text()
    text = figures.replace_block(text, "figures", figures.headline(results))
    text = figures.replace_block(text, "soak", figures.soak_table(results))
    readme.write_text(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.plots", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--results", type=Path, default=figures.RESULTS)
    parser.add_argument("--out", type=Path, default=None, help="folder for the PNGs")
    parser.add_argument("--readme", type=Path, default=None, help="page whose blocks to fill")
    args = parser.parse_args(argv)
    written = draw(args.results, args.out or PLOTS)
    readme = args.readme or (HERE / "README.md" if args.out is None else None)
    if readme is not None:
        fill_readme(readme, args.results)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
