"""Reads of ``game_deadlines`` (migration 0006): the deadline in force of every active
clocked game, written by the database itself from each ``game.clocks_set`` event."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from psycopg import AsyncConnection


@dataclass(frozen=True)
class Deadline:
    stream_id: uuid.UUID
    version: int
    """The stream's version when the deadline was set: the timeout's expected version."""
    seat: int
    due_ms: int


async def due_before(conn: AsyncConnection, until_ms: int, limit: int = 10_000) -> list[Deadline]:
    """Deadlines due before ``until_ms``, earliest first (one index range scan, whatever the
    number of clocked games waiting further out)."""
    cur = await conn.execute(
        "SELECT stream_id, version, seat, due_at FROM game_deadlines WHERE due_at < %s"
        " ORDER BY due_at LIMIT %s",
        (until_ms, limit),
    )
    return [Deadline(*row) for row in await cur.fetchall()]


async def of_game(conn: AsyncConnection, stream_id: uuid.UUID) -> Deadline | None:
    cur = await conn.execute(
        "SELECT stream_id, version, seat, due_at FROM game_deadlines WHERE stream_id = %s",
        (stream_id,),
    )
    row = await cur.fetchone()
    return Deadline(*row) if row else None
