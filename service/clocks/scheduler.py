"""The scheduler task of each process (see the package docstring): learns deadlines, sleeps
until the earliest, fires it through the game service, and catches up from the database."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from typing import Any

from prometheus_client import Counter, Gauge

from domain.lifecycle.clock import due as seat_due
from service.clocks.timers import Timer, Timers
from service.games import clocked
from service.games.clocked import TimeoutBudget
from service.games.lifecycle import TooEarly
from service.games.model import Loaded, now_ms
from service.games.service import GameService
from service.live.hub import listen
from service.store import deadlines
from service.store.announce import Announcer
from service.support.tasks import wait_event

log = logging.getLogger("gamestate.clocks")

CATCH_UP = 1.0
"""Seconds between catch-up queries: the longest a deadline whose announcement was lost
(its process died right after the commit) waits beyond its grace."""
GRACE_MS = 300
"""How much later than the process that set a deadline the others fire it (a backup)."""
RETRY_MS = 1_000
"""A timeout that failed (database unavailable) is tried again this much later."""
CONCURRENCY = 8
"""Timeouts sent at once: a burst of due deadlines must leave the pool to the players."""
LISTENER_NAME = "gamestate-clocks"
SPENDING_RETRY_MS = 20
"""A timeout of a creator with another timeout in flight is tried again this much later."""
OWNERS_KEPT = 100_000
"""Games whose creator the scheduler remembers (a creator never changes)."""

TIMEOUTS = Counter(
    "gamestate_clock_timeouts_total",
    "Timeouts this process tried, by outcome: fired (appended), dropped (the seat acted in"
    " time, another process fired first, the game ended), early (this process's clock was"
    " behind: tried again), failed (the database did not answer: tried again), deferred (the"
    " game's creator had spent its timeout budget: tried again when it has refilled)",
    ["outcome"],
)
TIMERS = Gauge("gamestate_clock_timers", "Deadlines this process keeps in memory")


def next_deadline(loaded: Loaded) -> tuple[int, int] | None:
    """(due ms, seat) of the earliest deadline in force after this version, if any."""
    life = loaded.state.life
    clock = life.terms.clock
    if clock is None or life.paused or loaded.spec.is_over(loaded.state):
        return None
    best: tuple[int, int] | None = None
    for seat, seat_life in enumerate(life.seats):
        if seat_life.since_ms is not None:
            due = seat_due(life.terms, seat_life.zombie, seat_life.since_ms, seat_life.bank_ms)
            best = min(best or (due, seat), (due, seat))
    return best


def parse(line: str) -> tuple[uuid.UUID, int, tuple[int, int] | None] | None:
    """A notification line about a clocked game's deadline: (game, version, (due, seat) or
    None for no deadline); None for a line that says nothing about deadlines."""
    parts = line.split(":")
    if len(parts) < 3:
        return None
    try:
        game_id, version = uuid.UUID(parts[0]), int(parts[1])
        if len(parts) == 4:
            return game_id, version, (int(parts[2]), int(parts[3]))
    except ValueError:
        return None
    return game_id, version, None


class Scheduler:
    def __init__(
        self,
        pool: Any,
        games: GameService,
        announcer: Announcer | None,
        *,
        catch_up: float = CATCH_UP,
        grace_ms: int = GRACE_MS,
        hub: Any = None,
        budget: TimeoutBudget | None = None,
    ) -> None:
        self.pool = pool
        self.budget = budget
        """Per creator, the events its games' timeouts may append (None: no budget)."""
        self._owners: dict[uuid.UUID, str | None] = {}
        self._spending: set[str] = set()
        """Creators one of whose games' timeouts is being sent."""
        self.hub = hub
        """The process's live hub, whose listener this scheduler shares (a tap); without
        one the scheduler listens on a connection of its own."""
        self.games = games
        self.announcer = announcer
        self.catch_up_every = catch_up
        self.timers = Timers(grace_ms)
        self._wake = asyncio.Event()
        self._catch_up_now = asyncio.Event()
        self._firing: set[asyncio.Task[None]] = set()
        self._slots = asyncio.Semaphore(CONCURRENCY)
        self.ready = asyncio.Event()
        """Set once the first catch-up has run (every overdue deadline is then known)."""

    # -- learning deadlines ------------------------------------------------------------------

    def committed(self, game_id: uuid.UUID, loaded: Loaded) -> None:
        """GameCommands committed hook: this process appended ``loaded.version``."""
        if loaded.state.life.terms.clock is None:
            return
        found = self.announce(game_id, loaded)
        if found is None:
            self.timers.forget(game_id, loaded.version)
        else:
            due, seat = found
            self.timers.offer(Timer(game_id, loaded.version, seat, due, own=True))
        self._wake.set()

    def announce(self, game_id: uuid.UUID, loaded: Loaded) -> tuple[int, int] | None:
        """Tell the other processes the deadline in force after ``loaded.version``, and
        return it (due ms, seat). Also the committed hook of a process that runs no
        scheduler (the bot process, a stream worker): the others fire those deadlines,
        ``GRACE_MS`` late, as they do another process's."""
        if loaded.state.life.terms.clock is None:
            return None
        found = next_deadline(loaded)
        if self.announcer is not None:
            detail = "" if found is None else f"{found[0]}:{found[1]}"
            self.announcer.announce(game_id, loaded.version, detail)
        return found

    def notify(self, payload: str) -> None:
        """A commit notification (the listener's hub interface)."""
        changed = False
        for line in payload.split("\n"):
            parsed = parse(line)
            if parsed is None:
                continue
            game_id, version, deadline = parsed
            if deadline is None:
                self.timers.forget(game_id, version)
            else:
                changed |= self.timers.offer(
                    Timer(game_id, version, deadline[1], deadline[0], False)
                )
        if changed:
            self._wake.set()

    def wake_all(self) -> None:
        """The listener (re)connected: what was announced meanwhile may be lost."""
        self._catch_up_now.set()

    async def catch_up(self) -> int:
        """Every deadline due within the next catch-up interval or two, from the database."""
        horizon = int(2 * self.catch_up_every * 1000) + self.timers.grace_ms
        async with self.pool.connection() as conn:
            rows = await deadlines.due_before(conn, now_ms() + horizon)
        for row in rows:
            self.timers.offer(Timer(row.stream_id, row.version, row.seat, row.due_ms, False))
        if rows:
            self._wake.set()
        return len(rows)

    # -- running -----------------------------------------------------------------------------

    async def run(self) -> None:
        tasks = [
            asyncio.create_task(self._catch_up_loop(), name="clocks-catch-up"),
            asyncio.create_task(self._fire_loop(), name="clocks-fire"),
        ]
        if self.hub is not None:
            self.hub.taps.append(self)
        else:
            listening = asyncio.Event()
            listener = listen(self.pool, self, listening, LISTENER_NAME)
            tasks.append(asyncio.create_task(listener, name="clocks-listener"))
        try:
            await asyncio.gather(*tasks)
        finally:
            if self.hub is not None:
                self.hub.taps.remove(self)
            for task in [*tasks, *self._firing]:
                task.cancel()
            for task in [*tasks, *self._firing]:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _catch_up_loop(self) -> None:
        delay = self.catch_up_every
        while True:
            self._catch_up_now.clear()
            try:
                await self.catch_up()
                self.ready.set()
                delay = self.catch_up_every
            except Exception as exc:
                log.warning("clock catch-up failed (%s); retrying in %.1fs", exc, delay)
                delay = min(delay * 2, 30.0)
            await wait_event(self._catch_up_now, delay)

    async def _fire_loop(self) -> None:
        while True:
            self._wake.clear()
            now = now_ms()
            for timer in self.timers.pop_due(now):
                task = asyncio.create_task(self._fire(timer))
                self._firing.add(task)
                task.add_done_callback(self._firing.discard)
            TIMERS.set(len(self.timers))
            upcoming = self.timers.next_ms()
            wait = None if upcoming is None else max(0.0, (upcoming - now_ms()) / 1000)
            await wait_event(self._wake, wait)

    async def _owner(self, game_id: uuid.UUID) -> str | None:
        """The creator of a clocked game whose budget its timeouts spend (None: exempt)."""
        if game_id in self._owners:
            return self._owners[game_id]
        loaded = self.games.repo.cache.get(game_id)
        if loaded is not None:
            owner = loaded.stream.setup.get("creator")
        else:
            async with self.pool.connection() as conn:
                owner = await clocked.owner_of(conn, game_id)
        if len(self._owners) >= OWNERS_KEPT:
            self._owners.clear()
        self._owners[game_id] = owner
        return owner

    async def _fire(self, timer: Timer) -> None:
        owner = None
        if self.budget is not None:
            try:
                owner = await self._owner(timer.game_id)
            except Exception as exc:
                self.timers.landed(timer)
                TIMEOUTS.labels("failed").inc()
                log.warning("timeout of game %s failed (%s); retrying", timer.game_id, exc)
                self._retry(timer, RETRY_MS)
                return
            if owner is not None and owner in self._spending:
                # One timeout per creator at a time: the next sees what this one spent.
                self.timers.landed(timer)
                self._retry(timer, SPENDING_RETRY_MS)
                return
            wait = self.budget.wait(owner) if owner is not None else 0.0
            if wait > 0:
                # The creator's timeout budget is spent: this timeout waits until it has
                # refilled (docs/lifecycle.md, "Limits on clocks"); a move meanwhile drops it.
                self.timers.landed(timer)
                TIMEOUTS.labels("deferred").inc()
                self._retry(timer, max(1, int(wait * 1000) + 1))
                return
        if owner is None:
            await self._send(timer, None)
            return
        self._spending.add(owner)
        try:
            await self._send(timer, owner)
        finally:
            self._spending.discard(owner)

    async def _send(self, timer: Timer, owner: str | None) -> None:
        async with self._slots:
            try:
                answer = await self.games.lifecycle.time_out(
                    self.pool, timer.game_id, timer.seat, timer.version
                )
            except TooEarly:
                # The game's deadline is later than the one this timer knew (it cannot be
                # from the clocks: the timer and the decision read the same clock): try
                # again when it is due by this process's clock.
                self.timers.landed(timer)
                TIMEOUTS.labels("early").inc()
                self._retry(timer, max(50, timer.due_ms - now_ms() + 5))
                return
            except Exception as exc:
                self.timers.landed(timer)
                TIMEOUTS.labels("failed").inc()
                log.warning("timeout of game %s failed (%s); retrying", timer.game_id, exc)
                self._retry(timer, RETRY_MS)
                return
        self.timers.landed(timer)
        TIMEOUTS.labels("fired" if answer is not None else "dropped").inc()
        if owner is not None and answer is not None and self.budget is not None:
            self.budget.charge(owner, answer.version - timer.version)

    def _retry(self, timer: Timer, delay_ms: int) -> None:
        self.timers.offer(timer, fire_ms=now_ms() + delay_ms)
        self._wake.set()
