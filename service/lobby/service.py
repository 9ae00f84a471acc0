"""The lobby service: one object the lobby routes depend on (open tables, rematches and,
with registered players, matchmaking)."""

from __future__ import annotations

from service.games.service import GameService
from service.lobby.matchmaking import MatchLimits, Matchmaking
from service.lobby.rematch import Rematches
from service.lobby.tables import LobbyLimits, OpenTables
from service.players.registry import PlayerRegistry


class LobbyService:
    def __init__(
        self,
        games: GameService,
        players: PlayerRegistry,
        limits: LobbyLimits | None = None,
        match_limits: MatchLimits | None = None,
    ) -> None:
        self.games = games
        self.tables = OpenTables(games, players, limits)
        self.rematches = Rematches(self.tables)
        self.matchmaking = Matchmaking(games, players.names, match_limits)
