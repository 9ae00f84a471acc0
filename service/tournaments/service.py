"""The application layer for tournaments, and the process manager that runs them.

A tournament is a stream (kind ``tournament``) of ``domain.tournament`` events, loaded by
folding them and changed by decide + an optimistic append, like a game. Around the
aggregate, this module does what the aggregate cannot: it creates the games of every table
that waits for one (``AttachGame``), and turns finished games into ``RecordResult``.

Both steps are idempotent, so they can be repeated by anyone at any time: a table's game is
created under a per-table advisory lock and remembered in ``tournament_games`` in the game's
own transaction (a crash before ``AttachGame`` leaves a game that is attached later, never a
second game), and a result is recorded only for an open table still playing that game. The
reconciler re-runs both steps over a tournament, at start-up and on demand, so nothing is
lost when the process dies between a commit and its follow-up.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import msgspec
from psycopg import AsyncConnection

from domain import GAMES
from domain._kernel import Command, DomainError, Result, Rng
from domain.tournament import TOURNAMENT
from domain.tournament import commands as tc
from domain.tournament.state import TableState, TournamentState, find_table
from service.games import schemas as s
from service.games.model import encode_event, token_hash
from service.games.service import GameService
from service.store.events import NewEvent, StoredEvent, Stream, VersionConflict
from service.support.errors import ApiError, not_found
from service.tournaments import schemas as ts

log = logging.getLogger("gamestate.tournaments")

MAX_RETRIES = 30
MAX_POINTS = 1_000_000

MakeCommand = Callable[[TournamentState], Command | None]
"""Builds the command from the freshly loaded state (None: nothing to do), so that a retry
after a lost race decides again on what is there now."""
AfterAppend = Callable[[AsyncConnection, tuple[Any, ...]], Awaitable[None]]


@dataclass
class LoadedTournament:
    stream: Stream
    state: TournamentState


def decode_event(stored: StoredEvent) -> Any:
    return msgspec.convert(stored.data, TOURNAMENT.event_type)


def fold(events: Any) -> TournamentState:
    state = TOURNAMENT.initial_state()
    for event in events:
        state = TOURNAMENT.evolve(state, event)
    return state


def domain_error(exc: DomainError) -> ApiError:
    return ApiError(422, exc.code, exc.detail)


class TournamentService:
    def __init__(self, pool: Any, games: GameService) -> None:
        self.pool = pool
        self.games = games
        self.store = games.store

    # -- loading -------------------------------------------------------------------------

    async def load(self, conn: AsyncConnection, tournament_id: uuid.UUID) -> LoadedTournament:
        stream = await self.store.get_stream(conn, tournament_id)
        if stream is None or stream.kind != "tournament":
            raise not_found("tournament")
        events = await self.store.read(conn, tournament_id, upto=stream.version)
        return LoadedTournament(stream, fold(decode_event(e) for e in events))

    async def list(
        self, conn: AsyncConnection, *, status: str | None, limit: int, offset: int
    ) -> ts.TournamentPage:
        streams, total = await self.store.list_streams(
            conn, kind="tournament", game=None, status=status, player=None, limit=limit,
            offset=offset,
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

    async def setup(self, conn: AsyncConnection, tournament_id: uuid.UUID) -> dict[str, Any]:
        stream = await self.store.get_stream(conn, tournament_id)
        if stream is None or stream.kind != "tournament":
            raise not_found("tournament")
        return stream.setup

    # -- commands ------------------------------------------------------------------------

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
            seeding=body.seeding,
            duplicate=body.duplicate,
            grand_final_reset=body.grand_final_reset,
            tiebreaks=tuple(body.tiebreaks),
        )
        if any(abs(p) > MAX_POINTS for p in body.placement_points):
            raise ApiError(
                422,
                "tournament/invalid_placement_points",
                f"placement points are between 0 and {MAX_POINTS}",
            )
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
                },
                status="registration",
                seed=seed,
                seed_commitment=hashlib.sha256(seed.encode()).hexdigest(),
            )
            await self.store.append(conn, tournament_id, 0, self._new_events(events, command, None))
        return tournament_id

    async def register(self, tournament_id: uuid.UUID, body: ts.PlayerSignUp) -> ts.Registration:
        token = secrets.token_urlsafe(32)

        async def keep_token(conn: AsyncConnection, events: tuple[Any, ...]) -> None:
            await conn.execute(
                "INSERT INTO tournament_participants (stream_id, player_id, token_hash)"
                " VALUES (%s, %s, %s)",
                (tournament_id, events[0].player_id, token_hash(token)),
            )

        command = tc.RegisterPlayer(name=body.name, rating=body.rating)
        events = await self.execute(tournament_id, command, after=keep_token)
        return ts.Registration(
            tournament_id=tournament_id,
            player_id=events[0].player_id,
            name=events[0].name,
            token=token,
        )

    async def execute(
        self,
        tournament_id: uuid.UUID,
        command: Command,
        *,
        after: AfterAppend | None = None,
        actor: str | None = None,
    ) -> tuple[Any, ...]:
        """Decide and append a client's command, then create the games it made necessary."""
        events = await self.append(tournament_id, lambda _: command, after=after, actor=actor)
        await self.ensure_games(tournament_id)
        return events

    async def append(
        self,
        tournament_id: uuid.UUID,
        make: MakeCommand,
        *,
        after: AfterAppend | None = None,
        actor: str | None = None,
    ) -> tuple[Any, ...]:
        """Load, decide, append; on a lost race, again from the new state. Returns the
        events appended (none when ``make`` found nothing to do)."""
        for attempt in range(MAX_RETRIES):
            try:
                async with self.pool.connection() as conn, conn.transaction():
                    return await self._append_once(conn, tournament_id, make, after, actor)
            except VersionConflict:
                await asyncio.sleep(0.002 * (attempt + 1))
        raise ApiError(409, "version_conflict", "the tournament kept changing; try again")

    async def _append_once(
        self,
        conn: AsyncConnection,
        tournament_id: uuid.UUID,
        make: MakeCommand,
        after: AfterAppend | None,
        actor: str | None,
    ) -> tuple[Any, ...]:
        loaded = await self.load(conn, tournament_id)
        command = make(loaded.state)
        if command is None:
            return ()
        version = loaded.stream.version
        seed_row = await self.store.seed(conn, tournament_id)
        assert seed_row is not None
        try:
            events = TOURNAMENT.decide(loaded.state, command, Rng(seed_row[0], version))
        except DomainError as exc:
            raise domain_error(exc) from exc
        state = loaded.state
        for event in events:
            state = TOURNAMENT.evolve(state, event)
        finished = state.status == "finished"
        await self.store.append(
            conn,
            tournament_id,
            version,
            self._new_events(events, command, actor),
            status=state.status,
            result=msgspec.to_builtins({"ranking": state.ranking}) if finished else None,
        )
        if finished:
            await self.store.reveal_seed(conn, tournament_id)
        if after is not None:
            await after(conn, events)
        return events

    @staticmethod
    def _new_events(events: tuple[Any, ...], command: Command, actor: str | None) -> list[NewEvent]:
        command_id = str(uuid.uuid4())
        out = []
        for index, event in enumerate(events):
            metadata: dict[str, Any] = {"actor": actor, "command_id": command_id}
            if index == 0:
                metadata["command"] = msgspec.to_builtins(command)
            out.append(NewEvent(type(event).__struct_config__.tag, encode_event(event), metadata))
        return out

    # -- process manager: tables -> games ------------------------------------------------

    async def ensure_games(self, tournament_id: uuid.UUID) -> tuple[int, int]:
        """Create and attach a game for every table waiting for one. Returns (created,
        attached). A table whose game cannot be created is logged and left for the next
        reconciliation rather than failing the caller's (already committed) command."""
        async with self.pool.connection() as conn:
            state = (await self.load(conn, tournament_id)).state
        created = attached = 0
        for table in TOURNAMENT.tables_awaiting_game(state):
            try:
                game_id, new = await self._game_for(tournament_id, state, table)
            except ApiError:
                log.exception("cannot create the game of %s %s", tournament_id, table.table_id)
                continue
            created += new
            attached += bool(await self._attach(tournament_id, table.table_id, game_id))
        return created, attached

    async def _game_for(
        self, tournament_id: uuid.UUID, state: TournamentState, table: TableState
    ) -> tuple[uuid.UUID, bool]:
        config = state.config
        assert config is not None
        async with self.pool.connection() as conn, conn.transaction():
            # One creator per table, across processes; the lock ends with the transaction.
            await conn.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                (f"tournament-table:{tournament_id}:{table.table_id}",),
            )
            row = await (
                await conn.execute(
                    "SELECT game_id FROM tournament_games WHERE stream_id = %s AND table_id = %s",
                    (tournament_id, table.table_id),
                )
            ).fetchone()
            if row is not None:
                return row[0], False
            spec = GAMES[config.game]
            body = s.CREATE_BODIES[config.game](
                seats=[s.SeatRequest(name=state.players[p - 1].name) for p in table.players],
                options=msgspec.json.decode(config.game_options_json, type=spec.options_type),
                seed=table.seed or None,
            )
            created = await self.games.commands.create(
                conn, body, link={"tournament": str(tournament_id), "table_id": table.table_id}
            )
            await conn.execute(
                "INSERT INTO tournament_games (stream_id, table_id, game_id) VALUES (%s, %s, %s)",
                (tournament_id, table.table_id, created.id),
            )
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO tournament_game_seats (game_id, seat, token) VALUES (%s, %s, %s)",
                    [(created.id, seat.seat, seat.token) for seat in created.seats],
                )
        return created.id, True

    async def _attach(self, tournament_id: uuid.UUID, table_id: str, game_id: uuid.UUID) -> int:
        def make(state: TournamentState) -> Command | None:
            table = find_table(state, table_id)
            if table is None or table.status != "open" or table.game_id:
                return None
            return tc.AttachGame(table_id=table_id, game_id=str(game_id))

        return len(await self.append(tournament_id, make, actor="service"))

    # -- process manager: finished games -> results --------------------------------------

    async def on_game_finished(
        self, game_id: uuid.UUID, setup: dict[str, Any], result: Result
    ) -> None:
        """GameService finished hook: record the result of a tournament game."""
        link = setup.get("link") or {}
        if "tournament" not in link or "table_id" not in link:
            return
        tournament_id = uuid.UUID(link["tournament"])
        await self.record_game_result(tournament_id, link["table_id"], game_id, result)
        await self.ensure_games(tournament_id)

    async def record_game_result(
        self, tournament_id: uuid.UUID, table_id: str, game_id: uuid.UUID, result: Result
    ) -> bool:
        """True when recorded now; False when there was nothing to do (already recorded,
        entered by hand, voided) or the organiser must decide (e.g. a tie at the cut)."""

        def make(state: TournamentState) -> Command | None:
            table = find_table(state, table_id)
            if table is None or table.status != "open" or table.game_id != str(game_id):
                return None
            placements = TOURNAMENT.placements_from_result(table.players, result)
            return tc.RecordResult(table_id=table_id, placements=placements, source="game")

        try:
            return bool(await self.append(tournament_id, make, actor="service"))
        except ApiError as exc:
            log.warning("game %s's result needs the organiser: %s", game_id, exc)
            return False

    # -- reconciliation ------------------------------------------------------------------

    async def reconcile(self, tournament_id: uuid.UUID) -> ts.Reconciled:
        """Repair what a crash may have left undone: tables without games (or with a game
        created but not attached) and finished games whose result was not recorded."""
        totals = ts.Reconciled(games_created=0, games_attached=0, results_recorded=0)
        for _ in range(1000):
            created, attached = await self.ensure_games(tournament_id)
            totals.games_created += created
            totals.games_attached += attached
            recorded = await self._record_finished(tournament_id)
            totals.results_recorded += recorded
            if not recorded:
                return totals
        return totals

    async def _record_finished(self, tournament_id: uuid.UUID) -> int:
        async with self.pool.connection() as conn:
            state = (await self.load(conn, tournament_id)).state
            finished = []
            for r in state.rounds:
                for table in r.tables:
                    if table.status != "open" or not table.game_id:
                        continue
                    game = await self.store.get_stream(conn, uuid.UUID(table.game_id))
                    if game is not None and game.status == "finished" and game.result:
                        finished.append((table, game))
        recorded = 0
        for table, game in finished:
            result = msgspec.convert(game.result, Result)
            recorded += await self.record_game_result(
                tournament_id, table.table_id, game.id, result
            )
        return recorded

    async def reconcile_all(self) -> None:
        async with self.pool.connection() as conn:
            rows = await (
                await conn.execute(
                    "SELECT id FROM streams WHERE kind = 'tournament' AND status = 'running'"
                )
            ).fetchall()
        for (tournament_id,) in rows:
            try:
                await self.reconcile(tournament_id)
            except Exception:
                log.exception("reconciling tournament %s failed", tournament_id)

    # -- participants --------------------------------------------------------------------

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
            answer.seat_token = row[0] if row else None
        return answer
