"""The game application service: one object the routes depend on, made of the repository
(loading and per-process caches), the command side and the read side."""

from __future__ import annotations

from service.games.commands import GameCommands
from service.games.reads import GameReads
from service.games.repository import GameRepository
from service.store.batching import AppendBatcher
from service.store.events import EventStore


class GameService:
    def __init__(
        self, store: EventStore, cache_size: int = 2048, batcher: AppendBatcher | None = None
    ) -> None:
        self.repo = GameRepository(store, cache_size)
        self.commands = GameCommands(self.repo, batcher)
        self.reads = GameReads(self.repo)
        self.store = store
        self.cache = self.repo.cache
