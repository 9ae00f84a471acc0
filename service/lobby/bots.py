"""A lobby table's open seat filled by a bot (docs/bots.md, "Bot seats"; service/games/bots.py):
the seat is kept in the table's set-up, which dealing keeps, so the game starts with it."""

from __future__ import annotations

import dataclasses
import uuid
from typing import Any

from psycopg import AsyncConnection
from psycopg.types.json import Jsonb

from service.games.bots import bot_entry, bot_name
from service.games.model import spec_for
from service.lobby import schemas as ls
from service.support.errors import ApiError


async def seat_bot(
    conn: AsyncConnection, table: Any, request: ls.JoinGame, by_player: uuid.UUID | None
) -> tuple[Any, str]:
    """Under the table's lock, before its seat is taken: the table with the bot named in its
    set-up (the seat is the one the join takes: asked for, or the lowest open one), and the
    seat's name. Raises 403 ``lobby/bot_by_outsider`` when ``by_player`` holds no seat."""
    if by_player is not None:
        cur = await conn.execute(
            "SELECT 1 FROM seats WHERE stream_id = %s AND player_id = %s", (table.id, by_player)
        )
        if await cur.fetchone() is None:
            raise ApiError(403, "lobby/bot_by_outsider", "only a seat of the table adds a bot")
    entry = bot_entry(spec_for(table.game), request.bot, request.level, "bot")
    seat = request.seat
    if seat is None:
        cur = await conn.execute("SELECT seat FROM seats WHERE stream_id = %s", (table.id,))
        taken = {row[0] for row in await cur.fetchall()}
        reserved = table.reserved or [None] * table.seats
        free = [i for i in range(table.seats) if i not in taken and reserved[i] is None]
        if not free:
            raise ApiError(409, "lobby/table_full", "no open seat")
        seat = free[0]
    setup = dict(table.setup)
    setup["bots"] = {**setup.get("bots", {}), str(seat): entry}
    await conn.execute("UPDATE streams SET setup = %s WHERE id = %s", (Jsonb(setup), table.id))
    request.seat = seat
    return dataclasses.replace(table, setup=setup), request.name or bot_name(entry)
