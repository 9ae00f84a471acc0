"""Lifecycle commands on games: a seat resigns or rejoins, an organiser abandons a game or
pauses and resumes its clock, the clock times a seat out. Each is a command of the game's
match (``domain/lifecycle``) decided and appended exactly like a seat's command
(``GameCommands.run``), so it is recorded, hashed and re-decided by the audit like any other.

A timeout carries the version its deadline was read at as its expected version: if the seat
acted meanwhile (or another process's timeout got there first) the append is refused and the
timeout is dropped, so a deadline fires at most once however many processes try."""

from __future__ import annotations

import time
import uuid
from typing import Any

from domain.lifecycle import commands as lc
from service.games import schemas as s
from service.games.commands import Attempt, GameCommands
from service.games.model import Viewer, seat_required
from service.support.errors import ApiError

DROPPED = frozenset(
    {"stale_version", "version_conflict", "game_over", "game/not_deciding", "game/clocks_paused"}
)
"""Refusals that mean a timeout has nothing left to do: the seat acted, the game ended or
moved on, another process fired first, the clocks were paused."""


class TooEarly(Exception):
    """The deadline has not passed by this process's clock (clocks of processes differ)."""


class GameLifecycle:
    def __init__(self, commands: GameCommands) -> None:
        self.commands = commands

    async def _send(
        self,
        pool: Any,
        game_id: uuid.UUID,
        seat: int | None,
        command: Any,
        *,
        actor: str | None = None,
        expected_version: int | None = None,
        request_id: str | None = None,
    ) -> s.CommandAccepted:
        request = s.SubmitCommand(command=command, expected_version=expected_version)
        attempt = Attempt(
            game_id, seat, request, None, "", request_id, False, actor, time.perf_counter()
        )
        return await self.commands.run(pool, attempt)

    async def resign(
        self, pool: Any, game_id: uuid.UUID, viewer: Viewer, reason: str, request_id: str | None
    ) -> s.CommandAccepted:
        seat = seat_required(viewer, game_id)
        return await self._send(
            pool, game_id, seat, lc.Resign(reason=reason), request_id=request_id
        )

    async def resign_seat(
        self, pool: Any, game_id: uuid.UUID, seat: int, reason: str, actor: str
    ) -> s.CommandAccepted:
        """A seat resigned on its behalf (a tournament participant who withdrew)."""
        return await self._send(pool, game_id, seat, lc.Resign(reason=reason), actor=actor)

    async def rejoin(
        self, pool: Any, game_id: uuid.UUID, viewer: Viewer, request_id: str | None
    ) -> s.CommandAccepted:
        seat = seat_required(viewer, game_id)
        return await self._send(pool, game_id, seat, lc.Rejoin(), request_id=request_id)

    async def abandon(
        self,
        pool: Any,
        game_id: uuid.UUID,
        reason: str,
        with_result: bool,
        *,
        actor: str = "organiser",
        request_id: str | None = None,
    ) -> s.CommandAccepted:
        command = lc.Abandon(reason=reason, with_result=with_result)
        return await self._send(pool, game_id, None, command, actor=actor, request_id=request_id)

    async def pause(
        self, pool: Any, game_id: uuid.UUID, reason: str, actor: str
    ) -> s.CommandAccepted:
        return await self._send(pool, game_id, None, lc.PauseClocks(reason=reason), actor=actor)

    async def resume(self, pool: Any, game_id: uuid.UUID, actor: str) -> s.CommandAccepted:
        return await self._send(pool, game_id, None, lc.ResumeClocks(), actor=actor)

    async def time_out(
        self, pool: Any, game_id: uuid.UUID, seat: int, version: int
    ) -> s.CommandAccepted | None:
        """Fire the seat's deadline read at ``version``: the answer, or None when there was
        nothing to do any more (``DROPPED``). Raises :class:`TooEarly` when this process's
        clock says the deadline has not come yet."""
        try:
            return await self._send(
                pool, game_id, None, lc.TimeOut(seat=seat), actor="clock", expected_version=version
            )
        except ApiError as refused:
            if refused.code in DROPPED:
                return None
            if refused.code == "game/timeout_before_deadline":
                raise TooEarly(refused.detail) from None
            raise
