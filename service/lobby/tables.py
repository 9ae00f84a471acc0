"""Games with open seats (docs/lobby.md).

A game created with open seats is a stream with status ``waiting``, its secret seed and seed
commitment, the seats named at creation, and no events: nobody can see a deal that has not
happened. ``POST /games/{id}/join`` takes a seat in a transaction that holds the stream row's
lock (``SELECT ... FOR UPDATE``), so joiners of one table are served one at a time: of two
joiners for the last seat, the second finds the table full (409 ``lobby/table_full``). The
join that takes the last seat appends the set-up events in the same transaction, with the
terms' start time set then (a clock starts when the game is dealt, not when it was created:
while waiting there are no deadlines), and the status becomes the game's own.

A table still waiting at ``expires_at`` is cancelled: its status becomes ``cancelled`` (no
event: there is no stream of events to add one to, and nothing was dealt). Expiry is applied
by whichever request meets the table first (a join, the lobby view, a list of waiting games,
a creation); no timer is needed, since nothing but a request can observe it."""

from __future__ import annotations

import dataclasses
import datetime as dt
import secrets
import uuid
from typing import Any

import msgspec
from psycopg import AsyncConnection
from psycopg.types.json import Jsonb

from domain._kernel import DomainError, Rng, fold
from domain.lifecycle import Terms
from service.games import schemas as s
from service.games.creation import setup_events
from service.games.model import (
    event_out,
    now_ms,
    seed_commitment,
    setup_of,
    spec_for,
    status_of,
    token_hash,
)
from service.games.service import GameService
from service.lobby import room
from service.lobby import schemas as ls
from service.lobby.bots import seat_bot
from service.lobby.room import LobbyLimits
from service.players.registry import PlayerRegistry
from service.players.seating import Seater, seat_players
from service.store.chain import GENESIS, StoredEvent
from service.store.events import Seat
from service.support.errors import ApiError, not_found


@dataclasses.dataclass(frozen=True)
class Table:
    """A lobby table's row with its stream's, as read under the stream row's lock."""

    id: uuid.UUID
    game: str
    rules_version: str
    setup: dict[str, Any]
    status: str
    version: int
    created_at: dt.datetime
    seats: int
    expires_at: dt.datetime
    expired: bool
    reserved: list[int | None] | None
    rematch_of: uuid.UUID | None


TABLE_SQL = """
SELECT s.id, s.game, s.rules_version, s.setup, s.status, s.version, s.created_at,
    l.seats, l.expires_at, l.open AND l.expires_at <= now(), l.reserved, l.rematch_of
FROM streams s JOIN lobby_tables l ON l.stream_id = s.id WHERE s.id = %s
"""


