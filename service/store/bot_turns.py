"""``bot_turns`` (migration 0014): the pending turns of games with bot seats, written by the
database itself from every move of such a game, and claimed by one process at a time under a
lease (docs/bots.md, "Bot seats")."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from psycopg import AsyncConnection


@dataclass(frozen=True)
class BotTurn:
    stream_id: uuid.UUID
    version: int
    """The stream's version when the turn was written: the bot's expected version."""


async def claim(
    conn: AsyncConnection, owner: str, limit: int, lease_seconds: float
) -> list[BotTurn]:
    """Claim up to ``limit`` turns nobody holds (or whose holder's lease ran out: a process
    that died after its claim), oldest lease first. Two processes never claim one row: the
    rows are locked, and another process's locked rows are skipped."""
    cur = await conn.execute(
        """
        UPDATE bot_turns t SET claimed_until = now() + make_interval(secs => %(lease)s),
            claimed_by = %(owner)s
        FROM (SELECT stream_id FROM bot_turns
              WHERE claimed_until IS NULL OR claimed_until < now()
              ORDER BY claimed_until NULLS FIRST LIMIT %(limit)s
              FOR UPDATE SKIP LOCKED) due
        WHERE t.stream_id = due.stream_id
        RETURNING t.stream_id, t.version
        """,
        {"lease": lease_seconds, "owner": owner, "limit": limit},
    )
    return [BotTurn(*row) for row in await cur.fetchall()]


async def done(conn: AsyncConnection, turn: BotTurn) -> None:
    """No bot is to act at the turn's version (a person's turn): the row goes until the next
    move writes it again. A newer version's row is left alone."""
    await conn.execute(
        "DELETE FROM bot_turns WHERE stream_id = %s AND version = %s",
        (turn.stream_id, turn.version),
    )


async def retry_later(
    conn: AsyncConnection, turn: BotTurn, owner: str, delay_seconds: float
) -> None:
    """A play that failed (the database, the pool): claimable again after ``delay_seconds``."""
    await conn.execute(
        "UPDATE bot_turns SET claimed_until = now() + make_interval(secs => %s)"
        " WHERE stream_id = %s AND version = %s AND claimed_by = %s",
        (delay_seconds, turn.stream_id, turn.version, owner),
    )


async def release(conn: AsyncConnection, owner: str) -> None:
    """A player that stops gives back the turns it holds and has not played: any process may
    claim them at once, instead of after the lease (a graceful stop in the middle of a
    thought). A turn it did play was written again by its move, with no holder."""
    await conn.execute(
        "UPDATE bot_turns SET claimed_until = NULL, claimed_by = NULL WHERE claimed_by = %s",
        (owner,),
    )
