"""Where bots think: a process pool (``GAMESTATE_BOT_WORKERS`` processes), so a search never
holds the event loop, and each move is capped in CPU time (``time.process_time`` of the
worker, through ``domain.bots.Budget``).

A worker receives the seat's view and legal commands only, never the game's state: the true
state (and the game's secret seed) stay in the service process. The pool is made on first
use: a service with no bot seat starts no process. Its processes run at a lower CPU priority
(``THINKER_NICE``) than the workers that answer people, and on Linux under ``SCHED_IDLE``: they
get a core only when nothing else wants it. Even so a search beside a person's command slowed
it on a two-core box, so a search also stands aside while people's commands are in flight
(service/support/busy.py)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gc
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from domain._kernel import Rng
from domain.bots import Budget, choose
from domain.registry import load
from service.support.busy import commands_in_flight, standing_aside


def think(
    slug: str,
    policy: str,
    view: Any,
    seat: int,
    legal: list[Any],
    seed: str,
    playouts: int,
    cpu_ms: float,
) -> int:
    """In a worker: the index in ``legal`` of the command ``policy`` plays from ``view``."""
    spec = _SPECS.get(slug)
    if spec is None:
        spec = _SPECS[slug] = load((slug,))[slug]
    # CPU time, read after standing aside while people's commands are in flight.
    budget = Budget(playouts=playouts, cpu_ms=cpu_ms, clock=standing_aside(_board()))
    # No cyclic garbage collection while a move is thought about: a search makes a great
    # many objects, and a full collection in the middle of it took 100-235 ms of the move's
    # CPU on a 100 ms cap (Castles in the arena: moves of up to 410 ms; 103 ms at most
    # without). A search's objects form no cycles (the full collections found nothing to
    # free), so reference counting frees them; the collector runs again between moves.
    collecting = gc.isenabled()
    gc.disable()
    try:
        command = choose(policy, spec, view, seat, legal, Rng(seed, 0, "bot"), budget)
    finally:
        if collecting:
            gc.enable()
    return legal.index(command)


THINKER_NICE = 10
"""Added to a bot process's nice value: a person's command waits for no bot's search (the
cap is CPU time, so a lower priority delays a move but never weakens it)."""


THINKER_POLICY: int | None = getattr(os, "SCHED_IDLE", None)
"""The thinkers' scheduling policy where the platform has it (Linux)."""

PARENT_CHECK = 0.5
"""Seconds between a thinker's checks that the process that made its pool is alive."""


def start_thinker(parent: int) -> None:
    """The pool's initializer: run at a lower CPU priority than the service's workers, and
    end with ``parent``, the process that made the pool. A pool's process waits on its queue
    forever once that process is killed (kill -9 of the bot process: seen, one orphan per
    kill, holding its memory), so it watches for being re-parented instead. ``parent`` comes
    from the parent itself: one killed while this process started would be gone already."""
    with contextlib.suppress(OSError):
        os.nice(THINKER_NICE)
    # Nice 19 still takes a slice of a busy core: a person's command that wakes while a
    # search runs could wait for its slice to end. A SCHED_IDLE process is preempted at once
    # by any normal one (Linux; an unprivileged process may choose it for itself).
    if THINKER_POLICY is not None:
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, THINKER_POLICY, os.sched_param(0))

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


_BOARD: list[Callable[[], bool] | None] = []


def _board() -> Callable[[], bool] | None:
    """The service's busy board, opened once per thinker (None: none)."""
    if not _BOARD:
        _BOARD.append(commands_in_flight())
    return _BOARD[0]


_SPECS: dict[str, Any] = {}
"""A worker's games, loaded from the installed packages on first use."""


class Thinkers:
    """The pool of bot processes, made on first use and made again if a worker died."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def decide(self, *args: Any) -> int:
        if self._pool is None:
            # spawn: a fresh interpreter, not a fork of a process with an event loop, a
            # database pool and threads.
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_thinker,
                initargs=(os.getpid(),),
            )
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, think, *args)
        except concurrent.futures.process.BrokenProcessPool:
            self.close()
            raise

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # A thinker holds nothing: ended at once, not told to by the message the pool's
        # shutdown queues for it. On Python 3.11 that message sometimes never arrived (seen:
        # the bot process hanging at exit in its pool's manager thread, which waited for an
        # idle thinker waiting for it; 2 stops in 6 under tests/e2e/test_bot_process.py).
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()
