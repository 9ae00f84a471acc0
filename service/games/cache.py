"""Per-process memory of games: the current state of hot games (``StateCache``) and the
time-travel checkpoints of games recently replayed (``Checkpoints``). States are immutable and
``evolve`` is pure, so a kept state is exactly the fold of its stream, whoever asks."""

from __future__ import annotations

import uuid
from collections import OrderedDict
from typing import Any

from domain._kernel import GameSpec, Setup
from service.games.model import Loaded, decode_event
from service.store.chain import StoredEvent


class Lru(OrderedDict):
    """A bounded mapping that forgets the least recently stored key."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def store(self, key: Any, value: Any) -> None:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)


class StateCache:
    """A small LRU of loaded games. States are immutable, so sharing is safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[uuid.UUID, Loaded] = OrderedDict()

    def get(self, game_id: uuid.UUID) -> Loaded | None:
        item = self._items.get(game_id)
        if item is not None:
            self._items.move_to_end(game_id)
        return item

    def drop(self, game_id: uuid.UUID) -> None:
        self._items.pop(game_id, None)

    def put(self, game_id: uuid.UUID, loaded: Loaded) -> None:
        # Out and in again (at the end) rather than moved: the key becomes the id object the
        # requests use now (service/api/direct.py), found by identity from then on.
        current = self._items.pop(game_id, None)
        if current is not None and current.version > loaded.version:
            loaded = current
        self._items[game_id] = loaded
        while len(self._items) > self.size:
            self._items.popitem(last=False)


CHECKPOINT_EVERY = 64
"""Time travel keeps the folded state at every 64th version of the games it replays."""
CHECKPOINT_GAMES = 32
"""Games whose time-travel checkpoints a process keeps (least recently replayed forgotten)."""


def fold_events(
    spec: GameSpec,
    setup: Setup,
    base: tuple[int, Any],
    events: list[StoredEvent],
    every: int,
    also: int = 0,
) -> tuple[Any, dict[int, Any]]:
    """Fold ``events`` (the versions after ``base``) onto the state at ``base``; the state,
    and the states at the versions passed that are multiples of ``every`` (or of ``also``,
    when not 0). Pure: safe in a worker thread."""
    state = base[1] if base[1] is not None else spec.initial_state(setup)
    marks: dict[int, Any] = {}
    for stored in events:
        state = spec.evolve(state, decode_event(spec, stored))
        version = stored.version
        if version % every == 0 or (also and version % also == 0):
            marks[version] = state
    return state, marks


class Checkpoints:
    """Folded states at every ``every``-th version of the games recently time-travelled, so
    that a view at a past version folds at most ``every - 1`` events instead of the whole
    stream (an arbiter stepping through a 1,000-event game would otherwise replay it a
    thousand times). States are immutable and ``evolve`` is pure, so a kept state is exactly
    the fold of the stream up to its version, whoever asks."""

    def __init__(self, games: int = CHECKPOINT_GAMES, every: int = CHECKPOINT_EVERY) -> None:
        self.every = every
        self._games = Lru(games)

    def nearest(self, game_id: uuid.UUID, version: int) -> tuple[int, Any]:
        """The newest kept (version, state) at or before ``version``; (0, None) if none."""
        marks = self._games.get(game_id)
        if marks:
            base = version - version % self.every
            while base > 0:
                if base in marks:
                    return base, marks[base]
                base -= self.every
        return 0, None

    def fold(
        self,
        game_id: uuid.UUID,
        spec: GameSpec,
        setup: Setup,
        base: tuple[int, Any],
        events: list[StoredEvent],
    ) -> Any:
        """Fold ``events`` (the versions after ``base``) onto the state at ``base``, keeping
        the state at every checkpoint version passed."""
        state, marks = fold_events(spec, setup, base, events, self.every)
        self.keep(game_id, marks)
        return state

    def keep(self, game_id: uuid.UUID, marks: dict[int, Any]) -> None:
        """Keep checkpoint states folded elsewhere (e.g. by :func:`fold_events` in a worker
        thread; called on the event loop, which alone touches the kept states)."""
        kept = {**(self._games.get(game_id) or {}), **marks}
        if kept:
            self._games.store(game_id, kept)  # kept, and now the most recently used
