"""The event store against raw PostgreSQL, in the same run on the same server.

    python -m bench.store [--short] [--seconds S] [--concurrency N] [--database-url URL]

Rows, each for one writer (sequential) and for N concurrent writers (default 10, the service's
default pool size):
- raw INSERT+COMMIT: one comparable row (uuid, version, type, jsonb data and metadata, two
  hashes; primary key (stream, version)) per transaction, plain psycopg, autocommit;
- raw 50-row batch: 50 such rows in one transaction (executemany), rows/s and commits/s;
- EventStore.append x1: the service's append of one event (stream row lock, hash chain,
  INSERT, NOTIFY) in its own transaction;
- EventStore.append x1, hash known: the game service's path for a hot game (it caches the
  previous hash with the state): one statement, no explicit transaction; with the NOTIFY in
  the statement (as before 2026-11-23), and announced after the commit by an announcer, as the
  service does now (service/store/announce.py). One listening connection is open throughout, as
  each service process keeps one;
- AppendBatcher x1 (group commit): the same append as the service sends it now
  (service/store/batching.py): the writers' appends wait in one queue and go out together, one
  statement and one commit per batch, on the batcher's own connection (commits/s here is
  appends/s: each writer's append committed);
- EventStore.append x50: 50 events per append.
The ratio column is each row's commits/s over the raw single-commit rate of the same writers.
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid

from psycopg import AsyncConnection
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from bench._common import (
    add_database_argument,
    bench_database,
    heading,
    ms,
    percentile,
    quiet_gc,
    table,
)
from service.store.announce import Announcer
from service.store.batching import AppendBatcher
from service.store.chain import GENESIS, NOTIFY_CHANNEL, NewEvent, canonical
from service.store.events import EventStore

RAW_TABLE = """
CREATE TABLE IF NOT EXISTS bench_raw (
    stream_id uuid NOT NULL, version bigint NOT NULL, type text NOT NULL,
    data jsonb NOT NULL, metadata jsonb NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    prev_hash text NOT NULL, hash text NOT NULL,
    PRIMARY KEY (stream_id, version))
