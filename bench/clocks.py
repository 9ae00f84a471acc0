"""The clock scheduler (service/clocks/): what waiting clocked games cost, and how late
timeouts fire.

    python -m bench.clocks [--short] [--games N] [--seconds S] [--database-url URL]

1. Creates N clocked games (default 10,000; Azul, two seats, an hour per decision) through the
   game service, in this process, with the scheduler running: it learns each deadline from the
   commit, as in the service, so its heap holds N waiting timers.
2. Measures this process's CPU for S seconds (default 10) while the N games wait: the
   scheduler sleeps until the earliest deadline and runs its catch-up query every second; the
   same is measured with no scheduler running (the event loop, the pool and the live hub's
   LISTEN connection, which the scheduler shares, as in the service), and the difference is
   the scheduler's CPU per second (``--catch-up`` changes the query's period,
   to tell its share). The catch-up query's latency is timed too.
3. Parses commit notifications as each process receives them (``stream:version:due:seat``
   lines), lines per CPU-second.
4. Creates B games (default 500) whose first deadline is 2 s away and reports how late their
   first timeout fired (recorded ``at`` minus ``deadline``), and timeouts per second.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import time
import uuid

import msgspec
from psycopg_pool import AsyncConnectionPool

from bench._common import (
    add_database_argument,
    bench_database,
    heading,
    percentile,
    quiet_gc,
    table,
)
from service.clocks.scheduler import CATCH_UP, Scheduler, parse
from service.games import schemas as s
from service.games.service import GameService
from service.live.hub import Hub, listen
from service.store import deadlines
from service.store.announce import Announcer
from service.store.batching import AppendBatcher
from service.store.chain import NOTIFY_CHANNEL
from service.store.events import EventStore


def _body(i: int, turn_seconds: float) -> object:
    return msgspec.convert(
        {
            "game": "azul",
            "seats": [{"name": f"c{i}a"}, {"name": f"c{i}b"}],
            "clock": {"turn_seconds": turn_seconds},
        },
        s.CreateGame,
    )


async def _create(pool, games: GameService, n: int, turn_seconds: float) -> list[uuid.UUID]:
    ids: list[uuid.UUID] = []

    async def worker(start: int) -> None:
        for i in range(start, n, 8):
            async with pool.connection() as conn:
                # The scheduler learns the first deadline from the creation's commit.
                created = await games.commands.create(conn, _body(i, turn_seconds))
            ids.append(created.id)

    await asyncio.gather(*(worker(k) for k in range(8)))
    return ids


async def _cpu_per_second(seconds: float) -> float:
    """This process's CPU seconds per wall second over ``seconds`` (the loop keeps running)."""
    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    return (time.process_time() - cpu) / (time.perf_counter() - wall)


async def _catch_up_latency(pool, rounds: int = 50) -> list[float]:
    took = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        async with pool.connection() as conn:
            await deadlines.due_before(conn, int(time.time() * 1000) + 2_300)
        took.append(time.perf_counter() - t0)
    return took


def _parse_rate(lines: int = 200_000) -> float:
    sample = [f"{uuid.uuid4()}:{i}:{1_700_000_000_000 + i}:{i % 2}" for i in range(1000)]
    t0 = time.process_time()
    for i in range(lines):
        parse(sample[i % 1000])
    return lines / (time.process_time() - t0)


