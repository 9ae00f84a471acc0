"""The tournament application service: what organisers and participants ask of a tournament
(create, register, commands, reads, a participant's current seat). Every command is decided on
the aggregate (``service/tournaments/streams.py``) and followed by the table runner
(``service/tournaments/tables.py``), which creates the games the command made necessary."""

from __future__ import annotations

import hashlib
import secrets
import uuid
from typing import Any

import msgspec
import psycopg
from psycopg import AsyncConnection
from psycopg.types.json import Jsonb

from domain._kernel import Command, DomainError, Rng
from domain.registry import GAMES
from domain.tournament import TOURNAMENT
from domain.tournament import commands as tc
from domain.tournament.events import TableVoided
from service.games.bots import bot_entry
from service.games.creation import clock_from
from service.games.model import token_hash
from service.games.service import GameService
from service.support import cursor
from service.support.errors import ApiError, not_found
from service.tournaments import schemas as ts
from service.tournaments.streams import AfterAppend, TournamentStreams, domain_error
from service.tournaments.tables import TableRunner

MAX_POINTS = 1_000_000


SEEDING_SCALE = 1000
"""A rating's ordinal (about -25 to 50) times this is the integer seeding rating."""


async def seeding_rating(
    conn: AsyncConnection, player_id: uuid.UUID, game: str, default: int
) -> int:
    """A registered player's rating in ``game`` as a seeding rating (``default`` unrated)."""
    row = await (
        await conn.execute(
            "SELECT ordinal FROM player_ratings WHERE player_id = %s AND game = %s",
            (player_id, game),
        )
    ).fetchone()
    return round(row[0] * SEEDING_SCALE) if row else default


BYE_BOT_FORMATS = ("swiss", "round_robin")
"""Formats whose byes a bye bot replaces: every round pairs the whole field."""


