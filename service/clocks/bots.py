"""The bot player (docs/bots.md, "Bot seats"): claims the pending turns of games with bot
seats from ``bot_turns`` (migration 0014), has the seat's policy decide in the process pool
(service/clocks/thinking.py), and appends the move as an ordinary command of that seat, its
metadata naming the policy, level and ``domain.bots.VERSION``.

Where it runs (``PLAYERS``): in the process itself (one process, or each command worker with
``GAMESTATE_BOT_PLAYERS=0``), or in the bot process that ``gamestate serve --workers N``
runs beside its command workers at a lower CPU priority, so that a person's command never
waits in a worker's event loop behind a bot move's claim, load and append. The command
workers then play nothing: their commits to games with bot seats wake the bot process.

Exactly once: a turn is claimed by one process under a lease, and the move is appended with
the turn's version as its expected version, so even two processes that both thought about a
turn (a lease that ran out while a slow one thought) append it once; the other's append is
refused (409) and dropped. A process killed after its claim leaves a lease that runs out,
and then any process claims the turn again; one stopped gracefully gives its turns back
first, for any process to claim at once. Learning of turns: the player's own commits to
games with bot seats wake it at once (an in-memory test of the set-up: nothing for games
without bots); a command worker's such commits wake the bot process through its announcer
(an empty NOTIFY on ``BOTS_CHANNEL`` with the commit announcements of the next 5 ms, one
statement); what it is not told of (the turns of a process that died) is found by polling
the table (one index scan), less often while nothing is found (``IDLE_BACKOFF``)."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from prometheus_client import Counter

from service.clocks.thinking import Thinkers
from service.games import schemas as s
from service.games.bots import bot_metadata, bots_of, budget_of
from service.games.commands import Attempt
from service.games.model import Loaded
from service.games.service import GameService
from service.live.hub import listen
from service.store import bot_turns
from service.store.announce import Announcer
from service.store.bot_turns import BotTurn
from service.support.errors import ApiError
from service.support.tasks import wait_event

log = logging.getLogger("gamestate.bots")

POLL_SECONDS = 0.5
LEASE_SECONDS = 30.0
"""How long a claimed turn is this process's: a process killed after its claim delays the
turn this long at most. Longer than any move's thinking (the CPU cap is far below)."""
IDLE_BACKOFF = 8
"""An idle player's poll grows, doubling, up to this many times ``poll``: it exists for what
this process is not told of (a turn of a process that died, one released to retry later),
and an idle server should not ask the table twice a second per process (issue #32 item 1).
Its own commits of games with bots, and a finished move, still wake it at once."""


def next_poll(current: float, busy: bool, poll: float) -> float:
    """The wait before the next claim: ``poll`` while turns are being played or were just
    claimed, else twice the last wait, at most ``IDLE_BACKOFF`` times ``poll``."""
    return poll if busy else min(current * 2, poll * IDLE_BACKOFF)


RETRY_SECONDS = 1.0
CPU_MS = 250.0

BOTS_CHANNEL = "gamestate_bots"
"""NOTIFY channel of the bot process's player: woken by the command workers' commits to games
with bot seats (the payload is empty: the player claims whatever is due)."""
LISTENER_NAME = "gamestate-bots"
"""The bot process's listener's ``application_name`` (``pg_stat_activity``)."""

PLAY_HERE = "here"
"""This process plays (when it runs background work): one process, or each command worker
when ``serve`` runs no bot process."""
PLAY_ELSEWHERE = "elsewhere"
"""A bot process plays: this process claims nothing, and its commits to games with bot seats
wake that process."""
BOT_PROCESS = "process"
"""This is the bot process: it plays, listening on ``BOTS_CHANNEL``, and serves no request."""
PLAYERS = (PLAY_HERE, PLAY_ELSEWHERE, BOT_PROCESS)


@dataclass(frozen=True)
class BotSettings:
    """The bot player's settings (GAMESTATE_BOT_WORKERS, _CPU_MS, _POLL_SECONDS and
    _LEASE_SECONDS, read and checked in service/support/config.py)."""

    workers: int = 1
    cpu_ms: float = CPU_MS
    poll: float = POLL_SECONDS
    lease: float = LEASE_SECONDS


MOVES = Counter(
    "gamestate_bot_moves_total",
    "Bot turns this process handled, by outcome: played (appended), dropped (another process"
    " or a person moved first, the game ended), idle (no bot to act: a person's turn), failed"
    " (tried again later)",
    ["outcome"],
)


RELEASE_TIMEOUT = 5.0
"""Seconds a stopping player spends at most giving its held turns back."""


