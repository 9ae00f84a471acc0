"""Loading games: the event store behind a per-process cache of hot games, their seeds and
seat names, and the identity of a bearer token. Shared by the command side
(``service/games/commands.py``) and the read side (``service/games/reads.py``).

The current state of hot games is cached per process by (game, version), with the hash of the
last event: a read of an unchanged game folds nothing, and a load after another process's
writes folds only the events written since."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from typing import Any

from psycopg import AsyncConnection

from domain._kernel import fold
from service.games import schemas as s
from service.games.cache import Checkpoints, Lru, StateCache, fold_events
from service.games.model import Loaded, Viewer, decode_event, setup_of, spec_for, token_hash
from service.store.chain import GENESIS, Stream
from service.store.events import EventStore
from service.support.errors import ApiError, not_found

INLINE_FOLD = 64
"""Events folded on the event loop at most; a longer fold runs in a worker thread, so that no
request waits behind it. 64 events fold in 1-2 ms in every game (Three Kingdoms, the
slowest, about 27 us an event); a thread hop costs about 0.1 ms."""
FOLD_PAGE = 1000
"""Events read (and folded in one thread hop) at a time by a long fold: decoding the rows of
a read happens on the loop, so a whole long stream is not read at once."""


class OnDemand:
    """A pooled connection checked out on first use, if at all: a command on a hot game
    needs none of its own (its append goes to the batcher)."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self._checkout: Any = None
        self._conn: AsyncConnection | None = None

    @property
    def holding(self) -> bool:
        return self._conn is not None

    async def get(self) -> AsyncConnection:
        if self._conn is None:
            checkout = self.pool.connection()
            self._conn = await checkout.__aenter__()
            self._checkout = checkout
        return self._conn

    async def __aenter__(self) -> OnDemand:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if self._checkout is not None:
            await self._checkout.__aexit__(*exc)


class GameRepository:
    def __init__(self, store: EventStore, cache_size: int = 2048) -> None:
        self.store = store
        self.cache = StateCache(cache_size)
        # A game's seed and seats never change: kept per process like the states (same bound).
        self.seeds = Lru(cache_size)
        self.seats = Lru(cache_size)
        self.checkpoints = Checkpoints()

    def remember(self, loaded: Loaded, seed: str, names: list[str]) -> None:
        """Cache a game just created by this process, with its seed and seat names."""
        game_id = loaded.stream.id
        self.cache.put(game_id, loaded)
        self.seeds.store(game_id, seed)
        self.seats.store(game_id, [s.SeatInfo(seat=i, name=n) for i, n in enumerate(names)])

    async def seed(self, db: OnDemand, game_id: uuid.UUID) -> str:
        seed = self.seeds.get(game_id)
        if seed is None:
            seed_row = await self.store.seed(await db.get(), game_id)
            assert seed_row is not None
            seed = seed_row[0]
            self.seeds.store(game_id, seed)
        return seed

    async def seat_names(self, conn: AsyncConnection, game_id: uuid.UUID) -> list[s.SeatInfo]:
        seats = self.seats.get(game_id)
        if seats is None:
            seats = [s.SeatInfo(seat=i, name=n) for i, n in await self.store.seats(conn, game_id)]
            self.seats.store(game_id, seats)
        return seats

    async def viewer_for_token(
        self, conn: AsyncConnection, token: str | None, admin_key: str
    ) -> Viewer:
        if token is None:
            return Viewer()
        if secrets.compare_digest(token.encode(), admin_key.encode()):
            return Viewer(admin=True)
        found = await self.store.seat_for_token(conn, token_hash(token))
        if found is None:
            raise ApiError(
                401,
                "invalid_token",
                "unknown bearer token",
                {"WWW-Authenticate": 'Bearer error="invalid_token"'},
            )
        return Viewer(game_id=found[0], seat=found[1])

    async def load(
        self, conn: AsyncConnection, game_id: uuid.UUID, stream: Stream | None = None
    ) -> Loaded:
        cached = self.cache.get(game_id)
        # A hot game needs only the stored version to know its cache is current: the cached
        # stream row is the stored one at that version (only an append changes a stream row,
        # and it moves the version). The cache holds committed states only, so a stored
        # version below it is a read replica that has not replayed the newest commits yet:
        # the cached state is then as good an answer, and newer.
        if stream is None and cached is not None:
            stored = await self.store.version(conn, game_id)
            if stored is not None and stored <= cached.version:
                return cached
        stream = stream or await self.store.get_stream(conn, game_id)
        if stream is None or stream.kind != "game":
            raise not_found()
        if cached is not None and cached.version == stream.version:
            return Loaded(stream, cached.spec, cached.setup, cached.state, cached.last_hash)
        if cached is not None and cached.version < stream.version:
            spec, setup, base, state, last_hash = (
                cached.spec,
                cached.setup,
                cached.version,
                cached.state,
                cached.last_hash,
            )
        else:
            spec = spec_for(stream.game)
            setup = setup_of(spec, stream.setup, stream.rules_version)
            base, state, last_hash = 0, None, GENESIS
        events = await self.store.read(conn, game_id, after=base, upto=stream.version)
        if len(events) > INLINE_FOLD:
            state = await asyncio.to_thread(_fold, spec, setup, events, state)
        else:
            state = _fold(spec, setup, events, state)
        loaded = Loaded(stream, spec, setup, state, events[-1].hash if events else last_hash)
        self.cache.put(game_id, loaded)
        return loaded

    async def past_state(
        self, conn: AsyncConnection, stream: Stream, spec: Any, version: int
    ) -> Any:
        """The game's state at ``version`` (time travel), folded from the nearest checkpoint;
        a fold of more than ``INLINE_FOLD`` events runs in a worker thread, a page of events
        at a time, keeping the checkpoints it passes."""
        game_id = stream.id
        setup = setup_of(spec, stream.setup, stream.rules_version)
        base = self.checkpoints.nearest(game_id, version)
        if version - base[0] <= INLINE_FOLD:
            stored = await self.store.read(conn, game_id, after=base[0], upto=version)
            return self.checkpoints.fold(game_id, spec, setup, base, stored)
        every = self.checkpoints.every
        while base[0] < version:
            upto = min(version, base[0] + FOLD_PAGE)
            stored = await self.store.read(conn, game_id, after=base[0], upto=upto)
            if not stored:
                break
            state, marks = await asyncio.to_thread(fold_events, spec, setup, base, stored, every)
            self.checkpoints.keep(game_id, marks)
            base = (stored[-1].version, state)
        return base[1] if base[1] is not None else spec.initial_state(setup)


def _fold(spec: Any, setup: Any, events: list[Any], state: Any) -> Any:
    return fold(spec, setup, (decode_event(spec, e) for e in events), state)