class TournamentService:
    def __init__(self, pool: Any, games: GameService, max_players: int = 256) -> None:
        self.pool = pool
        self.max_players = max_players
        """Participants a tournament takes at most (GAMESTATE_MAX_TOURNAMENT_PLAYERS): open
        registration must not let anyone grow one without bound."""
        self.games = games
        self.store = games.store
        self.streams = TournamentStreams(pool, games.store, games.repo.snapshots.every)
        self.tables = TableRunner(self.streams, games)
        self.load = self.streams.load
        self.setup = self.streams.setup

    async def list(
        self,
        conn: AsyncConnection,
        *,
        status: str | None,
        limit: int,
        offset: int = 0,
        after: str | None = None,
    ) -> ts.TournamentPage:
        streams, total = await self.store.list_streams(
            conn, kind="tournament", game=None, status=status, player=None, limit=limit,
            offset=offset, after=cursor.decode(after) if after else None,
        )  # fmt: skip
        return ts.TournamentPage(
            items=[
                ts.TournamentSummary(
                    id=st.id,
                    name=st.setup.get("name", ""),
                    game=st.game,
                    format=st.setup.get("format", ""),
                    status=st.status,
                    version=st.version,
                    created_at=st.created_at,
                    updated_at=st.updated_at,
                )
                for st in streams
            ],
            total=total,
            limit=limit,
            offset=offset,
            next=(
                cursor.encode(streams[-1].created_at, streams[-1].id)
                if len(streams) == limit
                else None
            ),
        )

    async def resource(
        self, conn: AsyncConnection, tournament_id: uuid.UUID
    ) -> ts.TournamentResource:
        loaded = await self.load(conn, tournament_id)
        stream = loaded.stream
        return ts.TournamentResource(
            id=stream.id,
            game=stream.game,
            version=stream.version,
            view=TOURNAMENT.view(loaded.state),
            created_at=stream.created_at,
            updated_at=stream.updated_at,
        )

    async def create(self, body: Any) -> uuid.UUID:
        slug = type(body).__struct_config__.tag
        spec = GAMES[slug]
        options = body.options if body.options is not None else spec.options_type()
        command = tc.CreateTournament(
            name=body.name,
            game=slug,
            format=body.format,
            game_options_json=msgspec.json.encode(msgspec.to_builtins(options)).decode(),
            min_players=spec.min_players,
            max_players=spec.max_players,
            table_size=body.table_size,
            min_table_size=body.min_table_size or 0,
            rounds=body.rounds or 0,
            placement_points=tuple(body.placement_points),
            lives=body.lives,
            advance_top_k=body.advance_top_k,
            # Rating seeding is ranked seeding on ratings filled in at registration.
            seeding="ranked" if body.seeding == "rating" else body.seeding,
            duplicate=body.duplicate,
            grand_final_reset=body.grand_final_reset,
            tiebreaks=tuple(body.tiebreaks),
            clock=clock_from(body.clock),
        )
        if any(abs(p) > MAX_POINTS for p in body.placement_points):
            raise ApiError(
                422,
                "tournament/invalid_placement_points",
                f"placement points are between 0 and {MAX_POINTS}",
            )
        bye_bot = None
        if body.bye_bot is not None:
            bye_bot = bot_entry(spec, body.bye_bot.bot, body.bye_bot.level, "bye_bot")
        seed = secrets.token_hex(32)
        try:
            events = TOURNAMENT.decide(TOURNAMENT.initial_state(), command, Rng(seed, 0))
            # The options must suit the game at the table sizes the tournament will use.
            spec.new_setup(body.table_size, options)
        except DomainError as exc:
            raise domain_error(exc) from exc
        tournament_id = uuid.uuid4()
        async with self.pool.connection() as conn, conn.transaction():
            await self.store.create_stream(
                conn,
                stream_id=tournament_id,
                kind="tournament",
                game=slug,
                rules_version=TOURNAMENT.rules_version,
                setup={
                    "name": body.name,
                    "format": body.format,
                    "open_registration": body.open_registration,
                    "table_size": body.table_size,
                    **({"bye_bot": bye_bot} if bye_bot else {}),
                    **({"seeding": "rating"} if body.seeding == "rating" else {}),
                },
                status="registration",
                seed=seed,
                seed_commitment=hashlib.sha256(seed.encode()).hexdigest(),
            )
            await self.store.append(
                conn, tournament_id, 0, self.streams.new_events(events, command, None)
            )
        return tournament_id

    async def register(self, tournament_id: uuid.UUID, body: ts.PlayerSignUp) -> ts.Registration:
        """Register a participant; a registered player (``registered_player_id``, checked by
        the caller: service/players/seating.py) once per tournament (409
        ``player_already_registered``)."""
        token = secrets.token_urlsafe(32)
        bot = None
        if body.bot is not None:
            async with self.pool.connection() as conn:
                stream = await self.store.get_stream(conn, tournament_id)
            if stream is None:
                raise not_found("tournament")
            bot = bot_entry(GAMES[stream.game], body.bot, body.level, "bot")

        async def keep_token(conn: AsyncConnection, events: tuple[Any, ...]) -> None:
            try:
                async with conn.transaction():
                    await conn.execute(
                        "INSERT INTO tournament_participants"
                        " (stream_id, player_id, token_hash, registered_player_id, bot)"
                        " VALUES (%s, %s, %s, %s, %s)",
                        (
                            tournament_id,
                            events[0].player_id,
                            token_hash(token),
                            body.registered_player_id,
                            Jsonb(bot) if bot else None,
                        ),
                    )
            except psycopg.errors.UniqueViolation as exc:
                raise ApiError(
                    409, "player_already_registered", "this player is registered already"
                ) from exc

        rating = body.rating
        if body.registered_player_id is not None:
            async with self.pool.connection() as conn:
                stream = await self.store.get_stream(conn, tournament_id)
                if stream is not None and stream.setup.get("seeding") == "rating":
                    rating = await seeding_rating(
                        conn, body.registered_player_id, stream.game, body.rating
                    )
        command = tc.RegisterPlayer(name=body.name, rating=rating)

        def unless_full(state: Any) -> Command:
            # Decided on the state the append is checked against: two registrations racing
            # for the last place cannot both get it.
            if len(state.players) >= self.max_players:
                raise ApiError(
                    409,
                    "tournament_full",
                    f"this tournament takes at most {self.max_players} participants"
                    " (GAMESTATE_MAX_TOURNAMENT_PLAYERS)",
                )
            return command

        events = await self.streams.append(tournament_id, unless_full, after=keep_token)
        await self.tables.ensure_games(tournament_id)
        return ts.Registration(
            tournament_id=tournament_id,
            player_id=events[0].player_id,
            name=events[0].name,
            token=token,
        )

    async def fill_byes(self, tournament_id: uuid.UUID) -> int:
        """Before the start, a tournament with a ``bye_bot`` whose format pairs every round
        (Swiss, round robin) gets bot entrants until its tables fill: no byes (docs/bots.md).
        The bots it gets; they are ranked like any entrant (a baseline)."""
        async with self.pool.connection() as conn:
            stream = await self.store.get_stream(conn, tournament_id)
            if stream is None or stream.status != "registration":
                return 0
            entry = stream.setup.get("bye_bot")
            if not entry or stream.setup.get("format") not in BYE_BOT_FORMATS:
                return 0
            cur = await conn.execute(
                "SELECT count(*) FROM tournament_participants WHERE stream_id = %s",
                (tournament_id,),
            )
            count = (await cur.fetchone())[0]
        size = stream.setup.get("table_size", 2)
        missing = (size - count % size) % size if count >= 2 else 0
        for i in range(missing):
            name = f"House bot {i + 1} ({entry['policy']})"
            body = ts.PlayerSignUp(name=name, bot=entry["policy"], level=entry["level"])
            await self.register(tournament_id, body)
        return missing

    async def execute(
        self,
        tournament_id: uuid.UUID,
        command: Command,
        *,
        after: AfterAppend | None = None,
        actor: str | None = None,
    ) -> tuple[Any, ...]:
        """Decide and append a client's command, then create the games it made necessary."""
        if isinstance(command, tc.StartTournament):
            await self.fill_byes(tournament_id)
        events = await self.streams.append(
            tournament_id, lambda _: command, after=after, actor=actor
        )
        await self.tables.ensure_games(tournament_id)
        if any(isinstance(event, TableVoided) for event in events):
            await self.tables.abandon_voided(tournament_id)
        return events

    async def withdraw(self, tournament_id: uuid.UUID, player_id: int, actor: str) -> None:
        """Withdraw the player, then resign their seats in the games still going: a withdrawn
        participant no longer acts anywhere, and their tables finish without them."""
        await self.execute(tournament_id, tc.WithdrawPlayer(player_id=player_id), actor=actor)
        await self.tables.resign_withdrawn(tournament_id)

    async def set_clocks(self, tournament_id: uuid.UUID, pause: bool, reason: str) -> None:
        """The director pauses (or resumes) every table's clock: recorded in the tournament,
        then carried out on each open game."""
        command = tc.PauseClocks(reason=reason) if pause else tc.ResumeClocks()
        await self.execute(tournament_id, command, actor="admin")
        await self.tables.sync_clocks(tournament_id)

    async def participant_by_player(
        self, conn: AsyncConnection, tournament_id: uuid.UUID, registered: uuid.UUID
    ) -> int | None:
        """The participant id of a registered player in a tournament, if registered."""
        row = await (
            await conn.execute(
                "SELECT player_id FROM tournament_participants"
                " WHERE stream_id = %s AND registered_player_id = %s",
                (tournament_id, registered),
            )
        ).fetchone()
        return row[0] if row else None

    async def participant(self, conn: AsyncConnection, token: str) -> tuple[uuid.UUID, int] | None:
        row = await (
            await conn.execute(
                "SELECT stream_id, player_id FROM tournament_participants WHERE token_hash = %s",
                (token_hash(token),),
            )
        ).fetchone()
        return (row[0], row[1]) if row else None

    async def my_seat(
        self, conn: AsyncConnection, tournament_id: uuid.UUID, player_id: int
    ) -> ts.MySeat:
        state = (await self.load(conn, tournament_id)).state
        view = TOURNAMENT.view(state)
        me = view.players[player_id - 1]
        if state.players[player_id - 1].withdrawn_after is not None:
            raise ApiError(
                403,
                "participant_withdrawn",
                f"{me.name} withdrew from this tournament: no seat is handed out any more, and"
                " the seats of their games still going were resigned",
            )
        answer = ts.MySeat(
            tournament_id=tournament_id, player_id=player_id, name=me.name, status=me.status
        )
        table = TOURNAMENT.current_table(state, player_id)
        if table is None:
            return answer
        answer.round, answer.table_id = table.round, table.table_id
        if table.game_id:
            seat = table.players.index(player_id)
            row = await (
                await conn.execute(
                    "SELECT token FROM tournament_game_seats WHERE game_id = %s AND seat = %s",
                    (uuid.UUID(table.game_id), seat),
                )
            ).fetchone()
            answer.game_id, answer.seat = uuid.UUID(table.game_id), seat
            # A registered player's seat has no seat token: its player token acts for it.
            answer.seat_token = row[0] if row and row[0] else None
        return answer