class BotPlayer:
    def __init__(
        self,
        pool: Any,
        games: GameService,
        *,
        workers: int = 1,
        cpu_ms: float = CPU_MS,
        poll: float = POLL_SECONDS,
        lease: float = LEASE_SECONDS,
        listens: bool = False,
    ) -> None:
        self.pool = pool
        self.games = games
        self.thinkers = Thinkers(workers)
        self.cpu_ms = cpu_ms
        self.poll = poll
        self.lease = lease
        self.listens = listens
        """Woken by ``BOTS_CHANNEL`` too (the bot process: the others' commits poke it)."""
        self.name = f"bots-{os.getpid()}-{uuid.uuid4().hex[:12]}"
        """This player's name in ``claimed_by`` (with its process id, for an operator)."""
        self._slots = workers
        self.outcomes: collections.Counter[str] = collections.Counter()
        """This player's turns by outcome (as ``MOVES``)."""
        self._playing: set[asyncio.Task[None]] = set()
        self._wake = asyncio.Event()

    def committed(self, game_id: uuid.UUID, loaded: Loaded) -> None:
        """GameCommands committed hook: a move of a game with bot seats wakes the player."""
        if "bots" in loaded.stream.setup:
            self._wake.set()

    # The listener's hub (service/live/hub.py ``listen``): a poke, or a reconnect (a poke
    # may have been missed meanwhile), wakes the player.
    channels = (BOTS_CHANNEL,)

    def heard(self, channel: str, payload: str) -> None:
        self._wake.set()

    def notify(self, payload: str) -> None:
        self._wake.set()

    def wake_all(self) -> None:
        self._wake.set()

    async def run(self) -> None:
        wait = self.poll
        listener = None
        if self.listens:
            listening = listen(self.pool, self, asyncio.Event(), LISTENER_NAME, commits=False)
            listener = asyncio.create_task(listening, name="bots-listener")
        try:
            while True:
                # Cleared before the claim: a wake-up while it runs (a commit it did not
                # see) makes the next round start at once instead of being lost.
                self._wake.clear()
                claimed = 0
                try:
                    claimed = await self.claim_and_play()
                except Exception as exc:
                    log.warning("bot turns: claiming failed (%s)", exc)
                wait = next_poll(wait, claimed > 0 or bool(self._playing), self.poll)
                if await wait_event(self._wake, wait):
                    wait = self.poll
        finally:
            if listener is not None:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await listener
            for task in self._playing:
                task.cancel()
            for task in list(self._playing):
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            self.thinkers.close()
            # Else the lease runs out: only later. A stop cancels again while this task
            # runs (support/tasks.py: every 0.5 s; anyio's portal at every await), and a
            # cancelled release was lost: it runs as a task of its own, waited for through
            # those cancellations, and bounded by its own timeout.
            release = asyncio.create_task(self._release())
            while not release.done():
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(release)

    async def _release(self) -> None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(RELEASE_TIMEOUT), self.pool.connection() as conn:
                await bot_turns.release(conn, self.name)

    async def claim_and_play(self) -> int:
        """Claim as many turns as there are free thinkers and start playing them."""
        free = self._slots - len(self._playing)
        if free <= 0:
            return 0
        async with self.pool.connection() as conn:
            claimed = await bot_turns.claim(conn, self.name, free, self.lease)
        for turn in claimed:
            task = asyncio.create_task(self.play(turn), name=f"bot-{turn.stream_id}")
            self._playing.add(task)
            task.add_done_callback(self._finished)
        return len(claimed)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._playing.discard(task)
        self._wake.set()

    async def play(self, turn: BotTurn) -> None:
        try:
            outcome = await self._play(turn)
        except Exception as exc:
            outcome = "failed"
            log.warning("bot turn of game %s failed (%s); retrying", turn.stream_id, exc)
            with contextlib.suppress(Exception):
                async with self.pool.connection() as conn:
                    await bot_turns.retry_later(conn, turn, self.name, RETRY_SECONDS)
        MOVES.labels(outcome).inc()
        self.outcomes[outcome] += 1

    async def _loaded(self, turn: BotTurn) -> Loaded:
        loaded = self.games.repo.cache.get(turn.stream_id)
        if loaded is None or loaded.version < turn.version:
            async with self.pool.connection() as conn:
                loaded = await self.games.repo.load(conn, turn.stream_id)
        return loaded

    async def _play(self, turn: BotTurn) -> str:
        loaded = await self._loaded(turn)
        if loaded.version != turn.version or loaded.stream.status != "active":
            return "dropped"  # a newer move wrote the row again (or the game ended)
        spec, state = loaded.spec, loaded.state
        bots = bots_of(loaded.stream.setup)
        # A bot seat that timed out into a zombie is the kernel's to play; so is one that left.
        to_play = [
            seat
            for seat in spec.to_act(state)
            if seat in bots
            and not state.life.seats[seat].zombie
            and spec.legal_commands(state, seat)
        ]
        if not to_play:
            async with self.pool.connection() as conn:
                await bot_turns.done(conn, turn)
            return "idle"
        seat = to_play[0]
        entry = bots[seat]
        legal = spec.legal_commands(state, seat)
        # Only the seat's view and legal commands leave this process (service/clocks/thinking.py).
        view = spec.view(state, seat)
        seed = secrets.token_hex(16)
        playouts, cpu_ms = budget_of(entry["level"], self.cpu_ms)
        index = await self.thinkers.decide(
            spec.slug, entry["policy"], view, seat, legal, seed, playouts, cpu_ms
        )
        request = s.SubmitCommand(command=legal[index], expected_version=turn.version)
        attempt = Attempt(
            turn.stream_id, seat, request, None, "", None, False, bot=bot_metadata(entry, seed)
        )
        try:
            await self.games.commands.run(self.pool, attempt)
        except ApiError as refused:
            if refused.status == 409 or refused.code == "game_over":
                return "dropped"
            raise
        return "played"


def wake_bot_process(announcer: Announcer) -> Callable[[uuid.UUID, Loaded], None]:
    """The committed hook of a process whose bot turns the bot process plays (``PLAY_ELSEWHERE``):
    a commit to a game with bot seats pokes it through this process's announcer."""

    def committed(game_id: uuid.UUID, loaded: Loaded) -> None:
        if "bots" in loaded.stream.setup:
            announcer.poke(BOTS_CHANNEL)

    return committed
