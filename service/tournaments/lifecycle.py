"""What the tournament does to its tables' games besides creating them and reading their
results: resign the seats of withdrawn participants, abandon the games of voided tables, and
keep every open game's clock paused or running as the tournament's director set it. All are
idempotent (they look at each game first), so the reconciler repeats them after a crash."""

from __future__ import annotations

import logging
import uuid
from typing import Any

from domain.tournament.state import TableState, TournamentState
from service.games.service import GameService
from service.support.errors import ApiError

log = logging.getLogger("gamestate.tournaments")

WITHDRAWN = "withdrew from the tournament"
VOIDED = "its table was voided by a correction"


def open_games(state: TournamentState) -> list[tuple[TableState, uuid.UUID]]:
    return [
        (table, uuid.UUID(table.game_id))
        for r in state.rounds
        for table in r.tables
        if table.status == "open" and table.game_id
    ]


class TableLifecycle:
    def __init__(self, pool: Any, games: GameService) -> None:
        self.pool = pool
        self.games = games

    async def _game(self, game_id: uuid.UUID) -> Any:
        async with self.pool.connection() as conn:
            return await self.games.repo.load(conn, game_id)

    async def resign_withdrawn(self, state: TournamentState) -> int:
        """Resign every withdrawn player's seat in the open tables' games; how many."""
        resigned = 0
        for table, game_id in open_games(state):
            for seat, player_id in enumerate(table.players):
                if state.players[player_id - 1].withdrawn_after is None:
                    continue
                loaded = await self._game(game_id)
                if loaded.spec.is_over(loaded.state) or loaded.state.life.seats[seat].left:
                    continue
                try:
                    await self.games.lifecycle.resign_seat(
                        self.pool, game_id, seat, WITHDRAWN, actor="tournament"
                    )
                    resigned += 1
                except ApiError as exc:
                    log.warning("cannot resign seat %s of game %s: %s", seat, game_id, exc)
        return resigned

    async def abandon_voided(self, state: TournamentState) -> int:
        """Abandon (without a result) the games still going at voided tables; how many."""
        abandoned = 0
        for r in state.rounds:
            for table in r.tables:
                if table.status != "void" or not table.game_id:
                    continue
                game_id = uuid.UUID(table.game_id)
                loaded = await self._game(game_id)
                if loaded.spec.is_over(loaded.state):
                    continue
                try:
                    await self.games.lifecycle.abandon(
                        self.pool, game_id, VOIDED, False, actor="tournament"
                    )
                    abandoned += 1
                except ApiError as exc:
                    log.warning("cannot abandon game %s of a voided table: %s", game_id, exc)
        return abandoned

    async def sync_clocks(self, state: TournamentState) -> int:
        """Pause or resume each open game's clock to match the tournament; how many."""
        if state.config is None or state.config.clock is None:
            return 0
        synced = 0
        for _, game_id in open_games(state):
            synced += await self.sync_game(game_id, state.clocks_paused)
        return synced

    async def sync_game(self, game_id: uuid.UUID, paused: bool) -> int:
        loaded = await self._game(game_id)
        life = loaded.state.life
        if loaded.spec.is_over(loaded.state) or life.terms.clock is None or life.paused == paused:
            return 0
        lifecycle = self.games.lifecycle
        try:
            if paused:
                await lifecycle.pause(self.pool, game_id, "tournament paused", actor="tournament")
            else:
                await lifecycle.resume(self.pool, game_id, actor="tournament")
        except ApiError as exc:
            log.warning("cannot %s the clock of game %s: %s", "pause" if paused else "resume",
                        game_id, exc)  # fmt: skip
            return 0
        return 1
