"""Append and read latency of one game as the events table grows: 10k, 100k and 1M events
already stored in other streams (short mode: 10k and 100k).

    python -m bench.growth [--short] [--sizes 10000,100000,1000000] [--appends N]
                           [--database-url URL]

Filler streams of 1,000 events each are bulk-loaded with one INSERT ... SELECT over
generate_series per 100k events (the append-only triggers refuse only UPDATE, DELETE and
TRUNCATE; filler hashes are dummies), then VACUUM ANALYZE. At each size a fresh stream gets
``--appends`` single-event appends through ``EventStore.append`` (own transaction each), then
its whole stream and its last 10 events are read back ``--reads`` times.
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid

from psycopg_pool import AsyncConnectionPool

from bench._common import (
    add_database_argument,
    bench_database,
    heading,
    mean,
    ms,
    percentile,
    quiet_gc,
    table,
)
from service.store.chain import NewEvent, canonical
from service.store.events import EventStore

FILL = """
WITH s AS (
    INSERT INTO streams (id, kind, game, rules_version, setup, version, status)
    SELECT gen_random_uuid(), 'game', 'filler', '1', '{}', 1000, 'finished'
    FROM generate_series(1, %(streams)s)
    RETURNING id
)
INSERT INTO events (stream_id, version, type, data, metadata, prev_hash, hash)
SELECT s.id, v, 'filler.thing_done',
       jsonb_build_object('type', 'filler.thing_done', 'n', v, 'tiles', jsonb_build_array(1, 2, 3)),
       jsonb_build_object('seat', v %% 4, 'command_id', s.id::text),
       repeat('0', 64), md5(s.id::text || v)
FROM s, generate_series(1, 1000) AS v
"""


async def fill(url: str, current: int, target: int) -> int:
    import psycopg

    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        while current < target:
            chunk = min(100_000, target - current)
            await conn.execute(FILL, {"streams": chunk // 1000})
            current += chunk
        await conn.execute("VACUUM ANALYZE events")
        await conn.execute("VACUUM ANALYZE streams")
    return current


async def measure(url: str, stored: int, appends: int, reads: int) -> list[object]:
    pool = AsyncConnectionPool(url, min_size=1, max_size=2, open=False, kwargs={"autocommit": True})
    await pool.open(wait=True)
    store = EventStore(pool)
    stream_id = uuid.uuid4()
    append_times: list[float] = []
    full_reads: list[float] = []
    tail_reads: list[float] = []
    async with pool.connection() as conn:
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
        version = 0
        for n in range(appends):
            event = NewEvent(
                "bench.thing_done",
                canonical({"type": "bench.thing_done", "n": n}),
                {"seat": n % 4},
            )
            t0 = time.perf_counter()
            async with conn.transaction():
                version = await store.append(conn, stream_id, version, [event])
            append_times.append(time.perf_counter() - t0)
        for _ in range(reads):
            t0 = time.perf_counter()
            events = await store.read(conn, stream_id)
            full_reads.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await store.read(conn, stream_id, after=version - 10)
            tail_reads.append(time.perf_counter() - t0)
        assert len(events) == appends
    await pool.close()
    return [
        f"{stored:,}",
        ms(mean(append_times)),
        ms(percentile(append_times, 50)),
        ms(percentile(append_times, 99)),
        ms(percentile(full_reads, 50)),
        ms(percentile(full_reads, 99)),
        ms(percentile(tail_reads, 50)),
        ms(percentile(tail_reads, 99)),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.growth", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--short", action="store_true", help="10k and 100k only")
    parser.add_argument("--sizes", help="comma-separated filler sizes (multiples of 1000)")
    parser.add_argument("--appends", type=int, default=300, help="appends per size (default 300)")
    parser.add_argument("--reads", type=int, default=100, help="reads per size (default 100)")
    add_database_argument(parser)
    args = parser.parse_args(argv)
    if args.sizes:
        sizes = [int(s) for s in args.sizes.split(",")]
    else:
        sizes = [10_000, 100_000] if args.short else [10_000, 100_000, 1_000_000]
    heading(f"growth: one stream's latency with {', '.join(f'{s:,}' for s in sizes)} events stored")
    rows = []
    with bench_database(args.database_url) as url:
        stored = 0
        for size in sizes:
            t0 = time.perf_counter()
            stored = asyncio.run(fill(url, stored, size))
            print(
                f"  loaded {stored:,} filler events in {time.perf_counter() - t0:.1f} s", flush=True
            )
            quiet_gc()
            rows.append(asyncio.run(measure(url, stored, args.appends, args.reads)))
    print(
        table(
            [
                "stored events",
                "append mean ms",
                "append p50",
                "append p99",
                f"read {args.appends} p50",
                f"read {args.appends} p99",
                "read last 10 p50",
                "read last 10 p99",
            ],
            rows,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
