"""Background readers of the event log, alone: what the notification deriver and the rating
projector cost per event of games that can produce nothing (anonymous seats, as in
``bench.http_load``), in CPU of the Python process and of its PostgreSQL backend.

    python -m bench.background [--events 20000] [--steps 300] [--repeat 3]
                               [--trees .,OTHER_TREE] [--database-url URL]

One database is filled once: ``--events`` events (about 700 bytes of data each, one or two
per transaction, as commands append them) of 200 anonymous games, a tenth of them finished.
Then, for each tree in turn (interleaved, ``--repeat`` times; each tree's own code, run in a
subprocess with that tree on ``PYTHONPATH``):

- catch-up: the deriver's cursor and the projector's checkpoint back to the start, then each
  reads everything (deriver pages of 500, projector windows of its own);
- steady: ``--steps`` times, one event appended (its own transaction) and a deriver step, as
  each command of a busy process wakes it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psycopg

from bench._common import REPO, add_database_argument, bench_database, heading, table

GAMES = 200


def fill(url: str, events: int) -> None:
    """Anonymous games and their events, one or two per transaction."""
    rng = random.Random(7)
    games = [uuid.uuid4() for _ in range(GAMES)]
    finished = set(games[: GAMES // 10])
    versions = dict.fromkeys(games, 0)
    with psycopg.connect(url, autocommit=True) as conn:
        for game in games:
            conn.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                " VALUES (%s, 'game', 'azul', '1', '{\"players\": 2}', 'active')",
                (game,),
            )
            for seat in (0, 1):
                conn.execute(
                    "INSERT INTO seats (stream_id, seat, name, token_hash) VALUES (%s, %s, %s, %s)",
                    (game, seat, f"bot{seat}", uuid.uuid4().hex),
                )
        written = 0
        while written < events:
            game = rng.choice(games)
            count = rng.choice((1, 1, 2))
            command = str(uuid.uuid4())
            rows = []
            for _ in range(count):
                versions[game] += 1
                data = {
                    "type": "azul.tiles_taken",
                    "factories": [[rng.choice("rgbwk") for _ in range(4)] for _ in range(9)],
                    "lines": [[rng.randint(0, 5) for _ in range(5)] for _ in range(4)],
                    "floor": [rng.randint(0, 9) for _ in range(7)],
                }
                meta = {"seat": versions[game] % 2, "command_id": command, "command": {"x": 1}}
                rows.append((game, versions[game], json.dumps(data), json.dumps(meta)))
            with conn.transaction():
                conn.cursor().executemany(
                    "INSERT INTO events (stream_id, version, type, data, metadata, prev_hash,"
                    " hash) VALUES (%s, %s, 'azul.tiles_taken', %s, %s, '', '')",
                    rows,
                )
            written += count
        for game in finished:
            conn.execute(
                "UPDATE streams SET status = 'finished', version = %s WHERE id = %s",
                (versions[game], game),
            )
        conn.execute("VACUUM ANALYZE events")


async def measure(url: str, steps: int) -> dict[str, float]:
    """Run in the tree under test: the catch-up and steady figures of this tree's code."""
    import psutil
    from psycopg_pool import AsyncConnectionPool

    from service.games.service import GameService
    from service.notify.deriver import Deriver
    from service.players.ratings import RatingProjector
    from service.store.events import EventStore

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE notify_cursor SET tx = '0', position = 0")
        conn.execute("UPDATE projections SET tx = '0', position = 0 WHERE name = 'ratings'")
        conn.execute("DELETE FROM rated_games")
        (events,) = conn.execute("SELECT count(*) FROM events").fetchone()
    pool = AsyncConnectionPool(url, min_size=1, max_size=1, open=False, kwargs={"autocommit": True})
    await pool.open()
    try:
        async with pool.connection() as conn:
            (pid,) = await (await conn.execute("SELECT pg_backend_pid()")).fetchone()
        backend = psutil.Process(pid)

        def cpu() -> tuple[float, float]:
            times = backend.cpu_times()
            return time.process_time(), times.user + times.system

        out: dict[str, float] = {"events": events}
        deriver = Deriver(pool, GameService(EventStore(pool)))
        py0, pg0 = cpu()
        while await deriver.step():
            pass
        py1, pg1 = cpu()
        out["derive_py_us"] = (py1 - py0) / events * 1e6
        out["derive_pg_us"] = (pg1 - pg0) / events * 1e6
        projector = RatingProjector(pool)
        py0, pg0 = cpu()
        await projector.catch_up()
        py1, pg1 = cpu()
        out["ratings_py_us"] = (py1 - py0) / events * 1e6
        out["ratings_pg_us"] = (pg1 - pg0) / events * 1e6

        game = uuid.uuid4()
        with psycopg.connect(url, autocommit=True) as writer:
            writer.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                " VALUES (%s, 'game', 'azul', '1', '{}', 'active')",
                (game,),
            )
            py_total = pg_total = 0.0
            for version in range(1, steps + 1):
                writer.execute(
                    "INSERT INTO events (stream_id, version, type, data, metadata, prev_hash,"
                    " hash) VALUES (%s, %s, 'azul.tiles_taken', %s, %s, '', '')",
                    (game, version, json.dumps({"lines": list(range(60))}), "{}"),
                )
                py0, pg0 = cpu()
                await deriver.step()
                py1, pg1 = cpu()
                py_total += py1 - py0
                pg_total += pg1 - pg0
        out["step_py_us"] = py_total / steps * 1e6
        out["step_pg_us"] = pg_total / steps * 1e6
        return out
    finally:
        await pool.close()


def run_tree(tree: Path, url: str, steps: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        # This file, run by path from the tree under test (which may not have it): with
        # ``-c`` the first import path is the working directory, that tree.
        [
            sys.executable,
            "-c",
            "import runpy, sys; sys.argv[0] = 'background';"
            f" runpy.run_path({str(Path(__file__).resolve())!r}, run_name='__main__')",
            *("--measure", url, "--steps", str(steps)),
        ],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{tree}: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.background", description=__doc__)
    parser.add_argument("--events", type=int, default=20000)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--trees", default=".", help="comma-separated checkouts to compare")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    add_database_argument(parser)
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(asyncio.run(measure(args.measure, args.steps))))
        return 0
    trees = [Path(t).resolve() for t in args.trees.split(",")]
    heading(f"background readers: {args.events} events of anonymous games, {args.steps} steps")
    print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    results: dict[Path, list[dict[str, float]]] = {tree: [] for tree in trees}
    with bench_database(args.database_url) as url:
        fill(url, args.events)
        for _ in range(args.repeat):
            for tree in trees:
                results[tree].append(run_tree(tree, url, args.steps))
    keys = [
        ("derive_py_us", "deriver catch-up, Python us/event"),
        ("derive_pg_us", "deriver catch-up, PostgreSQL us/event"),
        ("ratings_py_us", "projector catch-up, Python us/event"),
        ("ratings_pg_us", "projector catch-up, PostgreSQL us/event"),
        ("step_py_us", "deriver step after 1 event, Python us"),
        ("step_pg_us", "deriver step after 1 event, PostgreSQL us"),
    ]
    rows = []
    for key, label in keys:
        row: list[object] = [label]
        for tree in trees:
            values = [r[key] for r in results[tree]]
            row.append(f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})")
        rows.append(row)
    names = [str(t.relative_to(REPO.parent)) if t.is_relative_to(REPO.parent) else str(t)
             for t in trees]  # fmt: skip
    print(table(["median (min-max)", *names], rows))
    print("load average after:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