"""
DATA = {"type": "bench.thing_done", "seat": 1, "tiles": [1, 2, 3], "points": 7}
META = {"seat": 1, "command_id": "00000000-0000-0000-0000-000000000000", "request_id": None}
HASH = "ab" * 32


def _new_event() -> NewEvent:
    return NewEvent("bench.thing_done", canonical(DATA), dict(META))


async def _run_writers(concurrency: int, seconds: float, step) -> tuple[int, list[float]]:
    """Run ``step(worker)`` in ``concurrency`` loops for ``seconds``; (commits, latencies)."""
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def loop(worker: int) -> None:
        state: dict = {}
        while time.perf_counter() < deadline:
            t0 = time.perf_counter()
            await step(worker, state)
            latencies.append(time.perf_counter() - t0)

    await asyncio.gather(*(loop(w) for w in range(concurrency)))
    return len(latencies), latencies


async def _new_stream(conn: AsyncConnection, store: EventStore) -> uuid.UUID:
    stream_id = uuid.uuid4()
    async with conn.transaction():
        await store.create_stream(
            conn,
            stream_id=stream_id,
            kind="game",
            game="bench",
            rules_version="1",
            setup={},
            status="active",
            seed="s",
        )
    return stream_id


async def _listen(url: str) -> None:
    """One listening connection that reads every notification, as each service process has."""
    async with await AsyncConnection.connect(url, autocommit=True) as conn:
        await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
        async for _ in conn.notifies():
            pass


async def run(url: str, seconds: float, concurrency: int) -> list[list[object]]:
    pool = AsyncConnectionPool(
        url, min_size=concurrency, max_size=concurrency, open=False, kwargs={"autocommit": True}
    )
    await pool.open(wait=True)
    store = EventStore(pool)
    # The service's hot path: the commit announced afterwards by the process's announcer
    # (service/store/announce.py), which is running, and heard by a listener, as in the service.
    announcer = Announcer(url)
    announced = EventStore(pool, announcer)
    tasks = [
        asyncio.create_task(announcer.run(NOTIFY_CHANNEL)),
        asyncio.create_task(_listen(url)),
    ]
    async with pool.connection() as conn:
        await conn.execute(RAW_TABLE)
    conns = [await pool.getconn() for _ in range(concurrency)]

    async def raw_single(worker: int, state: dict) -> None:
        conn = conns[worker]
        version = state["v"] = state.get("v", 0) + 1
        stream = state.setdefault("s", uuid.uuid4())
        await conn.execute(
            "INSERT INTO bench_raw (stream_id, version, type, data, metadata, prev_hash, hash)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (stream, version, "bench.thing_done", Jsonb(DATA), Jsonb(META), HASH, HASH),
        )

    async def raw_batch(worker: int, state: dict) -> None:
        conn = conns[worker]
        stream = state.setdefault("s", uuid.uuid4())
        first = state.get("v", 0)
        state["v"] = first + 50
        async with conn.transaction(), conn.cursor() as cur:
            await cur.executemany(
                "INSERT INTO bench_raw (stream_id, version, type, data, metadata, prev_hash, hash)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                [
                    (stream, first + i, "bench.thing_done", Jsonb(DATA), Jsonb(META), HASH, HASH)
                    for i in range(1, 51)
                ],
            )

    def store_append(size: int):
        async def step(worker: int, state: dict) -> None:
            conn = conns[worker]
            if "s" not in state:
                state["s"] = await _new_stream(conn, store)
                state["v"] = 0
            async with conn.transaction():
                state["v"] = await store.append(
                    conn, state["s"], state["v"], [_new_event() for _ in range(size)]
                )

        return step

    def store_append_hot(size: int, store: EventStore):
        # The game service's path for a hot game: it holds the last hash with the cached
        # state, so the append is one statement, atomic without a transaction.
        async def step(worker: int, state: dict) -> None:
            conn = conns[worker]
            if "s" not in state:
                state["s"] = await _new_stream(conn, store)
                state["v"], state["h"] = 0, None
            stored = await store.append_events(
                conn,
                state["s"],
                state["v"],
                [_new_event() for _ in range(size)],
                prev_hash=state["h"],
            )
            state["v"], state["h"] = stored[-1].version, stored[-1].hash

        return step

    # Group commit (service/store/batching.py), as each service process sends its hot appends: the
    # writers' appends wait in one queue, and each batch goes out on a connection of the
    # batcher's own small pool (the writers hold every connection of the main one).
    batch_pool = AsyncConnectionPool(
        url, min_size=1, max_size=2, open=False, kwargs={"autocommit": True}
    )
    await batch_pool.open(wait=True)
    batcher = AppendBatcher(EventStore(batch_pool, announcer))

    async def batched(worker: int, state: dict) -> None:
        if "s" not in state:
            state["s"] = await _new_stream(conns[worker], store)
            state["v"], state["h"] = 0, GENESIS
        stored = await batcher.append(state["s"], state["v"], [_new_event()], prev_hash=state["h"])
        state["v"], state["h"] = stored[-1].version, stored[-1].hash

    cases = [
        ("raw INSERT+COMMIT", raw_single, 1),
        ("raw 50-row batch", raw_batch, 50),
        ("EventStore.append x1", store_append(1), 1),
        ("EventStore.append x1, hash known, NOTIFY in it", store_append_hot(1, store), 1),
        ("EventStore.append x1, hash known, announced", store_append_hot(1, announced), 1),
        ("AppendBatcher x1 (group commit)", batched, 1),
        ("EventStore.append x50", store_append(50), 50),
    ]
    rows = []
    for writers in (1, concurrency):
        baseline = None
        for name, step, size in cases:
            commits, latencies = await _run_writers(writers, seconds, step)
            rate = commits / seconds
            baseline = baseline or rate
            rows.append(
                [
                    name,
                    writers,
                    f"{rate:,.0f}",
                    f"{rate * size:,.0f}",
                    ms(percentile(latencies, 50)),
                    ms(percentile(latencies, 99)),
                    f"{rate / baseline:.2f}",
                ]
            )
            print(f"  {name} x{writers} writers done", flush=True)
    for conn in conns:
        await pool.putconn(conn)
    for task in tasks:
        task.cancel()
    await batch_pool.close()
    await pool.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.store", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--short", action="store_true", help="2 s per case instead of 5")
    parser.add_argument("--seconds", type=float, default=None, help="duration of each case")
    parser.add_argument(
        "--concurrency", type=int, default=10, help="concurrent writers (default 10)"
    )
    add_database_argument(parser)
    args = parser.parse_args(argv)
    seconds = args.seconds or (2.0 if args.short else 5.0)
    heading(f"store: raw PostgreSQL vs EventStore.append, {seconds:g} s per case")
    with bench_database(args.database_url) as url:
        quiet_gc()
        rows = asyncio.run(run(url, seconds, args.concurrency))
    print(
        table(
            ["case", "writers", "commits/s", "events/s", "p50 ms", "p99 ms", "vs raw single"],
            rows,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


async def raw_single_rate(url: str, seconds: float, writers: int) -> float:
    """Raw INSERT+COMMIT of one comparable row per transaction: commits per second."""
    pool = AsyncConnectionPool(
        url, min_size=writers, max_size=writers, open=False, kwargs={"autocommit": True}
    )
    await pool.open(wait=True)
    async with pool.connection() as conn:
        await conn.execute(RAW_TABLE)
    conns = [await pool.getconn() for _ in range(writers)]

    async def step(worker: int, state: dict) -> None:
        version = state["v"] = state.get("v", 0) + 1
        await conns[worker].execute(
            "INSERT INTO bench_raw (stream_id, version, type, data, metadata, prev_hash, hash)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (
                state.setdefault("s", uuid.uuid4()),
                version,
                "bench.thing_done",
                Jsonb(DATA),
                Jsonb(META),
                HASH,
                HASH,
            ),
        )

    commits, _ = await _run_writers(writers, seconds, step)
    for conn in conns:
        await pool.putconn(conn)
    await pool.close()
    return commits / seconds
