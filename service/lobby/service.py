"""The lobby service: one object the lobby routes depend on (open tables, rematches and,
with registered players, matchmaking)."""

from __future__ import annotations

from service.games.service import GameService
from service.lobby.rematch import Rematches
from service.lobby.tables import LobbyLimits, OpenTables


class LobbyService:
    def __init__(self, games: GameService, limits: LobbyLimits | None = None) -> None:
        self.games = games
        self.tables = OpenTables(games, limits)
        self.rematches = Rematches(self.tables)
