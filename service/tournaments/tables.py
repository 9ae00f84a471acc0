"""The process manager that runs tournaments: it does what the aggregate cannot. It creates
the games of every table that waits for one (``AttachGame``), and turns finished games into
``RecordResult``.

Both steps are idempotent, so they can be repeated by anyone at any time: a table's game is
created under a per-table advisory lock and remembered in ``tournament_games`` in the game's
own transaction (a crash before ``AttachGame`` leaves a game that is attached later, never a
second game), and a result is recorded only for an open table still playing that game. The
reconciler re-runs both steps over a tournament, at start-up and on demand, so nothing is
lost when the process dies between a commit and its follow-up."""

from __future__ import annotations

import logging
import uuid
from typing import Any

import msgspec

from domain._kernel import Command, Result
from domain.registry import GAMES
from domain.tournament import TOURNAMENT
from domain.tournament import commands as tc
from domain.tournament.state import TableState, TournamentState, find_table
from service.games import schemas as s
from service.games.creation import clock_request
from service.games.seed_groups import group_key
from service.games.service import GameService
from service.players.registry import player_names
from service.support.errors import ApiError
from service.tournaments import schemas as ts
from service.tournaments.lifecycle import TableLifecycle
from service.tournaments.streams import TournamentStreams

log = logging.getLogger("gamestate.tournaments")