async def run(url: str, n: int, burst: int, seconds: float, catch_up: float) -> dict:
    pool = AsyncConnectionPool(
        url, min_size=2, max_size=10, open=False, kwargs={"autocommit": True}
    )
    await pool.open()
    announcer = Announcer(url, pool.kwargs)
    announcing = asyncio.create_task(announcer.run(NOTIFY_CHANNEL))
    store = EventStore(pool, announcer)
    games = GameService(store, cache_size=1024, batcher=AppendBatcher(store))
    figures: dict = {}
    hub = Hub(15.0)
    listening = asyncio.create_task(listen(pool, hub, asyncio.Event()))
    try:
        await asyncio.sleep(1)
        figures["idle"] = await _cpu_per_second(seconds)
        scheduler = Scheduler(pool, games, announcer, catch_up=catch_up, hub=hub)
        games.commands.committed_hooks.append(scheduler.committed)
        task = asyncio.create_task(scheduler.run())
        t0 = time.perf_counter()
        await _create(pool, games, n, 3600)
        figures["create_s"] = time.perf_counter() - t0
        await asyncio.sleep(2)  # the creations' announcements and catch-ups settle
        quiet_gc()
        figures["timers"] = len(scheduler.timers)
        figures["waiting"] = await _cpu_per_second(seconds)
        figures["catch_up"] = await _catch_up_latency(pool)
        figures["parse"] = _parse_rate()
        ids = await _create(pool, games, burst, 2.0)
        await asyncio.sleep(4.5)
        figures["late"], figures["fired"] = await _lateness(pool, store, ids)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    finally:
        for task in (announcing, listening):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await pool.close()
    return figures


async def _lateness(
    pool, store: EventStore, ids: list[uuid.UUID]
) -> tuple[list[float], list[float]]:
    late, fired = [], []
    async with pool.connection() as conn:
        for game_id in ids:
            for event in await store.read(conn, game_id):
                if event.type == "game.turn_timed_out":
                    late.append((event.data["at"] - event.data["deadline"]) / 1000)
                    fired.append(event.data["at"] / 1000)
                    break
    return late, fired


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.clocks", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--short", action="store_true", help="2,000 games, 5 s")
    parser.add_argument("--games", type=int, default=None, help="waiting clocked games (10,000)")
    parser.add_argument("--burst", type=int, default=500, help="games whose deadline comes due")
    parser.add_argument("--seconds", type=float, default=None, help="measuring window (10 s)")
    parser.add_argument(
        "--catch-up", type=float, default=CATCH_UP, help="seconds between catch-up queries (1)"
    )
    add_database_argument(parser)
    args = parser.parse_args(argv)
    n = args.games or (2_000 if args.short else 10_000)
    seconds = args.seconds or (5.0 if args.short else 10.0)
    heading(f"clocks: the scheduler with {n:,} waiting clocked games")
    with bench_database(args.database_url) as url:
        f = asyncio.run(run(url, n, args.burst, seconds, args.catch_up))
    scheduler_ms = max(0.0, f["waiting"] - f["idle"]) * 1000
    catch_up = f["catch_up"]
    late = f["late"]
    spread = (max(f["fired"]) - min(f["fired"])) if len(f["fired"]) > 1 else 0.0
    print(
        f"  created {n:,} clocked games in {f['create_s']:.1f} s; timers in the heap: {f['timers']:,}"
    )
    print(
        table(
            ["measure", "value"],
            [
                ["process CPU per second, no scheduler (ms)", f"{f['idle'] * 1000:.2f}"],
                [f"process CPU per second, scheduler + {n:,} waiting (ms)", f"{f['waiting'] * 1000:.2f}"],
                ["the scheduler's CPU per second (ms)", f"{scheduler_ms:.2f}"],
                ["catch-up query p50 / p99 (ms)", f"{percentile(catch_up, 50) * 1000:.2f} / {percentile(catch_up, 99) * 1000:.2f}"],
                ["notification lines parsed per CPU-second", f"{f['parse']:,.0f}"],
                [f"{len(late)} of {args.burst} due deadlines fired, late p50 / p99 / max (ms)",
                 f"{percentile(late, 50) * 1000:.0f} / {percentile(late, 99) * 1000:.0f} / {max(late, default=0) * 1000:.0f}"],
                ["those timeouts per second (first to last)", f"{len(late) / spread:,.0f}" if spread else "-"],
            ],
        )
    )  # fmt: skip
    return 0 if len(late) == args.burst else 1


if __name__ == "__main__":
    raise SystemExit(main())
