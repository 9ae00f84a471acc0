"""The matchmaking queue (docs/lobby.md): ``POST /matchmaking/{game}`` with a player token.

The queue is a table in PostgreSQL (``matchmaking_tickets``), so any number of service
processes share it. Matching a queue (one game and table size) runs in a transaction that
holds the queue's advisory lock: the tickets waiting are read, grouped by rating
(service/lobby/pairing.py), each group becomes a new game with the players seated by id, and
their tickets are marked ``matched`` with the game and seat, all in that transaction. Every
enqueue runs the matcher after its own ticket is in, and every poll of a waiting ticket runs
it again (so a window that widened with the wait is used), hence the last of N concurrent
enqueuers sees every ticket committed before it and nobody is left waiting while a full table
is possible.

Why an advisory lock rather than ``SELECT ... FOR UPDATE SKIP LOCKED`` alone: two enqueuers
that each skip the other's locked ticket would each see one player and both wait, although
together they make a table. The lock serialises matching per queue only; enqueues and polls
of other queues do not wait for each other, and a matcher's work is one read and a few
inserts.

Limits: one waiting ticket per player and queue (a repeated enqueue answers with the waiting
ticket); a ticket waits at most ``ticket_seconds`` (then ``expired``); the matcher reads at
most ``MAX_BATCH`` tickets (the longest waiting) per run."""

from __future__ import annotations

import dataclasses
import uuid
from typing import Any

import psycopg
from psycopg import AsyncConnection

from domain.registry import GAMES
from service.games import schemas as s
from service.games.service import GameService
from service.lobby import schemas as ls
from service.lobby.pairing import Waiting, Window, groups
from service.support.errors import ApiError

DEFAULT_RATING = 25.0
"""A player with no rating yet in the game: openskill's default ``mu``."""
MAX_BATCH = 1000


@dataclasses.dataclass(frozen=True)
class MatchLimits:
    window: Window = dataclasses.field(default_factory=Window)
    """GAMESTATE_MATCH_WINDOW, GAMESTATE_MATCH_WINDOW_GROWTH, GAMESTATE_MATCH_WINDOW_CAP."""
    ticket_seconds: int = 600
    """GAMESTATE_MATCH_TICKET_SECONDS: how long a ticket waits before it expires."""


TICKET_COLUMNS = (
    "id, game, players, status, rating, created_at, created_at + make_interval(secs => %(ttl)s),"
    " game_id, seat, extract(epoch FROM now() - created_at)"
)


