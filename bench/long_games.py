"""Long games and big tournaments: views at random versions of a 50,000-event game, the current
view and legal commands of such a game in a process that has not read it, the longest block
of the event loop meanwhile (a 1 ms ticker: the machine's noise included; and the longest
single step the loop ran, ``LoopSteps``: without it), its record and audit (time, peak
memory, the same two), and one tournament command (a registration) at 10 to 2,000
participants.

    python -m bench.long_games [--events 50000] [--games azul:2,three_kingdoms:3]
        [--views 200] [--participants 10,100,500,2000] [--commands 30] [--repeat N]
        [--compare TREE] [--database-url URL]

``--compare TREE`` runs the same measurements under another checkout's code (a worktree of
main at the base commit: ``git worktree add --detach ../base <commit>``), alternately with
this one, each in a subprocess on a fresh database.

The long game: a real game whose commands are interleaved with
organiser pauses and resumes of its clock, until it has the events asked for.

No game reaches 50,000 events by its own rules (the longest end in a few thousand, and the
event caps stop them well before), so the padding is lifecycle events, each decided by the
match like any command and appended through the event store with its chain. The game's own
commands are spread over the whole stream (one every ``pad`` pause/resume pairs; by default about 200 over the stream, as many as
a game takes), so a fold
anywhere in it meets the game's own events too. The game is created without an event cap
(its terms say ``max_events=0``), as a game created before the caps would be."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import sys
import time
import tracemalloc
import uuid
from pathlib import Path
from typing import Any

import msgspec

from bench._common import (
    REPO,
    add_database_argument,
    bench_database,
    commit_of,
    heading,
    mean,
    ms,
    percentile,
    quiet_gc,
    table,
)
from domain._kernel import Rng
from domain.lifecycle import Clock, Terms
from domain.lifecycle.commands import PauseClocks, ResumeClocks
from service.games import schemas as s
from service.games.model import encode_event, now_ms
from service.store.chain import NewEvent

APPEND_CHUNK = 1000


async def build_long_game(
    games: Any, pool: Any, slug: str, players: int, events: int, *, seed: str, pad: int = 0
) -> tuple[uuid.UUID, list[str]]:
    """A game of ``slug`` with at least ``events`` events (fewer if it ends first); its id and
    seat tokens. ``games`` is a GameService on ``pool``."""
    pad = pad or max(20, events // 250)  # about 125-250 game commands over the stream
    commands = games.commands
    commands.terms_for = lambda cap, clock: Terms(
        clock=Clock(turn_ms=86_400_000),
        started_ms=now_ms(),
        max_events=0,
    )
    body = msgspec.convert(
        {"game": slug, "seats": [{"name": f"p{i}"} for i in range(players)], "seed": seed},
        s.CreateGame,
    )
    async with pool.connection() as conn:
        created = await commands.create(conn, body)
        loaded = await games.repo.load(conn, created.id)
    game_id = created.id
    spec, state, version, last_hash = loaded.spec, loaded.state, loaded.version, loaded.last_hash
    at = state.life.clock_ms + 1000
    rng = random.Random(seed)
    pending: list[NewEvent] = []
    step = 0
    while version + len(pending) < events and not spec.is_over(state):
        step += 1
        if step % (2 * pad + 1) == 0:
            seat = rng.choice(spec.to_act(state))
            command: Any = rng.choice(spec.legal_commands(state, seat))
        else:
            seat = None
            command = PauseClocks(reason="long") if not state.life.paused else ResumeClocks()
        at += 1000
        decided = spec.decide(state, seat, command, Rng(seed, version + len(pending)), at)
        command_id = str(uuid.uuid4())
        for index, event in enumerate(decided):
            state = spec.evolve(state, event)
            metadata: dict[str, Any] = {"seat": seat, "command_id": command_id}
            if seat is None:
                metadata["actor"] = "organiser"
            if index == 0:
                metadata["command"] = msgspec.to_builtins(command)
                metadata["at"] = at
            pending.append(
                NewEvent(type(event).__struct_config__.tag, encode_event(event), metadata)
            )
        if len(pending) >= APPEND_CHUNK or spec.is_over(state) or version + len(pending) >= events:
            finished = spec.is_over(state)
            result = spec.result(state)
            async with pool.connection() as conn:
                stored = await games.store.append_events(
                    conn,
                    game_id,
                    version,
                    pending,
                    prev_hash=last_hash,
                    status="finished" if finished else "active",
                    result=msgspec.to_builtins(result) if result is not None else None,
                    reveal_seed=finished,
                )
            version, last_hash, pending = stored[-1].version, stored[-1].hash, []
    games.repo.cache.drop(game_id)
    return game_id, [seat.token for seat in created.seats]


# --- the benchmark -------------------------------------------------------------------------


class LoopLag:
    """A ticker on the event loop: how late each 1 ms sleep wakes is how long the loop was
    blocked (by a fold, a decode, anything run on it)."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task | None = None

    async def _tick(self) -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(0.001)
            self.lags.append(time.perf_counter() - started - 0.001)

    def __enter__(self) -> LoopLag:
        self._task = asyncio.get_running_loop().create_task(self._tick())
        return self

    def __exit__(self, *exc: Any) -> None:
        assert self._task is not None
        self._task.cancel()