class OpenTables:
    def __init__(
        self, games: GameService, players: PlayerRegistry, limits: LobbyLimits | None = None
    ) -> None:
        self.games = games
        self.store = games.store
        self.players = players
        self.limits = limits or LobbyLimits()

    # --- creation ----------------------------------------------------------------------

    async def create(
        self,
        conn: AsyncConnection,
        request: Any,
        *,
        creator: str,
        seater: Seater | None = None,
    ) -> s.GameCreated:
        """A game with open seats, from a create body (``seats``: a number, all open, or a
        list of ``{name}``, ``{player_id}`` and ``{open: true}``; players are seated by the
        rule of service/players/seating.py)."""
        spec = spec_for(type(request).__struct_config__.tag)
        seats = (
            [s.SeatRequest(open=True) for _ in range(request.seats)]
            if isinstance(request.seats, int)
            else request.seats
        )
        for index, seat in enumerate(seats):
            if seat.bot is not None or seat.level is not None:
                raise ApiError(
                    422, "bot/join_a_bot", f"seat {index}: a table's bot joins its open seat"
                )
            if [seat.open, seat.name is not None, seat.player_id is not None].count(True) != 1:
                raise ApiError(
                    422,
                    "seat_name_or_player",
                    f"seat {index}: one of a name, a player_id or open: true",
                )
        players = await seat_players(
            self.players, conn, [seat.player_id for seat in seats], seater or Seater()
        )
        options = request.options if request.options is not None else spec.options_type()
        seed = request.seed or secrets.token_hex(32)
        terms = self.games.commands.terms_for(spec.max_events, request.clock)
        try:
            # Checked now (options, clock, player count), dealt only when the table is full.
            spec.start(spec.new_setup(len(seats), options, terms=terms), Rng(seed, 0))
        except DomainError as exc:
            raise ApiError(422, exc.code, exc.detail) from exc
        wait = min(request.wait_seconds or self.limits.wait_seconds, self.limits.wait_seconds)
        named = [(i, seat.name) for i, seat in enumerate(seats) if seat.name is not None]
        tokens = [secrets.token_urlsafe(32) for _ in named]
        seated: list[Seat] = [
            (i, name, token_hash(token)) for (i, name), token in zip(named, tokens, strict=True)
        ]
        seated += [(i, name, None, pid) for i, (pid, name) in players.items()]
        setup = {
            "players": len(seats),
            "options": msgspec.to_builtins(options),
            "terms": msgspec.to_builtins(terms),
            # As GameCreation stores it: a practice game is never rated (docs/players.md).
            **({"rated": False} if getattr(request, "rated", None) is False else {}),
        }
        game_id = uuid.uuid4()
        async with conn.transaction():
            await room.make_room(conn, creator, self.limits)
            expires_at = await self.insert(
                conn,
                game_id=game_id,
                game=spec.slug,
                rules_version=spec.rules_version,
                setup=setup,
                seed=seed,
                seats=sorted(seated, key=lambda seat: seat[0]),
                count=len(seats),
                wait=wait,
                creator=creator,
            )
        return s.GameCreated(
            id=game_id,
            game=spec.slug,
            rules_version=spec.rules_version,
            version=0,
            seats=sorted(
                [
                    s.SeatCredential(seat=i, name=name, token=token)
                    for (i, name), token in zip(named, tokens, strict=True)
                ]
                + [
                    s.SeatCredential(seat=i, name=name, token="", player_id=pid)
                    for i, (pid, name) in players.items()
                ],
                key=lambda credential: credential.seat,
            ),
            seed_commitment=seed_commitment(seed),
            status="waiting",
            open_seats=[i for i, seat in enumerate(seats) if seat.open],
            expires_at=expires_at,
        )

    async def insert(
        self,
        conn: AsyncConnection,
        *,
        game_id: uuid.UUID,
        game: str,
        rules_version: str,
        setup: dict[str, Any],
        seed: str,
        seats: list[Seat],
        count: int,
        wait: int,
        creator: str,
        rematch_of: uuid.UUID | None = None,
        reserved: list[int | None] | None = None,
    ) -> dt.datetime:
        """The waiting stream, its seed, named seats and lobby row (in the caller's
        transaction); the time it expires."""
        await self.store.create_stream(
            conn,
            stream_id=game_id,
            kind="game",
            game=game,
            rules_version=rules_version,
            setup=setup,
            status="waiting",
            seed=seed,
            seed_commitment=seed_commitment(seed),
            seats=seats,
        )
        cur = await conn.execute(
            "INSERT INTO lobby_tables (stream_id, seats, expires_at, created_by, rematch_of,"
            " reserved) VALUES (%s, %s, now() + make_interval(secs => %s), %s, %s, %s)"
            " RETURNING expires_at",
            (
                game_id,
                count,
                wait,
                creator,
                rematch_of,
                Jsonb(reserved) if reserved is not None else None,
            ),
        )
        return (await cur.fetchone())[0]

    async def expire_due(self, conn: AsyncConnection) -> int:
        return await room.expire_due(conn)

    async def cancel(self, conn: AsyncConnection, game_ids: list[uuid.UUID]) -> None:
        await room.cancel(conn, game_ids)

    # --- reading -------------------------------------------------------------------------

    async def table(
        self, conn: AsyncConnection, game_id: uuid.UUID, *, lock: bool = False
    ) -> Table:
        cur = await conn.execute(TABLE_SQL + (" FOR UPDATE OF s" if lock else ""), (game_id,))
        row = await cur.fetchone()
        if row is None:
            if await self.store.version(conn, game_id) is None:
                raise not_found()
            raise ApiError(
                409,
                "lobby/not_open",
                "this game was created with every seat named: no seat to join",
            )
        return Table(*row)

    async def lobby_view(self, conn: AsyncConnection, game_id: uuid.UUID) -> ls.LobbyTable:
        table = await self.table(conn, game_id)
        if table.expired:
            await self.expire_due(conn)
            table = await self.table(conn, game_id)
        taken = dict(await self.store.seats(conn, game_id))
        reserved = table.reserved or [None] * table.seats
        return ls.LobbyTable(
            id=table.id,
            game=table.game,
            status=table.status,
            version=table.version,
            seats=[
                ls.LobbySeat(
                    seat=i,
                    name=taken.get(i),
                    open=i not in taken,
                    reserved=i not in taken and reserved[i] is not None,
                )
                for i in range(table.seats)
            ],
            open_seats=[i for i in range(table.seats) if i not in taken and reserved[i] is None]
            if table.status == "waiting"
            else [],
            expires_at=table.expires_at,
            created_at=table.created_at,
            rematch_of=table.rematch_of,
        )

    # --- joining -------------------------------------------------------------------------

    async def join(
        self,
        pool: Any,
        game_id: uuid.UUID,
        request: ls.JoinGame,
        *,
        player_id: uuid.UUID | None = None,
        bot_by: uuid.UUID | None = None,
    ) -> ls.Joined:
        """Take an open seat for a name (anonymous: the answer holds its token) or for a
        registered player (who acts with its player token), or fill it with a bot
        (``request.bot``: asked by a seat of the table, checked by the caller, or by the
        registered player ``bot_by``, checked here)."""
        token = None if player_id is not None else secrets.token_urlsafe(32)
        async with pool.connection() as conn:
            expired = False
            async with conn.transaction():
                table = await self.table(conn, game_id, lock=True)
                name = request.name
                if request.bot is not None:
                    table, name = await seat_bot(conn, table, request, bot_by)
                if player_id is not None:
                    # Under the table's lock: one seat per player, checked before counting.
                    cur = await conn.execute(
                        "SELECT 1 FROM seats WHERE stream_id = %s AND player_id = %s",
                        (game_id, player_id),
                    )
                    if await cur.fetchone() is not None:
                        raise ApiError(
                            409, "lobby/already_seated", "the player holds a seat of this game"
                        )
                    name = (await self.players.names(conn, [player_id])).get(player_id)
                    if name is None:
                        raise ApiError(401, "invalid_token", "the player's token was revoked")
                if name is None:
                    raise ApiError(422, "lobby/name_required", "an anonymous join needs a name")
                if table.expired:
                    # Committed before refusing: the expiry is a fact, not this request's.
                    await self.expire_due(conn)
                    expired = True
                else:
                    seat = await self._free_seat(conn, table, request.seat)
                    await conn.execute(
                        "INSERT INTO seats (stream_id, seat, name, token_hash, player_id)"
                        " VALUES (%s, %s, %s, %s, %s)",
                        (game_id, seat, name, token and token_hash(token), player_id),
                    )
                    dealt = await self.deal_if_full(conn, table)
            if expired:
                raise ApiError(409, "lobby/game_cancelled", "the game expired while waiting")
            await self.dealt(conn, game_id, dealt)
        return joined(dealt, seat, name, None if request.bot else token)

    async def _free_seat(self, conn: AsyncConnection, table: Table, wanted: int | None) -> int:
        if table.status == "cancelled":
            raise ApiError(409, "lobby/game_cancelled", "the game expired while waiting")
        if table.status != "waiting":
            raise ApiError(409, "lobby/table_full", "every seat is taken; the game has started")
        taken = {seat for seat, _ in await self.store.seats(conn, table.id)}
        reserved = table.reserved or [None] * table.seats
        free = [i for i in range(table.seats) if i not in taken and reserved[i] is None]
        if wanted is not None:
            if not 0 <= wanted < table.seats:
                raise ApiError(422, "lobby/no_such_seat", f"the game has {table.seats} seats")
            if wanted not in free:
                raise ApiError(409, "lobby/seat_taken", f"seat {wanted} is not open")
            return wanted
        if not free:
            raise ApiError(
                409, "lobby/table_full", "no open seat (the others are taken or reserved)"
            )
        return free[0]

    async def deal_if_full(self, conn: AsyncConnection, table: Table) -> Dealt | None:
        """Inside the joining transaction, under the stream row's lock: if every seat is
        taken, append the set-up events (the game starts now) and say so. A seat of a player
        revoked while the table waited is freed first: it could never act (the player's token
        is refused), so the table waits for someone else rather than deal it."""
        await conn.execute(
            "DELETE FROM seats s USING players p WHERE s.stream_id = %s AND s.player_id = p.id"
            " AND p.revoked_at IS NOT NULL",
            (table.id,),
        )
        cur = await conn.execute("SELECT count(*) FROM seats WHERE stream_id = %s", (table.id,))
        if (await cur.fetchone())[0] < table.seats:
            return None
        spec = spec_for(table.game)
        stored_setup = dict(table.setup)
        terms = msgspec.convert(stored_setup["terms"], Terms)
        terms = msgspec.structs.replace(terms, started_ms=now_ms())
        stored_setup["terms"] = msgspec.to_builtins(terms)
        setup = setup_of(spec, stored_setup, table.rules_version)
        seed_row = await self.store.seed(conn, table.id)
        assert seed_row is not None
        events = spec.start(setup, Rng(seed_row[0], 0))
        state = fold(spec, setup, events)
        status = status_of(spec, state)
        await conn.execute(
            "UPDATE streams SET setup = %s WHERE id = %s", (Jsonb(stored_setup), table.id)
        )
        await conn.execute("UPDATE lobby_tables SET open = false WHERE stream_id = %s", (table.id,))
        stored = await self.store.append_events(
            conn,
            table.id,
            0,
            setup_events(tuple(events), terms),
            prev_hash=GENESIS,
            status=status,
        )
        return Dealt(table.id, spec, tuple(events), stored, state, status)

    async def dealt(self, conn: AsyncConnection, game_id: uuid.UUID, dealt: Dealt | None) -> None:
        """After the dealing transaction committed: the game's committed hooks (its first
        deadlines), as for a game created full."""
        if dealt is not None:
            await self.games.commands.created(conn, game_id)


@dataclasses.dataclass(frozen=True)
class Dealt:
    """A table the join filled: its set-up events as stored and the state they make."""

    game_id: uuid.UUID
    spec: Any
    events: tuple[Any, ...]
    stored: list[StoredEvent]
    state: Any
    status: str


def joined(dealt: Dealt | None, seat: int, name: str | None, token: str | None) -> ls.Joined:
    """The join's answer: the set-up events as the seat sees them if it dealt the game."""
    if dealt is None:
        return ls.Joined(
            version=0, events=[], to_act=[], status="waiting", seat=seat, name=name, token=token
        )
    return ls.Joined(
        version=dealt.stored[-1].version,
        events=[
            event_out(dealt.spec, stored, event, seat, False)
            for stored, event in zip(dealt.stored, dealt.events, strict=True)
        ],
        to_act=list(dealt.spec.to_act(dealt.state)),
        status=dealt.status,
        seat=seat,
        name=name,
        token=token,
    )