class Matchmaking:
    def __init__(
        self,
        games: GameService,
        names: Any,
        limits: MatchLimits | None = None,
    ) -> None:
        """``names(conn, ids) -> {id: name}``: the registered players' names (revoked ones
        left out), from the players registry."""
        self.games = games
        self.names = names
        self.limits = limits or MatchLimits()

    # --- the routes' operations ------------------------------------------------------------

    async def enqueue(
        self, pool: Any, game: str, player_id: uuid.UUID, request: ls.Enqueue
    ) -> tuple[ls.Ticket, bool]:
        """The player's waiting ticket (a new one, or the one it has: ``created`` False)."""
        spec = GAMES.get(game)
        if spec is None:
            raise ApiError(404, "unknown_game", f"no game '{game}'; see GET /games/types")
        players = request.players or max(spec.min_players, 2)
        if not spec.min_players <= players <= spec.max_players:
            raise ApiError(
                422,
                "player_count",
                f"{spec.title} takes {spec.min_players} to {spec.max_players} players",
            )
        async with pool.connection() as conn:
            async with conn.transaction():
                await self._lock(conn, game, players)
                await self._expire(conn, game, players)
                cur = await conn.execute(
                    "SELECT id FROM matchmaking_tickets WHERE game = %s AND players = %s"
                    " AND player_id = %s AND status = 'waiting'",
                    (game, players, player_id),
                )
                row = await cur.fetchone()
                created = row is None
                ticket_id = uuid.uuid4() if created else row[0]
                if created:
                    await conn.execute(
                        "INSERT INTO matchmaking_tickets (id, game, players, player_id, rating,"
                        " status) VALUES (%s, %s, %s, %s, %s, 'waiting')",
                        (
                            ticket_id,
                            game,
                            players,
                            player_id,
                            await self.rating(conn, player_id, game),
                        ),
                    )
                started = await self._match(conn, game, players)
            await self._started(conn, started)
            return await self._ticket(conn, game, ticket_id, player_id), created

    async def poll(
        self, pool: Any, game: str, ticket_id: uuid.UUID, player_id: uuid.UUID
    ) -> ls.Ticket:
        async with pool.connection() as conn:
            ticket = await self._ticket(conn, game, ticket_id, player_id)
            if ticket.status != "waiting":
                return ticket
            async with conn.transaction():
                await self._lock(conn, game, ticket.players)
                await self._expire(conn, game, ticket.players)
                started = await self._match(conn, game, ticket.players)
            await self._started(conn, started)
            return await self._ticket(conn, game, ticket_id, player_id)

    async def leave(
        self, pool: Any, game: str, ticket_id: uuid.UUID, player_id: uuid.UUID
    ) -> ls.Ticket:
        async with pool.connection() as conn:
            ticket = await self._ticket(conn, game, ticket_id, player_id)
            async with conn.transaction():
                await self._lock(conn, game, ticket.players)
                cur = await conn.execute(
                    "UPDATE matchmaking_tickets SET status = 'left', updated_at = now()"
                    " WHERE id = %s AND status = 'waiting' RETURNING id",
                    (ticket_id,),
                )
                left = await cur.fetchone() is not None
            ticket = await self._ticket(conn, game, ticket_id, player_id)
            if not left and ticket.status == "matched":
                raise ApiError(
                    409,
                    "matchmaking/already_matched",
                    f"the ticket was matched: game {ticket.game_id}",
                    game_id=str(ticket.game_id),
                )
            return ticket

    # --- inside the queue's lock ---------------------------------------------------------

    async def _lock(self, conn: AsyncConnection, game: str, players: int) -> None:
        await conn.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
            (f"matchmaking:{game}:{players}",),
        )

    async def _expire(self, conn: AsyncConnection, game: str, players: int) -> None:
        await conn.execute(
            "UPDATE matchmaking_tickets SET status = 'expired', updated_at = now()"
            " WHERE game = %s AND players = %s AND status = 'waiting'"
            " AND created_at <= now() - make_interval(secs => %s)",
            (game, players, self.limits.ticket_seconds),
        )

    async def _match(self, conn: AsyncConnection, game: str, players: int) -> list[uuid.UUID]:
        """Seat every table the queue can make now; the new games' ids."""
        cur = await conn.execute(
            "SELECT id, player_id, rating, extract(epoch FROM now() - created_at)::float8"
            " FROM matchmaking_tickets WHERE game = %s AND players = %s AND status = 'waiting'"
            " ORDER BY created_at, id LIMIT %s",
            (game, players, MAX_BATCH),
        )
        queue = [Waiting(*row) for row in await cur.fetchall()]
        if len(queue) < players:
            return []
        tables = groups(queue, players, self.limits.window)
        if not tables:
            return []
        names = await self.names(conn, list({w.player for t in tables for w in t}))
        started = []
        for table in tables:
            gone = [w for w in table if w.player not in names]
            if gone:
                # A revoked player's ticket leaves the queue; the others wait for the next run.
                await conn.execute(
                    "UPDATE matchmaking_tickets SET status = 'left', updated_at = now()"
                    " WHERE id = ANY(%s)",
                    ([w.ticket for w in gone],),
                )
                continue
            game_id = await self._create(conn, game, table, names)
            for seat, waiting in enumerate(table):
                await conn.execute(
                    "UPDATE matchmaking_tickets SET status = 'matched', game_id = %s, seat = %s,"
                    " updated_at = now() WHERE id = %s",
                    (game_id, seat, waiting.ticket),
                )
            started.append(game_id)
        return started

    async def _create(
        self, conn: AsyncConnection, game: str, table: list[Waiting], names: dict[uuid.UUID, str]
    ) -> uuid.UUID:
        body = s.CREATE_BODIES[game](seats=[s.SeatRequest(player_id=w.player) for w in table])
        created = await self.games.commands.create(
            conn,
            body,
            link={"matchmaking": True},
            players={i: (w.player, names[w.player]) for i, w in enumerate(table)},
        )
        return created.id

    async def _started(self, conn: AsyncConnection, started: list[uuid.UUID]) -> None:
        """After the matching transaction committed: the new games' committed hooks."""
        for game_id in started:
            await self.games.commands.created(conn, game_id)

    # --- reading ---------------------------------------------------------------------------

    async def rating(self, conn: AsyncConnection, player_id: uuid.UUID, game: str) -> float:
        """The player's rating in the game (``mu`` in ``player_ratings``, the players'
        ratings projection), or the default for a player not rated there yet, or while the
        service has no ratings."""
        try:
            # A savepoint: without the ratings table (or of another shape) the enqueue goes on.
            async with conn.transaction():
                cur = await conn.execute(
                    "SELECT mu FROM player_ratings WHERE player_id = %s AND game = %s",
                    (player_id, game),
                )
                row = await cur.fetchone()
        except (psycopg.errors.UndefinedTable, psycopg.errors.UndefinedColumn):
            return DEFAULT_RATING
        return float(row[0]) if row and row[0] is not None else DEFAULT_RATING

    async def _ticket(
        self, conn: AsyncConnection, game: str, ticket_id: uuid.UUID, player_id: uuid.UUID
    ) -> ls.Ticket:
        cur = await conn.execute(
            f"SELECT {TICKET_COLUMNS} FROM matchmaking_tickets"
            " WHERE id = %(id)s AND game = %(game)s AND player_id = %(player)s",
            {"ttl": self.limits.ticket_seconds, "id": ticket_id, "game": game, "player": player_id},
        )
        row = await cur.fetchone()
        if row is None:
            # Another player's ticket is as unknown as a ticket that never was.
            raise ApiError(404, "matchmaking/ticket_not_found", "no such ticket of this player")
        tid, tgame, players, status, rating, created_at, expires_at, game_id, seat, waited = row
        return ls.Ticket(
            id=tid,
            game=tgame,
            players=players,
            status=status,
            rating=rating,
            window=self.limits.window.of(float(waited)) if status == "waiting" else 0.0,
            created_at=created_at,
            expires_at=expires_at,
            game_id=game_id,
            seat=seat,
        )
