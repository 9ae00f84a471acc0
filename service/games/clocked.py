"""Limits on clocked games (issue #31, item 5; docs/lifecycle.md, "Limits on clocks").

A clock makes the service act by itself: every timeout is a command nobody sent, and a game
whose seats are all zombies plays itself to its end in one batch. Three limits keep what a
caller can make the service do through clocks within what it could do by itself:

- a **minimum turn time** for every caller but the admin key (``min_turn_seconds``; a bot
  ladder configures it lower);
- a **cap on the clocked games a caller has in play** (waiting for players or running), per
  caller: a registered player (player token), else the client address;
- a **budget of timeout-driven events** per creator: a token bucket of ``events_per_minute``
  (refilled continuously, holding at most a minute's worth). A timeout of a creator's game
  fires only while the creator's bucket is positive; the events it appended are then taken
  from it, so a long batch (a zombie playout) may take it below zero, and the creator's
  timeouts wait until it has refilled. Over any stretch of time a creator's games append at
  most a minute's worth plus the rate times the stretch, plus one batch (at most the event
  cap). A deferred timeout is not lost: it fires when the bucket allows, unless the seat acted
  meanwhile.

The creator is recorded in the game's set-up (``creator``: a hash of the caller's identity,
so no address is stored with the game) when a clocked game is created by a caller. Games the
organiser creates (the admin key, tournaments) have none: no cap, no budget.

Counts of the budget are per process, like the rate limits (service/api/limits.py): with N
processes a creator's games may append up to N times the budget."""

from __future__ import annotations

import hashlib
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from psycopg import AsyncConnection

from service.games import schemas as s
from service.support.errors import ApiError

BUDGET_KEYS = 100_000
"""Creators whose bucket a process keeps before it forgets the full ones."""


@dataclass(frozen=True)
class ClockLimits:
    min_turn_seconds: float = 5.0
    """GAMESTATE_MIN_TURN_SECONDS: the shortest ``turn_seconds`` a caller other than the admin
    key may ask for (422 ``game/turn_too_short``)."""
    max_clocked_per_caller: int = 10
    """GAMESTATE_CLOCKED_GAMES_PER_CALLER: clocked games one caller may have waiting or
    running (429 ``clocked_games_limit``); 0: no cap."""
    timeout_events_per_minute: int = 600
    """GAMESTATE_TIMEOUT_EVENTS_PER_MINUTE: events timeouts may append per creator and minute
    (beyond it the creator's timeouts wait); 0: no budget."""

    def check_turn(self, clock: s.ClockRequest) -> None:
        if clock.turn_seconds < self.min_turn_seconds:
            raise ApiError(
                422,
                "game/turn_too_short",
                f"turn_seconds: at least {self.min_turn_seconds:g} (a shorter clock needs the"
                " admin key)",
            )


def owner_key(identity: str) -> str:
    """What a clocked game records as its creator: a hash of the caller's identity
    (``player:<id>``, ``address:<ip>``)."""
    return hashlib.sha256(f"clock-owner:{identity}".encode()).hexdigest()[:32]


async def admit(conn: AsyncConnection, owner: str, limits: ClockLimits) -> None:
    """Inside the creating transaction: refuse a clocked game beyond the caller's cap. The
    count is exact: creations of one caller queue on an advisory lock until the transaction
    ends. Counted: running games with a deadline in force (``game_deadlines``: a game whose
    clocks an organiser paused is not), and tables still waiting for players."""
    if limits.max_clocked_per_caller <= 0:
        return
    await conn.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"clocked:{owner}",)
    )
    cur = await conn.execute(
        """
        SELECT (SELECT count(*) FROM game_deadlines d JOIN streams g ON g.id = d.stream_id
                 WHERE g.setup->>'creator' = %(owner)s)
             + (SELECT count(*) FROM lobby_tables t JOIN streams g ON g.id = t.stream_id
                 WHERE t.open AND g.setup->>'creator' = %(owner)s)
        """,
        {"owner": owner},
    )
    row = await cur.fetchone()
    if row is not None and row[0] >= limits.max_clocked_per_caller:
        raise ApiError(
            429,
            "clocked_games_limit",
            f"at most {limits.max_clocked_per_caller} clocked games in play per caller"
            " (GAMESTATE_CLOCKED_GAMES_PER_CALLER); finish one first",
            {"Retry-After": "60"},
        )


async def record_owner(conn: AsyncConnection, game_id: uuid.UUID, owner: str) -> None:
    """Record the creator of a game made by another path than ``GameCreation`` (a lobby
    table, before it is dealt: dealing keeps its set-up)."""
    await conn.execute(
        "UPDATE streams SET setup = setup || jsonb_build_object('creator', %s::text) WHERE id = %s",
        (owner, game_id),
    )


async def owner_of(conn: AsyncConnection, game_id: uuid.UUID) -> str | None:
    cur = await conn.execute("SELECT setup->>'creator' FROM streams WHERE id = %s", (game_id,))
    row = await cur.fetchone()
    return row[0] if row is not None else None


class TimeoutBudget:
    """The per-creator token buckets of timeout-driven events (see the module docstring)."""

    def __init__(self, per_minute: int, now: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.capacity = float(per_minute)
        self._now = now
        self._buckets: dict[str, tuple[float, float]] = {}
        """Creator -> (level, when it was measured)."""

    def _level(self, owner: str, now: float) -> float:
        level, at = self._buckets.get(owner, (self.capacity, now))
        return min(self.capacity, level + (now - at) * self.rate)

    def wait(self, owner: str) -> float:
        """Seconds until the creator's timeouts may fire again (0: now)."""
        level = self._level(owner, self._now())
        return 0.0 if level >= 1 else (1 - level) / self.rate

    def charge(self, owner: str, events: int) -> None:
        now = self._now()
        self._buckets[owner] = (self._level(owner, now) - events, now)
        if len(self._buckets) > BUDGET_KEYS:
            self._buckets = {
                key: (level, at)
                for key, (level, at) in self._buckets.items()
                if self._level(key, now) < self.capacity
            }