class LoopSteps:
    """The loop's longest single synchronous step: every callback the loop runs (a task's
    step between two awaits, a timer, an I/O callback) is timed, by wrapping
    ``asyncio.Handle._run`` while this is entered (``async with``: the steps that enter and
    leave it are not counted). Unlike the ticker's lag, the time the loop sits idle between
    steps is not counted.

    A step's wall time still holds the machine's noise: the OS may preempt the loop's thread
    in the middle of it (an involuntary context switch, counted by ``getrusage``). So each step
    is also given its ``block``: its wall time if it was not preempted, else only its thread
    CPU time. Waiting for the GIL held by a worker thread is a voluntary switch: a block, which
    counts. ``top`` keeps the steps with the longest blocks, and where they ran."""

    KEEP = 5

    def __init__(self) -> None:
        # (block, wall, thread cpu, where), longest block first
        self.top: list[tuple[float, float, float, str]] = []
        self.wall = 0.0
        self._original: Any = None
        self._active = False
        self._current: tuple[str, int, float, float] | None = None

    @property
    def longest(self) -> tuple[float, float]:
        """(block, wall) of the longest step (block) and of the longest wall time, in s."""
        return (self.top[0][0] if self.top else 0.0), self.wall

    async def __aenter__(self) -> LoopSteps:
        handle = asyncio.events.Handle
        self._original = original = handle._run
        steps, clock, cpu = self, time.perf_counter, time.thread_time
        usage, thread = resource.getrusage, resource.RUSAGE_THREAD

        def timed_run(h: Any) -> None:
            steps._current = (_where(h), usage(thread).ru_nivcsw, clock(), cpu())
            try:
                original(h)
            finally:
                if steps._active:
                    steps._count(_where(h))
                steps._current = None

        handle._run = timed_run  # type: ignore[method-assign]
        await asyncio.sleep(0)  # the rest of this step is the caller's, not measured
        self._active = True
        return self

    def _count(self, end: str) -> None:
        """Counts the step running now, up to now."""
        assert self._current is not None
        where, preempted, started, cpu_started = self._current
        wall, used = time.perf_counter() - started, time.thread_time() - cpu_started
        block = wall if resource.getrusage(resource.RUSAGE_THREAD).ru_nivcsw == preempted else used
        self.wall = max(self.wall, wall)
        if len(self.top) < self.KEEP or block > self.top[-1][0]:
            self.top.append((block, wall, used, f"{where} -> {end}"))
            self.top.sort(reverse=True)
            del self.top[self.KEEP :]

    async def __aexit__(self, *exc: Any) -> None:
        # The step that leaves is the measured code's up to here (e.g. what a call frees
        # when it returns), whether or not it awaited after its last result.
        self._count("(left)")
        self._active = False
        asyncio.events.Handle._run = self._original  # type: ignore[method-assign]


_OWN = (str(REPO / "service"), str(REPO / "domain"), str(Path(__file__).resolve().parent))


def _where(handle: Any) -> str:
    """Where a step stands: for a task's step, the innermost line of this project's code in
    the coroutines it awaits; else the callback's name."""
    callback = getattr(handle, "_callback", None)
    task = getattr(callback, "__self__", None)
    if not isinstance(task, asyncio.Task):
        return getattr(callback, "__qualname__", type(callback).__name__)
    found, coro = "?", task.get_coro()
    while coro is not None:
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "ag_frame", None)
        if frame is not None and frame.f_code.co_filename.startswith(_OWN):
            found = f"{Path(frame.f_code.co_filename).stem}.{frame.f_code.co_name}:{frame.f_lineno}"
        coro = getattr(coro, "cr_await", None) or getattr(coro, "ag_await", None)
    return found


