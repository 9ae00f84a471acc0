"""The per-process state cache (service/games/cache.py): the newest state wins, the least
recently stored game is forgotten first, and its key is the id object last stored with."""

from __future__ import annotations

import uuid
from typing import Any

from service.games.cache import StateCache


class _Loaded:
    def __init__(self, version: int) -> None:
        self.version = version


def _put(cache: StateCache, game_id: uuid.UUID, version: int) -> Any:
    loaded = _Loaded(version)
    cache.put(game_id, loaded)  # type: ignore[arg-type]
    return loaded


def test_an_older_state_does_not_replace_a_newer_one() -> None:
    cache, game = StateCache(4), uuid.uuid4()
    newer = _put(cache, game, 5)
    _put(cache, game, 3)
    assert cache.get(game) is newer
    newest = _put(cache, game, 6)
    assert cache.get(uuid.UUID(str(game))) is newest


def test_the_least_recently_used_game_is_forgotten() -> None:
    cache = StateCache(2)
    a, b, c = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    _put(cache, a, 1)
    _put(cache, b, 1)
    assert cache.get(a) is not None  # a is now the most recent
    _put(cache, c, 1)
    assert cache.get(b) is None
    assert cache.get(a) is not None and cache.get(c) is not None


def test_a_put_keys_the_game_by_the_id_object_it_was_given() -> None:
    """The requests' own id objects (interned per path, service/api/direct.py) become the
    keys, so that later lookups with them compare by identity."""
    cache, game = StateCache(4), uuid.uuid4()
    _put(cache, game, 1)
    same = uuid.UUID(str(game))
    _put(cache, same, 2)
    (key,) = cache._items
    assert key is same