class TableRunner:
    def __init__(self, streams: TournamentStreams, games: GameService) -> None:
        self.streams = streams
        self.pool = streams.pool
        self.store = streams.store
        self.games = games
        self.lifecycle = TableLifecycle(self.pool, games)

    async def ensure_games(self, tournament_id: uuid.UUID) -> tuple[int, int]:
        """Create and attach a game for every table waiting for one. Returns (created,
        attached). A table whose game cannot be created is logged and left for the next
        reconciliation rather than failing the caller's (already committed) command."""
        async with self.pool.connection() as conn:
            state = (await self.streams.load(conn, tournament_id)).state
        created = attached = 0
        for table in TOURNAMENT.tables_awaiting_game(state):
            try:
                game_id, new = await self._game_for(tournament_id, state, table)
            except ApiError:
                log.exception("cannot create the game of %s %s", tournament_id, table.table_id)
                continue
            created += new
            attached += bool(await self._attach(tournament_id, table.table_id, game_id))
            if new and state.clocks_paused:
                await self.lifecycle.sync_game(game_id, paused=True)
        return created, attached

    async def _state(self, tournament_id: uuid.UUID) -> TournamentState:
        async with self.pool.connection() as conn:
            return (await self.streams.load(conn, tournament_id)).state

    async def resign_withdrawn(self, tournament_id: uuid.UUID) -> int:
        """Resign the seats withdrawn participants still hold in open games."""
        return await self.lifecycle.resign_withdrawn(await self._state(tournament_id))

    async def sync_clocks(self, tournament_id: uuid.UUID) -> int:
        """Pause or resume the open games' clocks as the tournament says."""
        return await self.lifecycle.sync_clocks(await self._state(tournament_id))

    async def abandon_voided(self, tournament_id: uuid.UUID) -> int:
        """Abandon the games still going at voided tables (after a correction)."""
        return await self.lifecycle.abandon_voided(await self._state(tournament_id))

    async def _game_for(
        self, tournament_id: uuid.UUID, state: TournamentState, table: TableState
    ) -> tuple[uuid.UUID, bool]:
        async with self.pool.connection() as conn:
            game_id, new = await self._create_game(conn, tournament_id, state, table)
            if new:
                await self.games.commands.created(conn, game_id)
        return game_id, new

    async def _create_game(
        self, conn: Any, tournament_id: uuid.UUID, state: TournamentState, table: TableState
    ) -> tuple[uuid.UUID, bool]:
        config = state.config
        assert config is not None
        async with conn.transaction():
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
            registered = await self._registered(conn, tournament_id, table.players)
            # Every seat carries the participant's tournament name, the one its standings
            # show (a registered player's own name may differ): the seat keeps the player's
            # id, which is what their games, ratings and notifications follow.
            players = {
                i: (registered[p][0], state.players[p - 1].name)
                for i, p in enumerate(table.players)
                if p in registered
            }
            bots = await bot_entrants(conn, tournament_id, table.players)
            body = s.CREATE_BODIES[config.game](
                seats=[
                    s.SeatRequest(player_id=players[i][0])
                    if i in players
                    else s.SeatRequest(
                        name=state.players[p - 1].name,
                        bot=bots[p]["policy"] if p in bots else None,
                        level=bots[p]["level"] if p in bots else None,
                    )
                    for i, p in enumerate(table.players)
                ],
                options=msgspec.json.decode(config.game_options_json, type=spec.options_type),
                seed=table.seed or None,
                clock=clock_request(config.clock),
            )
            link = {"tournament": str(tournament_id), "table_id": table.table_id}
            if table.seed:
                # A duplicate round: every table plays this seed, and what one shows is what
                # the others will draw (service/games/seed_groups.py).
                link["seed_group"] = group_key(tournament_id, table.seed)
            created = await self.games.commands.create(conn, body, link=link, players=players)
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

    async def _registered(
        self, conn: Any, tournament_id: uuid.UUID, participants: tuple[int, ...]
    ) -> dict[int, tuple[uuid.UUID, str]]:
        """Participant -> (player id, name) of the registered players among them. A revoked
        player plays on as an anonymous seat (its seat token handed out by GET /me)."""
        cur = await conn.execute(
            "SELECT player_id, registered_player_id FROM tournament_participants"
            " WHERE stream_id = %s AND player_id = ANY(%s) AND registered_player_id IS NOT NULL",
            (tournament_id, list(participants)),
        )
        ids = dict(await cur.fetchall())
        names = await player_names(conn, list(ids.values())) if ids else {}
        return {p: (pid, names[pid]) for p, pid in ids.items() if pid in names}

    async def _attach(self, tournament_id: uuid.UUID, table_id: str, game_id: uuid.UUID) -> int:
        def make(state: TournamentState) -> Command | None:
            table = find_table(state, table_id)
            if table is None or table.status != "open" or table.game_id:
                return None
            return tc.AttachGame(table_id=table_id, game_id=str(game_id))

        return len(await self.streams.append(tournament_id, make, actor="service"))

    async def on_game_finished(
        self, game_id: uuid.UUID, setup: dict[str, Any], result: Result | None
    ) -> None:
        """GameService finished hook: record the result of a tournament game (a game
        abandoned without a result leaves its table to the organiser)."""
        link = setup.get("link") or {}
        if result is None or "tournament" not in link or "table_id" not in link:
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
            return bool(await self.streams.append(tournament_id, make, actor="service"))
        except ApiError as exc:
            log.warning("game %s's result needs the organiser: %s", game_id, exc)
            return False

    async def reconcile(self, tournament_id: uuid.UUID) -> ts.Reconciled:
        """Repair what a crash may have left undone: tables without games (or with a game
        created but not attached), finished games whose result was not recorded, seats of
        withdrawn participants not yet resigned, games of voided tables not yet abandoned,
        and game clocks not yet paused or resumed as the tournament's are."""
        totals = ts.Reconciled(games_created=0, games_attached=0, results_recorded=0)
        totals.seats_resigned = await self.resign_withdrawn(tournament_id)
        totals.clocks_synced = await self.sync_clocks(tournament_id)
        totals.games_abandoned = await self.abandon_voided(tournament_id)
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
            state = (await self.streams.load(conn, tournament_id)).state
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


async def bot_entrants(
    conn: Any, tournament_id: uuid.UUID, participants: tuple[int, ...]
) -> dict[int, dict[str, Any]]:
    """Participant -> ``{"policy", "level"}`` of the bot entrants among them (docs/bots.md)."""
    cur = await conn.execute(
        "SELECT player_id, bot FROM tournament_participants"
        " WHERE stream_id = %s AND player_id = ANY(%s) AND bot IS NOT NULL",
        (tournament_id, list(participants)),
    )
    return dict(await cur.fetchall())