SNAPSHOT_EVERY: int | None = None
"""--snapshot-every: K for this run (None: the code's default; ignored by code without)."""


def _service(pool: Any) -> Any:
    """A fresh GameService: a process that has not read the game (no cached state, no
    in-memory checkpoints)."""
    from service.games.service import GameService
    from service.store.events import EventStore

    if SNAPSHOT_EVERY is None:
        return GameService(EventStore(pool))
    return GameService(EventStore(pool), snapshot_every=SNAPSHOT_EVERY)


async def idle_lag(seconds: float = 2.0) -> tuple[float, float, float]:
    """The ticker's lag on an idle loop: the machine's own noise (p99, max), and the longest
    step then (the ticker's own, preempted or not)."""
    async with LoopSteps() as steps:
        with LoopLag() as lag:
            await asyncio.sleep(seconds)
    return percentile(lag.lags, 99), max(lag.lags), *steps.longest


async def _drain(games: Any) -> None:
    snapshots = getattr(games.repo, "snapshots", None)
    if snapshots is not None:
        await snapshots.drain()


async def _timed(samples: list[float], coro: Any) -> Any:
    started = time.perf_counter()
    out = await coro
    samples.append(time.perf_counter() - started)
    return out


async def bench_views(pool: Any, slug: str, players: int, length: int, views: int) -> dict:
    from service.games.model import Viewer

    games = _service(pool)
    gid, _ = await build_long_game(games, pool, slug, players, length, seed="bench")
    # What a process that has played the game along would have left (snapshots, with this
    # code; nothing, before): one reader's cold load, then its snapshot writes.
    first = _service(pool)
    async with pool.connection() as conn:
        version = (await first.repo.load(conn, gid)).version
    await _drain(first)
    rng = random.Random(1)
    cold_views: list[float] = []
    warm_views: list[float] = []
    current: list[float] = []
    legal: list[float] = []
    async with LoopSteps() as steps:
        with LoopLag() as lag:
            warm = _service(pool)
            for _ in range(views):
                v = rng.randrange(1, version)
                async with pool.connection() as conn:
                    await _timed(cold_views, _service(pool).reads.view_at(conn, gid, Viewer(), v))
                    await _timed(warm_views, warm.reads.view_at(conn, gid, Viewer(), v))
            for _ in range(max(5, views // 10)):
                async with pool.connection() as conn:
                    await _timed(current, _service(pool).reads.resource(conn, gid, Viewer()))
                    seat = Viewer(game_id=gid, seat=0)
                    await _timed(legal, _service(pool).reads.legal(conn, gid, seat))
    lags = lag.lags
    return {
        "game": f"{slug}-{players}p",
        "events": version,
        "view_cold": (percentile(cold_views, 50), percentile(cold_views, 99)),
        "view_warm": (percentile(warm_views, 50), percentile(warm_views, 99)),
        "current_cold": (percentile(current, 50), percentile(current, 99)),
        "legal_cold": (percentile(legal, 50), percentile(legal, 99)),
        "lag": (percentile(lags, 99), max(lags)),
        "step": steps.longest,
        "steps": steps.top,
        "game_id": gid,
    }


async def bench_record(pool: Any, game_id: uuid.UUID) -> dict:
    """The record and the audit of the game: time, and peak Python memory (tracemalloc, in
    a second pass: it slows everything down)."""
    from service.games import records
    from service.store.events import EventStore

    store = EventStore(pool)

    async def record_bytes() -> int:
        async with pool.connection() as conn:
            streamed = getattr(records, "stream_record", None)
            if streamed is not None:
                size = 0
                async for chunk in streamed(store, conn, game_id, with_secret=False):
                    size += len(chunk)
                return size
            record, _ = await records.load_record(store, conn, game_id, with_secret=False)
            return len(msgspec.json.encode(record))

    async def audit() -> None:
        async with pool.connection() as conn:
            await records.audit_stored(store, conn, game_id)

    out: dict[str, Any] = {}
    for name, run in (("record", record_bytes), ("audit", audit)):
        started = time.perf_counter()
        async with LoopSteps() as steps:
            with LoopLag() as lag:
                size = await run()
        elapsed = time.perf_counter() - started
        tracemalloc.start()
        await run()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        lags = lag.lags or [0.0]
        out[name] = (elapsed, peak, max(lags), size, steps.longest, percentile(lags, 50))
        out[f"{name}_steps"] = steps.top
    return out


async def bench_tournaments(pool: Any, sizes: list[int], commands: int) -> list[dict]:
    """The cost of one tournament command (a registration) with ``n`` participants."""
    from domain._kernel import Rng
    from domain.tournament import TOURNAMENT
    from domain.tournament import commands as tc
    from service.tournaments import schemas as ts
    from service.tournaments.service import TournamentService

    out = []
    for size in sizes:
        games = _service(pool)
        service = TournamentService(pool, games, max_players=1_000_000)
        body = msgspec.convert(
            {"game": "azul", "name": f"bench {size}", "format": "swiss"},
            ts.CREATE_TOURNAMENT_BODIES["azul"],
        )
        tid = await service.create(body)
        # The participants, appended in bulk (as many registrations would have).
        async with pool.connection() as conn:
            loaded = await service.streams.load(conn, tid)
            seed = (await service.store.seed(conn, tid))[0]
        state, version, new = loaded.state, loaded.stream.version, []
        for index in range(size):
            command = tc.RegisterPlayer(name=f"player {index}", rating=1500)
            events = TOURNAMENT.decide(state, command, Rng(seed, version + len(new)))
            for event in events:
                state = TOURNAMENT.evolve(state, event)
            new += service.streams.new_events(events, command, None)
            if len(new) >= 500 or index == size - 1:
                async with pool.connection() as conn:
                    version = await service.store.append(conn, tid, version, new)
                new = []
        samples: list[float] = []
        service = TournamentService(pool, _service(pool), max_players=1_000_000)
        for index in range(commands + 1):
            signup = ts.PlayerSignUp(name=f"late {index}", rating=1500)
            await _timed(samples, service.register(tid, signup))
        samples = samples[1:]  # the first one is this process's cold load
        out.append(
            {
                "participants": size,
                "p50": percentile(samples, 50),
                "mean": mean(samples),
                "p99": percentile(samples, 99),
            }
        )
    return out


async def run_once(url: str, args: argparse.Namespace) -> dict:
    from psycopg_pool import AsyncConnectionPool

    pool = AsyncConnectionPool(url, min_size=2, max_size=6, open=False, kwargs={"autocommit": True})
    await pool.open()
    try:
        result: dict[str, Any] = {"views": [], "records": {}, "tournaments": []}
        result["idle_lag"] = await idle_lag()
        for case in filter(None, args.games.split(",")):
            slug, players = case.split(":")
            views = await bench_views(pool, slug, int(players), args.events, args.views)
            result["records"][views["game"]] = await bench_record(pool, views.pop("game_id"))
            result["views"].append(views)
        sizes = [int(n) for n in args.participants.split(",") if n]
        result["tournaments"] = await bench_tournaments(pool, sizes, args.commands)
        return result
    finally:
        await pool.close()


def _print(label: str, result: dict) -> None:
    print(f"\n-- {label} --", flush=True)
    idle = [*result.get("idle_lag", ()), 0.0, 0.0, 0.0, 0.0]
    print(
        f"idle loop lag p99 / max: {ms(idle[0])} / {ms(idle[1])} ms (the machine's noise);"
        f" longest step meanwhile: block {ms(idle[2])}, wall {ms(idle[3])} ms"
    )
    print(
        table(
            [
                "game",
                "events",
                "view p50/p99 (fresh process)",
                "view p50/p99 (same process)",
                "current view p50/p99 (cold)",
                "legal p50/p99 (cold)",
                "loop lag p99 / max",
                "longest step block / wall",
            ],
            [
                [
                    v["game"],
                    v["events"],
                    *(
                        f"{ms(a)} / {ms(b)}"
                        for a, b in (
                            v["view_cold"],
                            v["view_warm"],
                            v["current_cold"],
                            v["legal_cold"],
                            v["lag"],
                            v.get("step", (0.0, 0.0)),
                        )
                    ),
                ]
                for v in result["views"]
            ],
        )
    )
    print(
        table(
            [
                "game",
                "record time",
                "record peak",
                "record lag p50 / max",
                "record step block / wall",
                "audit time",
                "audit peak",
                "audit lag p50 / max",
                "audit step block / wall",
            ],
            [
                [
                    game,
                    ms(r["record"][0]),
                    f"{r['record'][1] / 1e6:.1f} MB",
                    _lag(r["record"]),
                    _step(r["record"]),
                    ms(r["audit"][0]),
                    f"{r['audit'][1] / 1e6:.1f} MB",
                    _lag(r["audit"]),
                    _step(r["audit"]),
                ]
                for game, r in result["records"].items()
            ],
        )
    )
    _print_steps(result)
    print(
        table(
            ["participants", "register p50", "mean", "p99"],
            [
                [t["participants"], ms(t["p50"]), ms(t["mean"]), ms(t["p99"])]
                for t in result["tournaments"]
            ],
        )
    )


def _lag(measured: list) -> str:
    p50 = measured[5] if len(measured) > 5 else 0.0
    return f"{ms(p50)} / {ms(measured[2])}"


def _step(measured: list) -> str:
    block, wall = measured[4] if len(measured) > 4 else (0.0, 0.0)
    return f"{ms(block)} / {ms(wall)}"


def _print_steps(result: dict) -> None:
    """The longest steps of each case and what ran in them (ms block / wall / thread CPU)."""
    cases = [(v["game"] + " views", v.get("steps", [])) for v in result["views"]]
    for game, r in result["records"].items():
        cases += [(f"{game} {name}", r.get(f"{name}_steps", [])) for name in ("record", "audit")]
    for label, top in cases:
        if top:
            listed = "; ".join(f"{ms(b)}/{ms(w)}/{ms(c)} {what}" for b, w, c, what in top[:3])
            print(f"  longest steps, {label}: {listed}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    add_database_argument(parser)
    parser.add_argument("--events", type=int, default=50_000)
    parser.add_argument("--games", default="azul:2,three_kingdoms:3")
    parser.add_argument("--views", type=int, default=200)
    parser.add_argument("--participants", default="10,100,500,2000")
    parser.add_argument("--commands", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--snapshot-every", type=int, default=None)
    parser.add_argument(
        "--compare",
        metavar="TREE",
        help="another checkout (e.g. a worktree of main at the base commit): runs there and"
        " here alternately, --repeat times each, in subprocesses",
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    global SNAPSHOT_EVERY
    SNAPSHOT_EVERY = args.snapshot_every
    quiet_gc()
    if args.compare:
        return _compare(args, argv or sys.argv[1:])
    heading(f"long games ({args.events} events) and tournaments")
    for _ in range(args.repeat):
        with bench_database(args.database_url) as url:
            result = asyncio.run(run_once(url, args))
        if args.json:
            print("JSON " + json.dumps(result), flush=True)
        else:
            _print(f"this tree ({REPO})", result)
    return 0


def _compare(args: argparse.Namespace, argv: list[str]) -> int:
    """Runs this file under each tree's code (its own ``service`` and migrations)."""
    import subprocess

    heading(f"long games ({args.events} events) and tournaments: before vs after")
    own, skip = [], False
    for arg in argv:  # this run's arguments but --compare TREE (or --compare=TREE)
        if skip or arg.startswith("--compare="):
            skip = False
        elif arg == "--compare":
            skip = True
        else:
            own.append(arg)
    trees = [("before", Path(args.compare).resolve()), ("after", REPO)]
    for round_ in range(args.repeat):
        for label, tree in trees:
            # Run as a file from the tree's top folder, so that ``domain``, ``service`` and
            # ``bench._common`` are the tree's own (the file's folder is not put on the path).
            script = (
                "import runpy, sys; path = sys.argv[1]; sys.argv = [path, *sys.argv[2:]];"
                " runpy.run_path(path, run_name='__main__')"
            )
            this = str(Path(__file__).resolve())
            command = [sys.executable, "-c", script, this, *own, "--repeat", "1", "--json"]
            env = {**os.environ, "PYTHONPATH": str(tree)}
            done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
            lines = [x for x in done.stdout.splitlines() if x.startswith("JSON ")]
            if done.returncode or not lines:
                print(done.stdout, done.stderr, file=sys.stderr)
                return 1
            result = json.loads(lines[-1][5:])
            _print(f"{label} ({tree.name} @ {commit_of(tree)}), round {round_ + 1}", result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
