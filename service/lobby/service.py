"""The lobby service: one object the lobby routes depend on (open tables, rematches and,
with registered players, matchmaking)."""

from __future__ import annotations

from typing import Any

from service.games.service import GameService
from service.lobby.matchmaking import MatchLimits, Matchmaking
from service.lobby.rematch import Rematches
from service.lobby.tables import LobbyLimits, OpenTables


class LobbyService:
    def __init__(
        self,
        games: GameService,
        limits: LobbyLimits | None = None,
        match_limits: MatchLimits | None = None,
        names: Any = None,
    ) -> None:
        """``names(conn, ids) -> {id: name}``: registered players' names (service/players)."""
        self.games = games
        self.tables = OpenTables(games, limits)
        self.rematches = Rematches(self.tables)
        self.matchmaking = Matchmaking(games, names, match_limits)
