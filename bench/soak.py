"""A long soak: mixed traffic on one machine for ``--minutes``, with what an operator watches
printed every ``--interval`` seconds, to see that nothing grows or fails with time. Not a CI
test (issue 35, item 4; docs/operations.md).

    python -m bench.soak --minutes 30 [--workers 2] [--spectators 500] [--bots 2]
                         [--clocked 4] [--players 8] [--entrants 8] [--lobby 2]
                         [--interval 60] [--think 0.2] [--database-url URL]
                         [--out bench/results/soak.jsonl]

Traffic (bench/_soak_load.py): ``--bots`` bots per game (all five), playing game after game, each waiting
``--think`` seconds on average before a command (a sustainable load, not saturation: at
saturation the stream worker, at nice 19 by design, falls behind and spectators are dropped);
``--clocked`` Azul games on a one-second clock whose bots leave one turn in five to the clock
(auto-play timeouts); ``--lobby`` loops of open tables filled by a join; ``--players``
registered players, each with a webhook to a local receiver and its player stream open,
queueing for Azul matchmaking and playing their seats; a Swiss tournament of ``--entrants``
played table by table, then another; ``--spectators`` live streams on games in play (one that
ends is opened again on another game).

Every interval: the resident memory, open file descriptors and TCP connections of every
service process (and of this one), PostgreSQL's connections to the database and their
memory, every table's and its indexes' size, event-loop lag (this process's, and the
service's as the time of GET /health, which does no I/O), errors, and the work done. One JSON
line per interval goes to ``--out``, and a last one with the totals. At the end: every game
audited (GET /games/{id}/audit), every event an answer acknowledged found in the store with
its hash, and the targets: memory and connections flat after warm-up (under 5% growth over the
last 20 minutes, or the last two thirds of a shorter run), no error, no lost event.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

from bench._common import (
    REPO,
    add_database_argument,
    bench_database,
    commit_of,
    heading,
    percentile,
    serve,
)
from bench._http import Connection
from bench._soak_load import GAMES, Load, Receiver, probe
from bench.http_load import server_processes

ADMIN = "bench-admin-key"


def _label(index: int, process: Any) -> str:
    """supervisor, worker, stream (a stream worker: it holds the hand-off socket), tracker
    (multiprocessing's resource tracker)."""
    import psutil

    if index == 0:
        return "supervisor"
    try:
        if "resource_tracker" in " ".join(process.cmdline()):
            return "tracker"
        unix = [str(c.laddr) for c in process.net_connections(kind="unix")]
    except psutil.Error:
        return "gone"
    return "stream" if any("gamestate-streams-" in path for path in unix) else "worker"


def _process_row(name: str, process: Any) -> dict[str, Any]:
    import psutil

    try:
        with process.oneshot():
            return {
                "name": name,
                "pid": process.pid,
                "rss_mb": round(process.memory_info().rss / 2**20, 1),
                "fds": process.num_fds(),
                "tcp": len(process.net_connections(kind="tcp")),
            }
    except psutil.Error:
        return {"name": name, "pid": process.pid, "gone": True}


def _database(url: str) -> dict[str, Any]:
    import psutil
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        backends = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        ).fetchall()
        sizes = conn.execute(
            "SELECT relname, pg_table_size(oid), pg_indexes_size(oid) FROM pg_class"
            " WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY 2 DESC"
        ).fetchall()
    pss = 0
    for (pid,) in backends:
        # Another machine's server, or a backend that left: not counted. PSS, not RSS: a
        # backend's RSS counts every page of shared buffers it touched, shared by all.
        with contextlib.suppress(psutil.Error):
            pss += psutil.Process(pid).memory_full_info().pss
    return {
        "connections": len(backends),
        "backends_pss_mb": round(pss / 2**20, 1),
        "tables_kb": {name: [table // 1024, index // 1024] for name, table, index in sizes},
    }


def measure(base: str, url: str) -> dict[str, Any]:
    """The blocking part of a sample (psutil, PostgreSQL): run in a thread, off the loop."""
    import psutil

    processes = server_processes(base)
    rows = [_process_row(f"{_label(i, p)}:{p.pid}", p) for i, p in enumerate(processes)]
    rows.append(_process_row("soak", psutil.Process()))
    return {
        "processes": rows,
        "service_rss_mb": round(sum(r.get("rss_mb", 0) for r in rows[:-1]), 1),
        "service_fds": sum(r.get("fds", 0) for r in rows[:-1]),
        "service_tcp": sum(r.get("tcp", 0) for r in rows[:-1]),
        "database": _database(url),
    }


def sample(measured: dict, load: Load, lags: list, service: list, at: float) -> dict:
    lag, probe_ms = sorted(lags), sorted(service)
    lags.clear()
    service.clear()
    return {
        "t_s": round(time.monotonic() - at),
        **measured,
        "loop_lag_ms": {
            "soak_p99": round(percentile(lag, 99) * 1000, 1),
            "soak_max": round((lag[-1] if lag else 0) * 1000, 1),
            "health_p50": round(percentile(probe_ms, 50) * 1000, 1),
            "health_p99": round(percentile(probe_ms, 99) * 1000, 1),
            "health_max": round((probe_ms[-1] if probe_ms else 0) * 1000, 1),
        },
        "streams_open": {"spectators": len(load.spectators), "players": len(load.player_streams)},
        "counts": dict(load.counts),
        "errors": dict(load.errors),
    }


def _print(row: dict[str, Any]) -> None:
    db, lag = row["database"], row["loop_lag_ms"]
    processes = " ".join(
        f"{r['name']}={r.get('rss_mb')}MB/{r.get('fds')}fd/{r.get('tcp')}tcp"
        for r in row["processes"]
    )
    top = sorted(db["tables_kb"].items(), key=lambda kv: -sum(kv[1]))[:4]
    tables = " ".join(f"{name}={t}+{i}KB" for name, (t, i) in top)
    counts = row["counts"]
    print(
        f"[{row['t_s']:>5}s] {processes}\n"
        f"        pg: {db['connections']} conns, {db['backends_pss_mb']} MB (PSS); {tables}\n"
        f"        lag ms: soak p99 {lag['soak_p99']} max {lag['soak_max']}; /health p50"
        f" {lag['health_p50']} p99 {lag['health_p99']} max {lag['health_max']}\n"
        f"        commands {counts.get('commands', 0)}, games {counts.get('games_finished', 0)},"
        f" streams {row['streams_open']}, webhooks {counts.get('webhooks_received', 0)},"
        f" errors {sum(row['errors'].values())} {row['errors'] or ''}",
        flush=True,
    )


def growth(rows: list[dict], key: str, window_s: float) -> float | None:
    """Relative growth of ``key`` over the last ``window_s`` seconds: the mean of the last
    third of the samples in that window against the mean of its first third (one sample is
    noisy: a pool opens a connection for a burst and closes it later)."""
    last = rows[-1]["t_s"]
    inside = [_value(r, key) for r in rows if r["t_s"] >= last - window_s]
    third = len(inside) // 3
    if third < 1:
        return None
    first, final = inside[:third], inside[-third:]
    return (sum(final) - sum(first)) / sum(first) if sum(first) else None


def _value(row: dict, key: str) -> float:
    return row["database"]["connections"] if key == "pg_connections" else row[key]


async def audit(load: Load, url: str) -> dict[str, Any]:
    """Every game audited, every acknowledged event in the store with its hash."""
    import psycopg

    conn = load.connection()
    failed, finished = [], 0
    for game in list(load.acked):
        answer = await conn.request("GET", f"/games/{game}/audit")
        report = answer.json() if answer.status == 200 else {"ok": False, "status": answer.status}
        finished += report.get("status") == "finished"
        if not report.get("ok"):
            failed.append((game, report.get("status"), str(report.get("checks"))[:300]))
    await conn.close()
    lost = 0
    with psycopg.connect(url) as db:
        stored = {
            (str(g), v): h
            for g, v, h in db.execute(
                "SELECT stream_id, version, hash FROM events WHERE stream_id = ANY(%s)",
                ([*load.acked],),
            ).fetchall()
        }
        timeouts = db.execute(
            "SELECT count(*) FROM events WHERE type = 'game.turn_timed_out'"
        ).fetchone()[0]
    for game, events in load.acked.items():
        lost += sum(stored.get((game, v)) != h for v, h in events.items())
    return {
        "games": len(load.acked),
        "finished": finished,
        "audit_failed": failed,
        "acknowledged_events": sum(len(e) for e in load.acked.values()),
        "lost_events": lost,
        "timeouts": timeouts,
    }


async def soak(base: str, url: str, args: argparse.Namespace, out: Path) -> int:
    receiver = await Receiver().start()
    load = Load(base, ADMIN, receiver.url, seed=args.seed, think=args.think)
    lags: list[float] = []
    health: list[float] = []
    conn = Connection.for_url(base)
    players = [p for i in range(args.players) if (p := await load.register(conn, f"soak{i}"))]
    await conn.close()
    tasks = [asyncio.create_task(probe(base, load.stop, lags, health))]
    tasks += [asyncio.create_task(load.bot(g)) for g in GAMES for _ in range(args.bots)]
    tasks += [asyncio.create_task(load.bot("azul", clocked=True)) for _ in range(args.clocked)]
    tasks += [asyncio.create_task(load.lobby()) for _ in range(args.lobby)]
    tasks += [asyncio.create_task(load.matchmaker(p)) for p in players]
    tasks += [asyncio.create_task(load.player_stream(p)) for p in players]
    if args.entrants:
        tasks.append(asyncio.create_task(load.tournaments(args.entrants)))
    tasks.append(asyncio.create_task(load.spectate(args.spectators)))
    started = time.monotonic()
    rows: list[dict] = []
    commit = commit_of()

    def append(line: dict) -> None:
        # Opened for each line: a file replaced meanwhile (a checkout, a stash) gets the line,
        # where a handle kept open all run would write to the replaced file's old inode.
        with out.open("a") as sink:
            sink.write(json.dumps({"run": args.run, "commit": commit, **line}) + "\n")

    while time.monotonic() - started < args.minutes * 60:
        await asyncio.sleep(min(args.interval, args.minutes * 60 - (time.monotonic() - started)))
        load.counts["webhooks_received"] = receiver.received
        measured = await asyncio.to_thread(measure, base, url)
        row = sample(measured, load, lags, health, started)
        rows.append(row)
        _print(row)
        append(row)
    load.stop.set()
    _, pending = await asyncio.wait(tasks, timeout=60)
    for task in pending:
        task.cancel()
    for sub in [*load.spectators, *load.player_streams]:
        if sub.transport is not None:
            sub.transport.close()
    await asyncio.sleep(3)  # webhook deliveries of the last moves
    load.counts["webhooks_received"] = receiver.received
    await receiver.close()
    totals = await audit(load, url)
    window = min(20 * 60, args.minutes * 60 * 2 / 3)
    flat = {
        key: growth(rows, key, window)
        for key in ("service_rss_mb", "service_fds", "service_tcp", "pg_connections")
    }
    totals.update(
        params={k: v for k, v in vars(args).items() if k not in ("out", "database_url", "run")},
        counts=dict(load.counts),
        errors=dict(load.errors),
        error_samples=load.samples,
        growth_over_window=flat,
        window_s=window,
        stuck_tasks=len(pending),
    )
    append({"totals": totals})
    ok = (
        not load.errors
        and not totals["audit_failed"]
        and totals["lost_events"] == 0
        and all(g is not None and g < 0.05 for g in flat.values())
    )
    print(json.dumps(totals, indent=1))
    print(f"soak {'PASSED' if ok else 'MISSED A TARGET'}: results appended to {out}")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.soak", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--interval", type=float, default=60, help="seconds between reports")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bots", type=int, default=2, help="bots per game (all five)")
    parser.add_argument("--clocked", type=int, default=4)
    parser.add_argument("--lobby", type=int, default=2)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--entrants", type=int, default=8)
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument(
        "--setting",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a setting of the service under soak (repeatable), e.g. GAMESTATE_STATE_CACHE=256",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.2,
        help="mean seconds a bot waits before each command (0: as fast as it can)",
    )
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "results" / "soak.jsonl")
    add_database_argument(parser)
    args = parser.parse_args(argv)
    args.run = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    heading(f"soak: {args.minutes} minutes, {args.workers} workers, {args.spectators} spectators")
    env = {
        "GAMESTATE_WEBHOOKS_ALLOW_LOCAL": "1",
        "GAMESTATE_RATE_PLAYERS": "100000/hour",
        "GAMESTATE_LOBBY_MAX_WAITING_PER_CALLER": "1000",
        # The clocked games run one-second turns (the default minimum is 5 s for anonymous
        # callers: an operator's bot ladder lowers it the same way).
        "GAMESTATE_MIN_TURN_SECONDS": "1",
        "GAMESTATE_CLOCKED_GAMES_PER_CALLER": "1000",
        **dict(item.split("=", 1) for item in args.setting),
    }
    with (
        bench_database(args.database_url) as url,
        serve(url, admin_key=ADMIN, workers=args.workers, extra_env=env) as base,
    ):
        return asyncio.run(soak(base, url, args, args.out))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
