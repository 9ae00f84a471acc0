"""Loading games: the event store behind a per-process cache of hot games, their seeds and
seat names, and the identity of a bearer token. Shared by the command side
(``service/games/commands.py``) and the read side (``service/games/reads.py``).

The current state of hot games is cached per process by (game, version), with the hash of the
last event: a read of an unchanged game folds nothing, and a load after another process's
writes folds only the events written since."""

from __future__ import annotations

import asyncio
import logging
import secrets
import uuid
from collections.abc import Callable
from typing import Any

import msgspec
from psycopg import AsyncConnection

from service.games import schemas as s
from service.games.cache import Checkpoints, Lru, StateCache, fold_events
from service.games.model import Loaded, Viewer, setup_of, spec_for, token_hash
from service.games.snapshots import SNAPSHOT_EVERY, Snapshotter, codec_for
from service.store.chain import GENESIS, Stream
from service.store.connections import Connect, reusing
from service.store.events import EventStore
from service.store.snapshots import nearest_snapshot
from service.support.errors import ApiError, not_found
from service.support.heavy import Lease

log = logging.getLogger("gamestate.games")

NOT_DEALT = ("waiting", "cancelled")
"""Statuses of a game created with open seats that has no events (service/lobby/)."""

INLINE_FOLD = 64
"""Events folded on the event loop at most; a longer fold runs in a worker thread, so that no
request waits behind it. 64 events fold in 1-2 ms in every game (Three Kingdoms, the
slowest, about 27 us an event); a thread hop costs about 0.1 ms. A fold from a persisted
snapshot (every 64 versions) never needs more."""

INLINE_SLICE = 16
"""Events folded on the event loop in one step: an inline fold lets other tasks run between
slices. Decoding and folding an event takes up to about 50 us (Three Kingdoms), so 64 at once
held the loop 3.5-4.5 ms, 16 about 1 ms."""

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

    async def release(self, exc: BaseException | None) -> None:
        """The connection, if one was checked out, back to the pool (rolled back if ``exc``
        ended its use)."""
        if self._checkout is None:
            return
        if exc is None:
            await self._checkout.__aexit__(None, None, None)
        else:
            await self._checkout.__aexit__(type(exc), exc, exc.__traceback__)


