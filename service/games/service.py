"""The game application service: one object the routes depend on, made of the repository
(loading and per-process caches), the command side (with the lifecycle commands: resign,
abandon, timeouts) and the read side."""

from __future__ import annotations

from service.games.commands import GameCommands
from service.games.creation import MAX_GAME_EVENTS
from service.games.lifecycle import GameLifecycle
from service.games.reads import GameReads
from service.games.repository import GameRepository
from service.games.snapshots import SNAPSHOT_EVERY
from service.store.batching import AppendBatcher
from service.store.events import EventStore


class GameService:
    def __init__(
        self,
        store: EventStore,
        cache_size: int = 2048,
        batcher: AppendBatcher | None = None,
        max_game_events: int = MAX_GAME_EVENTS,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        self.repo = GameRepository(store, cache_size, snapshot_every)
        self.commands = GameCommands(self.repo, batcher, max_game_events)
        self.commands.committed_hooks.append(self.repo.snapshots.committed)
        self.lifecycle = GameLifecycle(self.commands)
        self.reads = GameReads(self.repo)
        self.store = store
        self.cache = self.repo.cache
