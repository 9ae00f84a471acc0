"""Who may seat a registered player, by id, in a new game (or a tournament).

The rule, so that nobody farms a rating with strangers' ids: the organiser (the admin key)
seats any player; a player token seats only its own player; nobody else seats a registered
player (403 ``player_seat_forbidden``). Anonymous seats (``{name}``) stay open to anyone.
A player holds at most one seat of a game (422 ``player_seated_twice``); an unknown or
revoked player cannot be seated (422 ``unknown_player``)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from psycopg import AsyncConnection

from service.players.registry import PlayerRegistry
from service.support.errors import ApiError


@dataclass(frozen=True)
class Seater:
    """Who asks to seat players: the admin, a player (its id), or nobody."""

    admin: bool = False
    player_id: uuid.UUID | None = None


async def seat_players(
    registry: PlayerRegistry,
    conn: AsyncConnection,
    player_ids: Sequence[uuid.UUID | None],
    seater: Seater,
) -> dict[int, tuple[uuid.UUID, str]]:
    """Seat index -> (player id, name) for the seats given to registered players (``None``
    entries are anonymous seats), once the seater may seat them all."""
    wanted = {i: pid for i, pid in enumerate(player_ids) if pid is not None}
    if not wanted:
        return {}
    if len(set(wanted.values())) != len(wanted):
        raise ApiError(422, "player_seated_twice", "a player can hold one seat of a game only")
    if not seater.admin:
        strangers = {pid for pid in wanted.values() if pid != seater.player_id}
        if strangers:
            raise ApiError(
                403,
                "player_seat_forbidden",
                "only the admin seats registered players; a player token seats only its own player",
            )
    names = await registry.names(conn, list(wanted.values()))
    missing = [str(pid) for pid in wanted.values() if pid not in names]
    if missing:
        raise ApiError(422, "unknown_player", f"no such player (or revoked): {', '.join(missing)}")
    return {i: (pid, names[pid]) for i, pid in wanted.items()}
