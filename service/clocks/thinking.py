"""Where bots think: a process pool (``GAMESTATE_BOT_WORKERS`` processes), so a search never
holds the event loop, and each move is capped in CPU time (``time.process_time`` of the
worker, through ``domain.bots.Budget``).

A worker receives the seat's view and legal commands only, never the game's state: the true
state (and the game's secret seed) stay in the service process. The pool is made on first
use: a service with no bot seat starts no process. Its processes run at a lower CPU priority
(``THINKER_NICE``) than the workers that answer people."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import os
import time
from typing import Any

from domain._kernel import Rng
from domain.bots import Budget, choose
from domain.registry import load


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
    budget = Budget(playouts=playouts, cpu_ms=cpu_ms, clock=time.process_time)
    command = choose(policy, spec, view, seat, legal, Rng(seed, 0, "bot"), budget)
    return legal.index(command)


THINKER_NICE = 10
"""Added to a bot process's nice value: a person's command waits for no bot's search (the
cap is CPU time, so a lower priority delays a move but never weakens it)."""


def lower_priority() -> None:
    """The pool's initializer: run at a lower CPU priority than the service's workers."""
    with contextlib.suppress(OSError):
        os.nice(THINKER_NICE)


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
                initializer=lower_priority,
            )
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, think, *args)
        except concurrent.futures.process.BrokenProcessPool:
            self.close()
            raise

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
