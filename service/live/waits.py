"""Waiting for a seat's turn in one request (``GET /games/{id}/legal-commands?wait=S``,
docs/live.md): a waiter holds no database connection while it waits; it is woken by the commit
notifications the process's live listener hears anyway (a tap on the live hub), then reads the
seat's legal commands again, from the process's cache when it has the notified version.

Bounded: at most ``max_waiters`` in a process and ``per_caller`` per credential (the request's
Authorization header) at once; past either, the request is refused with 429. With nobody
waiting a notification costs one dictionary check.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Iterator
from typing import Any

from service.support.config import env_int_at_least
from service.support.errors import ApiError

DEFAULT_MAX_WAITERS = 2000
DEFAULT_PER_CALLER = 4
MAX_WAIT_SECONDS = 60
"""The longest ``wait`` a request may ask for (part of the API: the parameter's bound)."""


class Watch:
    """One waiter: set when a commit of its game is heard, with the newest version heard."""

    __slots__ = ("event", "version")

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.version = 0


class TurnWaits:
    def __init__(
        self, max_waiters: int = DEFAULT_MAX_WAITERS, per_caller: int = DEFAULT_PER_CALLER
    ) -> None:
        self.max_waiters = max_waiters
        self.per_caller = per_caller
        self._games: dict[uuid.UUID, set[Watch]] = {}
        self._callers: dict[str, int] = {}
        self.waiting = 0

    @classmethod
    def from_env(cls) -> TurnWaits:
        """GAMESTATE_TURN_WAITERS and GAMESTATE_TURN_WAITERS_PER_CALLER (docs/configuration.md),
        checked as Settings checks them when ``gamestate serve`` starts."""
        most = env_int_at_least("GAMESTATE_TURN_WAITERS", DEFAULT_MAX_WAITERS, 0)
        each = env_int_at_least("GAMESTATE_TURN_WAITERS_PER_CALLER", DEFAULT_PER_CALLER, 0)
        return cls(most, each)

    # -- the live hub's tap interface --------------------------------------------------------

    def notify(self, payload: str) -> None:
        if not self._games:
            return
        for line in payload.split("\n"):
            stream, _, rest = line.partition(":")
            try:
                watches = self._games.get(uuid.UUID(stream))
            except ValueError:
                continue
            if not watches:
                continue
            try:
                version = int(rest.partition(":")[0])
            except ValueError:
                continue  # not a commit line (a player notification)
            for watch in watches:
                watch.version = max(watch.version, version)
                watch.event.set()

    def committed(self, game_id: uuid.UUID, loaded: Any) -> None:
        """The game service's committed hook: a command this process committed wakes its
        waiters at once (the notification that follows may come a little later; it only
        wakes those of other processes then). ``loaded``: the game as committed."""
        watches = self._games.get(game_id)
        if not watches:
            return
        for watch in watches:
            watch.version = max(watch.version, loaded.version)
            watch.event.set()

    def wake_all(self) -> None:
        """The listener (re)connected: anything may have been missed; every waiter reads."""
        for watches in self._games.values():
            for watch in watches:
                watch.event.set()

    # -- waiting -------------------------------------------------------------------------------

    @contextlib.contextmanager
    def watch(self, game_id: uuid.UUID, caller: str) -> Iterator[Watch]:
        """A waiter on ``game_id``'s commits; ApiError 429 past a limit."""
        if self.waiting >= self.max_waiters:
            raise ApiError(
                429,
                "too_many_waiters",
                f"this process has {self.max_waiters} requests waiting for a turn; ask again"
                " shortly, or without wait",
            )
        if self._callers.get(caller, 0) >= self.per_caller:
            raise ApiError(
                429,
                "too_many_waiters",
                f"at most {self.per_caller} requests of one caller may wait for a turn at once",
            )
        watch = Watch()
        self._games.setdefault(game_id, set()).add(watch)
        self._callers[caller] = self._callers.get(caller, 0) + 1
        self.waiting += 1
        try:
            yield watch
        finally:
            self.waiting -= 1
            left = self._callers[caller] - 1
            if left:
                self._callers[caller] = left
            else:
                del self._callers[caller]
            watches = self._games[game_id]
            watches.discard(watch)
            if not watches:
                del self._games[game_id]
