"""Room in the lobby (docs/lobby.md, "Limits"): how many tables may wait, and who gives way.

Two caps bound what strangers can make the lobby hold: ``max_waiting_per_caller`` tables per
caller (a player, or a client address without a player token) and ``max_waiting`` in the
whole service. A cap that simply refuses at the top lets a few callers at their quota lock
every newcomer out (issue 31: 11 free registrations x 20 tables filled a cap of 200). So the
service-wide cap is shared fairly instead (max-min fairness): at the cap, a creation by a
caller who holds fewer tables than the largest holder minus one cancels that holder's table
nearest to its expiry and takes its place. A newcomer (no table) can therefore always open a
table unless every waiting table belongs to a different caller; a caller at the largest
count is refused (409 ``lobby/too_many_waiting``), and nobody can push anyone below their
own count. Tables also expire (``wait_seconds``), so idle ones leave by themselves."""

from __future__ import annotations

import dataclasses
import uuid

from psycopg import AsyncConnection

from service.support.errors import ApiError


@dataclasses.dataclass(frozen=True)
class LobbyLimits:
    """What a stranger can make the lobby hold (README settings table)."""

    wait_seconds: int = 3600
    """GAMESTATE_LOBBY_WAIT_SECONDS: how long a table waits by default, and at most."""
    max_waiting: int = 10_000
    """GAMESTATE_LOBBY_MAX_WAITING: waiting tables in the whole service, shared fairly."""
    max_waiting_per_caller: int = 20
    """GAMESTATE_LOBBY_MAX_WAITING_PER_CALLER: waiting tables one caller (a player, or a
    client address without a player token) may have created."""


async def expire_due(conn: AsyncConnection) -> int:
    """Cancel every table still waiting past its time; how many."""
    cur = await conn.execute(
        """
        WITH due AS (
            UPDATE lobby_tables SET open = false
            WHERE open AND expires_at <= now() RETURNING stream_id
        )
        UPDATE streams SET status = 'cancelled', updated_at = now()
        FROM due WHERE streams.id = due.stream_id AND streams.status = 'waiting'
        """
    )
    return cur.rowcount


async def cancel(conn: AsyncConnection, game_ids: list[uuid.UUID]) -> None:
    """Cancel waiting tables now, as expiry does (a status, no event: nothing was dealt)."""
    await conn.execute(
        "UPDATE lobby_tables SET open = false WHERE stream_id = ANY(%s)", (game_ids,)
    )
    await conn.execute(
        "UPDATE streams SET status = 'cancelled', updated_at = now()"
        " WHERE id = ANY(%s) AND status = 'waiting'",
        (game_ids,),
    )


async def make_room(conn: AsyncConnection, creator: str, limits: LobbyLimits) -> None:
    """Inside the creating transaction: expire what is due, refuse a table beyond the
    caller's quota, and at the service's cap make room fairly or refuse. The caller's count
    is exact (its own advisory lock); the service's may be exceeded by a few concurrent
    creations."""
    await expire_due(conn)
    await conn.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"lobby:{creator}",)
    )
    cur = await conn.execute(
        "SELECT count(*), count(*) FILTER (WHERE created_by = %s) FROM lobby_tables WHERE open",
        (creator,),
    )
    total, mine = await cur.fetchone()
    if mine >= limits.max_waiting_per_caller:
        raise ApiError(
            409,
            "lobby/too_many_waiting_for_caller",
            f"at most {limits.max_waiting_per_caller} waiting games per caller"
            " (GAMESTATE_LOBBY_MAX_WAITING_PER_CALLER)",
        )
    if total >= limits.max_waiting and not await _give_way(conn, mine):
        raise ApiError(
            409,
            "lobby/too_many_waiting",
            "the lobby is full (GAMESTATE_LOBBY_MAX_WAITING); join a waiting game instead",
        )


async def _give_way(conn: AsyncConnection, mine: int) -> bool:
    """At the cap: cancel one table of the largest holder if it holds at least two more than
    the caller (so it still holds at least as many as the caller will); whether one was."""
    cur = await conn.execute(
        "SELECT created_by, count(*) FROM lobby_tables WHERE open"
        " GROUP BY created_by ORDER BY count(*) DESC, created_by LIMIT 1"
    )
    largest = await cur.fetchone()
    if largest is None or largest[1] < mine + 2:
        return False
    # Its table nearest to expiry; one a join holds locked right now is skipped (the join
    # may be dealing it).
    cur = await conn.execute(
        "SELECT s.id FROM lobby_tables l JOIN streams s ON s.id = l.stream_id"
        " WHERE l.open AND l.created_by = %s AND s.status = 'waiting'"
        " ORDER BY l.expires_at, s.id LIMIT 1 FOR UPDATE OF s SKIP LOCKED",
        (largest[0],),
    )
    victim = await cur.fetchone()
    if victim is None:
        return False
    await cancel(conn, [victim[0]])
    return True