class GameRepository:
    def __init__(
        self, store: EventStore, cache_size: int = 2048, snapshot_every: int = SNAPSHOT_EVERY
    ) -> None:
        self.store = store
        self.cache = StateCache(cache_size)
        # A game's seed and seats never change: kept per process like the states (same bound).
        self.seeds = Lru(cache_size)
        self.seats = Lru(cache_size)
        self.checkpoints = Checkpoints()
        self.snapshots = Snapshotter(store.pool, snapshot_every)

    def remember(
        self,
        loaded: Loaded,
        seed: str,
        names: list[str],
        players: list[uuid.UUID | None] | None = None,
    ) -> None:
        """Cache a game just created by this process, with its seed and seats (``players``:
        the registered player of each seat, None for an anonymous one)."""
        game_id = loaded.stream.id
        self.cache.put(game_id, loaded)
        self.seeds.store(game_id, seed)
        held = players or [None] * len(names)
        self.seats.store(
            game_id,
            [
                s.SeatInfo(seat=i, name=n, player_id=p)
                for i, (n, p) in enumerate(zip(names, held, strict=True))
            ],
        )

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
            rows = await self.store.seat_rows(conn, game_id)
            seats = [s.SeatInfo(seat=i, name=n, player_id=p) for i, n, p in rows]
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
        if stream.status in NOT_DEALT:
            raise not_dealt(stream.id, stream.status)
        if cached is not None and cached.version == stream.version:
            return Loaded(stream, cached.spec, cached.setup, cached.state, cached.last_hash)
        if cached is not None and cached.version < stream.version:
            spec, setup = cached.spec, cached.setup
            base: tuple[int, Any] = (cached.version, cached.state)
            last_hash = cached.last_hash
        else:
            spec = spec_for(stream.game)
            setup = setup_of(spec, stream.setup, stream.rules_version)
            base, last_hash = (0, None), GENESIS
        if stream.version == base[0]:
            state = base[1] if base[1] is not None else spec.initial_state(setup)
        else:
            # At most the version before the last: the fold reads the last event, whose hash
            # the next append chains to.
            base = await self._snapshot_after(conn, stream, spec, base, stream.version - 1)
            state, last = await self._fold_from(
                reusing(conn), stream, spec, setup, base, stream.version
            )
            last_hash = last or last_hash
        loaded = Loaded(stream, spec, setup, state, last_hash)
        self.cache.put(game_id, loaded)
        return loaded

    async def past_state(
        self,
        conn: AsyncConnection,
        stream: Stream,
        spec: Any,
        version: int,
        lease: Callable[[], Lease] | None = None,
    ) -> Any:
        """The game's state at ``version`` (time travel), folded from the nearest kept
        checkpoint or persisted snapshot (service/games/snapshots.py) on ``conn``."""
        base = await self.past_base(conn, stream, spec, version)
        return await self.fold_past(reusing(conn), stream, spec, base, version, lease)

    async def past_base(
        self, conn: AsyncConnection, stream: Stream, spec: Any, version: int
    ) -> tuple[int, Any]:
        """Where a fold to ``version`` starts: the nearest kept checkpoint, or a persisted
        snapshot nearer to it (:meth:`fold_past` folds from there)."""
        base = self.checkpoints.nearest(stream.id, version)
        return await self._snapshot_after(conn, stream, spec, base, version)

    async def fold_past(
        self,
        connect: Connect,
        stream: Stream,
        spec: Any,
        base: tuple[int, Any],
        version: int,
        lease: Callable[[], Lease] | None = None,
    ) -> Any:
        """The state at ``version`` folded from ``base``, reading through ``connect`` (a page
        at a time for a long fold, so that no connection is held while a page is folded). A
        fold longer than ``INLINE_FOLD`` events is a heavy read: it runs holding a place from
        ``lease`` (which may refuse it, 429)."""
        setup = setup_of(spec, stream.setup, stream.rules_version)
        if lease is None or version - base[0] <= INLINE_FOLD:
            return (await self._fold_from(connect, stream, spec, setup, base, version))[0]
        with lease():
            return (await self._fold_from(connect, stream, spec, setup, base, version))[0]

    async def _snapshot_after(
        self, conn: AsyncConnection, stream: Stream, spec: Any, base: tuple[int, Any], upto: int
    ) -> tuple[int, Any]:
        """``base``, or the newest persisted snapshot after it and at most at ``upto`` when
        that saves a fold of more than ``INLINE_FOLD`` events. A snapshot that cannot be
        decoded is ignored (logged): the fold starts from ``base`` then."""
        if upto - base[0] <= INLINE_FOLD:
            return base
        codec = codec_for(spec)
        found = await nearest_snapshot(conn, stream.id, upto, codec.name, above=base[0])
        if found is None:
            return base
        try:
            return found[0], codec.decode(found[1])
        except (msgspec.DecodeError, msgspec.ValidationError, TypeError, ValueError):
            log.warning("snapshot %s@%d unreadable; folding instead", stream.id, found[0])
            return base

    async def _fold_from(
        self,
        connect: Connect,
        stream: Stream,
        spec: Any,
        setup: Any,
        base: tuple[int, Any],
        version: int,
    ) -> tuple[Any, str | None]:
        """The state at ``version`` folded from ``base``, and the hash of the last event read
        (None when none was). A fold of more than ``INLINE_FOLD`` events runs in a worker
        thread, a page of events at a time, keeping the checkpoints it passes in memory and
        writing the snapshots it passes that may be missing (a stream that is long and has
        none, e.g. from before snapshots, gets them on its first long read)."""
        game_id = stream.id
        every = self.checkpoints.every
        if version - base[0] <= INLINE_FOLD:
            async with connect() as conn:
                stored = await self.store.read(conn, game_id, after=base[0], upto=version)
            state, marks = await fold_inline(spec, setup, base, stored, every)
            self.checkpoints.keep(game_id, marks)
            return state, stored[-1].hash if stored else None
        last = None
        snaps: list[tuple[int, Any]] = []
        also = self.snapshots.every
        while base[0] < version:
            upto = min(version, base[0] + FOLD_PAGE)
            async with connect() as conn:
                stored = await self.store.read(conn, game_id, after=base[0], upto=upto)
            if not stored:
                break
            state, marks = await asyncio.to_thread(
                fold_events, spec, setup, base, stored, every, also
            )
            self.checkpoints.keep(game_id, {v: s for v, s in marks.items() if v % every == 0})
            snaps += [(v, s) for v, s in marks.items() if also and v % also == 0]
            base, last = (stored[-1].version, state), stored[-1].hash
        self.snapshots.schedule(game_id, codec_for(spec), stream.rules_version, snaps)
        state = base[1] if base[1] is not None else spec.initial_state(setup)
        return state, last


async def fold_inline(
    spec: Any, setup: Any, base: tuple[int, Any], stored: list[Any], every: int
) -> tuple[Any, dict[int, Any]]:
    """:func:`fold_events` on the event loop, ``INLINE_SLICE`` events at a time."""
    state, marks = fold_events(spec, setup, base, stored[:INLINE_SLICE], every)
    for start in range(INLINE_SLICE, len(stored), INLINE_SLICE):
        await asyncio.sleep(0)  # the other tasks' turn
        after = (stored[start - 1].version, state)
        state, more = fold_events(spec, setup, after, stored[start : start + INLINE_SLICE], every)
        marks.update(more)
    return state, marks


def not_dealt(game_id: uuid.UUID, status: str) -> ApiError:
    """Views, legal commands and commands of a game not dealt yet: a stable 409."""
    if status == "waiting":
        return ApiError(
            409,
            "lobby/game_waiting",
            f"the game waits for players; see GET /games/{game_id}/lobby",
            game_id=str(game_id),
        )
    return ApiError(
        409,
        "lobby/game_cancelled",
        "the game expired while waiting for players and was never dealt",
        game_id=str(game_id),
    )
