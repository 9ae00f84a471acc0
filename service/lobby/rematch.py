"""Rematches (docs/lobby.md): ``POST /games/{id}/rematch`` by a seat of a finished game.

The first request creates the rematch: the same game, options and clock (under the current
rules version), a fresh seed, and the seats rotated by one (the old seat 1 is the new seat 0,
so the first player changes). It is a lobby table whose seats are all reserved, each for the
seat of the finished game that will sit there; a seat takes its place with its own rematch
request, and the table is dealt when the last one does. So nobody is put into a game they did
not ask for, and nobody receives another seat's token.

Repeated requests find the same rematch (``lobby_tables.rematch_of`` is unique; creation runs
under the finished game's row lock) and answer with the same seat token: the token is derived
from the token the request was made with (HMAC-SHA256 keyed by it, over the rematch's id), so
only that seat's holder can obtain it, the service stores only its hash, and a lost answer can
be asked for again."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import uuid
from typing import Any

import msgspec

from domain.lifecycle import Terms
from service.games import clocked
from service.games.creation import clock_request
from service.games.model import Viewer, seat_required, spec_for, token_hash
from service.lobby import schemas as ls
from service.lobby.tables import OpenTables
from service.store.events import Seat
from service.support.errors import ApiError, not_found


def rematch_token(old_token: str, rematch_id: uuid.UUID) -> str:
    digest = hmac.new(old_token.encode(), f"rematch:{rematch_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()


def rotated(players: int) -> list[int]:
    """For each new seat, the old seat that sits there: rotated by one."""
    return [(seat + 1) % players for seat in range(players)]


def player_revoked(names: list[str]) -> ApiError:
    return ApiError(
        409,
        "lobby/player_revoked",
        f"no rematch: a player of this game was revoked ({', '.join(names)}) and cannot be seated",
    )


class Rematches:
    def __init__(self, tables: OpenTables) -> None:
        self.tables = tables
        self.store = tables.store

    async def rematch(
        self, pool: Any, game_id: uuid.UUID, viewer: Viewer, token: str | None
    ) -> ls.Rematch:
        old_seat = seat_required(viewer, game_id)
        assert token is not None
        by_player = viewer.player_id is not None
        async with pool.connection() as conn:
            async with conn.transaction():
                cur = await conn.execute(
                    "SELECT game, setup, status FROM streams WHERE id = %s FOR UPDATE",
                    (game_id,),
                )
                row = await cur.fetchone()
                if row is None:
                    raise not_found()
                game, setup, status = row
                if status != "finished":
                    raise ApiError(
                        409, "lobby/game_not_finished", "a rematch follows a finished game"
                    )
                cur = await conn.execute(
                    "SELECT stream_id FROM lobby_tables WHERE rematch_of = %s", (game_id,)
                )
                found = await cur.fetchone()
                revoked = await self._revoked(conn, game_id)
                if revoked and found is None:
                    raise player_revoked(revoked)
                rematch_id = found[0] if found else await self._create(conn, game_id, game, setup)
                table = await self.tables.table(conn, rematch_id, lock=True)
                refused = bool(revoked) and table.status == "waiting"
                reserved = table.reserved or []
                seat = reserved.index(old_seat)
                # A player's seat was taken when the rematch was made: it acts with its token.
                new_token = None if by_player else rematch_token(token, rematch_id)
                status, version = table.status, table.version
                dealt = None
                if refused:
                    # Its seat could never act: cancelled (committed), never dealt.
                    await self.tables.cancel(conn, [rematch_id])
                elif table.status == "waiting" and table.expired:
                    status = "cancelled"
                    await self.tables.expire_due(conn)
                elif table.status == "waiting":
                    if new_token is not None:
                        name = dict(await self.store.seats(conn, game_id))[old_seat]
                        await conn.execute(
                            "INSERT INTO seats (stream_id, seat, name, token_hash)"
                            " VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
                            (rematch_id, seat, name, token_hash(new_token)),
                        )
                    # Also when this request took no seat: a rematch of players only is full
                    # from the start.
                    dealt = await self.tables.deal_if_full(conn, table)
                    if dealt is not None:
                        status, version = dealt.status, dealt.stored[-1].version
            if refused:
                raise player_revoked(revoked)
            await self.tables.dealt(conn, rematch_id, dealt)
        return ls.Rematch(
            id=rematch_id,
            rematch_of=game_id,
            seat=seat,
            token=new_token,
            status=status,
            version=version,
        )

    async def _create(
        self, conn: Any, game_id: uuid.UUID, game: str, setup: dict[str, Any]
    ) -> uuid.UUID:
        spec = spec_for(game)
        players = setup["players"]
        old_terms = msgspec.convert(setup.get("terms") or {}, Terms)
        terms = self.tables.games.commands.terms_for(
            spec.max_events, clock_request(old_terms.clock)
        )
        owner = setup.get("creator") if terms.clock is not None else None
        if owner:
            # The same table, the same creator: its cap on clocked games holds for rematches.
            await clocked.admit(conn, owner, self.tables.games.commands.clock_limits)
        rematch_id = uuid.uuid4()
        reserved = rotated(players)
        await self.tables.insert(
            conn,
            game_id=rematch_id,
            game=spec.slug,
            rules_version=spec.rules_version,
            # The same table: options and clock; not a tournament's link, not an import.
            setup={
                "players": players,
                "options": setup.get("options") or {},
                "terms": msgspec.to_builtins(terms),
                # A practice game's rematch is practice too.
                **({"rated": False} if setup.get("rated") is False else {}),
                **({"creator": owner} if owner else {}),
            },
            seed=secrets.token_hex(32),
            seats=await self._players_seats(conn, game_id, reserved),
            count=players,
            wait=self.tables.limits.wait_seconds,
            creator=f"rematch:{game_id}",
            rematch_of=game_id,
            reserved=reserved,
        )
        return rematch_id

    async def _revoked(self, conn: Any, game_id: uuid.UUID) -> list[str]:
        """The revoked players among the finished game's seats (their names)."""
        cur = await conn.execute(
            "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id"
            " WHERE s.stream_id = %s AND p.revoked_at IS NOT NULL ORDER BY s.seat",
            (game_id,),
        )
        return [name for (name,) in await cur.fetchall()]

    async def _players_seats(
        self, conn: Any, game_id: uuid.UUID, reserved: list[int]
    ) -> list[Seat]:
        """The rematch's seats of registered players, taken at once (rotated like the rest):
        a player acts with its own token, so it need not ask to be seated."""
        cur = await conn.execute(
            "SELECT seat, name, player_id FROM seats WHERE stream_id = %s"
            " AND player_id IS NOT NULL",
            (game_id,),
        )
        held = {seat: (name, player_id) for seat, name, player_id in await cur.fetchall()}
        return [
            (new, held[old][0], None, held[old][1])
            for new, old in enumerate(reserved)
            if old in held
        ]
