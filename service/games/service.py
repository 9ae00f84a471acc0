"""The application layer for games: load, fold, decide, append, and shape answers per viewer.

Nothing here knows a particular game; each game is reached through its GameSpec. The current
state of hot games is cached per process by (game, version), with the hash of the last event:
a read of an unchanged game folds nothing, a load after another process's writes folds only
the events written since, and a command on a hot game is decided on the cached state and
appended by a statement that checks the version; the process's batcher sends the appends that
wait together as one statement (service/store/batching.py), and such a command checks out no
connection of its own. A read checks the stored version first, unless it names a version the
caller already knows (``min_version``) and the cache holds that version or a later one. The
cache is never trusted to refuse: a command that the cached state rejects, or whose expected
version the cache does not match, is decided again on the state read from the database, so
several processes (each with its own cache) answer exactly as one would.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
import secrets
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import msgspec
from psycopg import AsyncConnection

from domain import GAMES
from domain._kernel import DomainError, GameSpec, Rng, Setup, fold
from domain._kernel import decide as kernel_decide
from service.games import schemas as s
from service.store.batching import AppendBatcher
from service.store.events import (
    GENESIS,
    EventStore,
    IdempotencyReplay,
    NewEvent,
    StoredEvent,
    Stream,
    VersionConflict,
    canonical,
    commits_on_its_own,
)
from service.support.errors import ApiError, not_found
from service.support.metrics import command_outcome

log = logging.getLogger("gamestate.games")

MAX_RETRIES = 8

FinishedHook = Callable[[uuid.UUID, dict[str, Any], Any], Awaitable[None]]
"""Called after a command that finished a game has committed: (game id, stored setup, Result).
Hooks must be idempotent and may be missed if the process dies right after the commit, so a
hook's owner also reconciles at start-up (tournaments do)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seed_commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


@dataclass(frozen=True)
class Viewer:
    """Who is asking: a seat of one game, the organiser (admin), or nobody (spectator)."""

    game_id: uuid.UUID | None = None
    seat: int | None = None
    admin: bool = False

    def seat_in(self, game_id: uuid.UUID) -> int | None:
        if self.game_id is None:
            return None
        if self.game_id != game_id:
            raise ApiError(403, "token_for_another_game", "this token belongs to another game")
        return self.seat


@dataclass(frozen=True)
class Loaded:
    """A game as of ``stream.version``: its stream row, rules, setup, folded state and the
    hash of its last event (what the next append chains to)."""

    stream: Stream
    spec: GameSpec
    setup: Setup
    state: Any
    last_hash: str

    @property
    def version(self) -> int:
        return self.stream.version


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
        current = self._items.get(game_id)
        if current is not None and current.version > loaded.version:
            return
        self._items[game_id] = loaded
        self._items.move_to_end(game_id)
        while len(self._items) > self.size:
            self._items.popitem(last=False)


CHECKPOINT_EVERY = 64
"""Time travel keeps the folded state at every 64th version of the games it replays."""
CHECKPOINT_GAMES = 32
"""Games whose time-travel checkpoints a process keeps (least recently replayed forgotten)."""


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
        state = base[1] if base[1] is not None else spec.initial_state(setup)
        marks = self._games.get(game_id) or {}
        for stored in events:
            state = spec.evolve(state, decode_event(spec, stored))
            if stored.version % self.every == 0:
                marks[stored.version] = state
        if marks:
            self._games.store(game_id, marks)  # kept, and now the most recently used
        return state


def spec_for(slug: str) -> GameSpec:
    spec = GAMES.get(slug)
    if spec is None:
        raise ApiError(422, "unknown_game", f"no game '{slug}'; see GET /games/types")
    return spec


def setup_of(spec: GameSpec, stream_setup: dict[str, Any]) -> Setup:
    options = msgspec.convert(stream_setup.get("options") or {}, spec.options_type)
    return Setup(players=stream_setup["players"], options=options)


def decode_event(spec: GameSpec, stored: StoredEvent) -> Any:
    return msgspec.convert(stored.data, spec.event_type)


def encode_event(event: Any) -> bytes:
    return canonical(msgspec.to_builtins(event))


def _legal_now(spec: GameSpec, state: Any, seat: int) -> list[Any]:
    """The seat's legal commands, none when it may not act (legal_commands is only defined
    for a seat that may act)."""
    if spec.result(state) is not None or seat not in spec.to_act(state):
        return []
    return list(spec.legal_commands(state, seat))


def _seat_required(viewer: Viewer, game_id: uuid.UUID) -> int:
    seat = viewer.seat_in(game_id)
    if seat is None:
        raise ApiError(
            401,
            "seat_token_required",
            "send the seat's bearer token",
            {"WWW-Authenticate": "Bearer"},
        )
    return seat


def _legal_answer(loaded: Loaded, seat: int) -> s.LegalCommands:
    return s.LegalCommands(
        version=loaded.version,
        seat=seat,
        commands=_legal_now(loaded.spec, loaded.state, seat),
        to_act=list(loaded.spec.to_act(loaded.state)),
    )


def _resource_answer(
    game_id: uuid.UUID, loaded: Loaded, seats: list[s.SeatInfo], seat: int | None, seed: str | None
) -> s.GameResource:
    stream, spec, state = loaded.stream, loaded.spec, loaded.state
    return s.GameResource(
        id=game_id,
        game=spec.slug,
        rules_version=stream.rules_version,
        version=stream.version,
        status=stream.status,
        to_act=list(spec.to_act(state)),
        seats=list(seats),
        viewer=seat,
        options=stream.setup.get("options") or {},
        state=spec.view(state, seat),
        result=spec.result(state),
        seed_commitment=stream.seed_commitment or "",
        seed=seed,
        created_at=stream.created_at,
        updated_at=stream.updated_at,
    )


def status_of(spec: GameSpec, state: Any) -> str:
    return "finished" if spec.result(state) is not None else "active"


def event_out(
    spec: GameSpec, stored: StoredEvent, event: Any, viewer_seat: int | None, finished: bool
) -> s.EventOut:
    shown = event if finished else spec.redact(event, viewer_seat)
    return s.EventOut(
        version=stored.version,
        type=stored.type,
        data=shown,
        seat=stored.metadata.get("seat"),
        recorded_at=stored.recorded_at,
        hash=stored.hash,
    )


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


class GameService:
    def __init__(
        self, store: EventStore, cache_size: int = 2048, batcher: AppendBatcher | None = None
    ) -> None:
        self.store = store
        self.batcher = batcher
        """Sends hot appends in batches (service/store/batching.py); without one, each command
        appends on its own connection."""
        self.cache = StateCache(cache_size)
        self.finished_hooks: list[FinishedHook] = []
        # A game's seed and seats never change: kept per process like the states (same bound).
        self._seeds = Lru(cache_size)
        self._seats = Lru(cache_size)
        self.checkpoints = Checkpoints()

    async def _seed(self, db: OnDemand, game_id: uuid.UUID) -> str:
        seed = self._seeds.get(game_id)
        if seed is None:
            seed_row = await self.store.seed(await db.get(), game_id)
            assert seed_row is not None
            seed = seed_row[0]
            self._seeds.store(game_id, seed)
        return seed

    async def _seat_names(self, conn: AsyncConnection, game_id: uuid.UUID) -> list[s.SeatInfo]:
        seats = self._seats.get(game_id)
        if seats is None:
            seats = [s.SeatInfo(seat=i, name=n) for i, n in await self.store.seats(conn, game_id)]
            self._seats.store(game_id, seats)
        return seats

    # -- identity ------------------------------------------------------------------------

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

    # -- loading -------------------------------------------------------------------------

    async def load(
        self, conn: AsyncConnection, game_id: uuid.UUID, stream: Stream | None = None
    ) -> Loaded:
        cached = self.cache.get(game_id)
        # A hot game needs only the stored version to know its cache is current: the cached
        # stream row is the stored one at that version (only an append changes a stream row,
        # and it moves the version).
        if (
            stream is None
            and cached is not None
            and await self.store.version(conn, game_id) == cached.version
        ):
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
            setup = setup_of(spec, stream.setup)
            base, state, last_hash = 0, None, GENESIS
        events = await self.store.read(conn, game_id, after=base, upto=stream.version)
        state = fold(spec, setup, (decode_event(spec, e) for e in events), state)
        loaded = Loaded(stream, spec, setup, state, events[-1].hash if events else last_hash)
        self.cache.put(game_id, loaded)
        return loaded

    # -- commands ------------------------------------------------------------------------

    async def create(
        self, conn: AsyncConnection, request: Any, *, link: dict[str, Any] | None = None
    ) -> s.GameCreated:
        """Create a game from a ``CreateXGame`` body. ``link`` (e.g. the tournament table a
        game belongs to) is kept in the stored setup and handed to the finished hooks."""
        spec = spec_for(type(request).__struct_config__.tag)
        options = request.options if request.options is not None else spec.options_type()
        seed = request.seed or secrets.token_hex(32)
        try:
            setup = spec.new_setup(len(request.seats), options)
            events = spec.start(setup, Rng(seed, 0))
        except DomainError as exc:
            raise ApiError(422, exc.code, exc.detail) from exc
        game_id = uuid.uuid4()
        tokens = [secrets.token_urlsafe(32) for _ in request.seats]
        state = fold(spec, setup, events)
        stored_setup = {
            "players": setup.players,
            "options": msgspec.to_builtins(options),
            **({"link": link} if link else {}),
        }
        status = status_of(spec, state)
        commitment = seed_commitment(seed)
        command_id = str(uuid.uuid4())
        # One statement: the stream, its secret, seats and set-up events, or nothing.
        stored = await self.store.start_stream(
            conn,
            stream_id=game_id,
            kind="game",
            game=spec.slug,
            rules_version=spec.rules_version,
            setup=stored_setup,
            status=status,
            seed=seed,
            seed_commitment=commitment,
            seats=[
                (i, seat.name, token_hash(t))
                for i, (seat, t) in enumerate(zip(request.seats, tokens, strict=True))
            ],
            events=[
                NewEvent(
                    type(e).__struct_config__.tag,
                    encode_event(e),
                    {"seat": None, "command_id": command_id, "command": None},
                )
                for e in events
            ],
        )
        version = stored[-1].version
        # The stream row as stored: both timestamps are the transaction's now(), as is every
        # event's recorded_at.
        created_at = stored[-1].recorded_at
        stream = Stream(
            id=game_id,
            kind="game",
            game=spec.slug,
            rules_version=spec.rules_version,
            setup=stored_setup,
            version=version,
            status=status,
            seed_commitment=commitment,
            result=None,
            created_at=created_at,
            updated_at=created_at,
        )
        if commits_on_its_own(conn):
            # Committed (not part of a caller's transaction, which may still roll back): the
            # game is hot from the start, its first command and view need no database read.
            self.cache.put(game_id, Loaded(stream, spec, setup, state, stored[-1].hash))
            self._seeds.store(game_id, seed)
            self._seats.store(
                game_id,
                [s.SeatInfo(seat=i, name=seat.name) for i, seat in enumerate(request.seats)],
            )
        return s.GameCreated(
            id=game_id,
            game=spec.slug,
            rules_version=spec.rules_version,
            version=version,
            seats=[
                s.SeatCredential(seat=i, name=seat.name, token=t)
                for i, (seat, t) in enumerate(zip(request.seats, tokens, strict=True))
            ],
            seed_commitment=commitment,
        )

    async def submit(
        self,
        pool: Any,
        game_id: uuid.UUID,
        viewer: Viewer,
        request: s.SubmitCommand,
        *,
        idempotency_key: str | None,
        request_id: str | None,
        include_legal: bool = False,
    ) -> s.CommandAccepted:
        """Decide and append the seat's command; the answer. ``include_legal`` adds the
        seat's legal commands at the new version (a repeated Idempotency-Key returns the
        first answer as it was, with or without them)."""
        seat = _seat_required(viewer, game_id)
        # Only a request that can be repeated (an Idempotency-Key) is compared by its hash.
        request_hash = (
            hashlib.sha256(canonical(msgspec.to_builtins(request))).hexdigest()
            if idempotency_key is not None
            else ""
        )
        for attempt in range(MAX_RETRIES):
            try:
                async with OnDemand(pool) as db:
                    if idempotency_key is None:
                        # The append is one statement: atomic without a transaction. A hot
                        # game's command needs no connection of its own (the batcher's).
                        answer, loaded = await self._submit_once(
                            db,
                            game_id,
                            seat,
                            request,
                            None,
                            request_hash,
                            request_id,
                            include_legal,
                        )
                    else:
                        # The key's claim and its answer commit with the events, or not at all.
                        async with (await db.get()).transaction():
                            answer, loaded = await self._submit_once(
                                db,
                                game_id,
                                seat,
                                request,
                                idempotency_key,
                                request_hash,
                                request_id,
                                include_legal,
                            )
                self.cache.put(game_id, loaded)
                command_outcome(loaded.spec.slug, "accepted")
                await self._after_commit(game_id, loaded)
                return answer
            except IdempotencyReplay as replay:
                if replay.request_hash != request_hash:
                    raise ApiError(
                        409,
                        "idempotency_key_reused",
                        "this Idempotency-Key was used with another request",
                    ) from None
                return msgspec.convert(replay.response, s.CommandAccepted)
            except VersionConflict as conflict:
                self.cache.drop(game_id)
                if request.expected_version is not None:
                    raise ApiError(409, "version_conflict", str(conflict)) from None
                await asyncio.sleep(0.002 * (attempt + 1))
        raise ApiError(409, "version_conflict", "the game kept changing; try again")

    async def _after_commit(self, game_id: uuid.UUID, loaded: Loaded) -> None:
        result = loaded.spec.result(loaded.state) if self.finished_hooks else None
        if result is None:
            return
        for hook in self.finished_hooks:
            try:
                await hook(game_id, loaded.stream.setup, result)
            except Exception:
                log.exception("finished hook failed for game %s", game_id)

    async def _submit_once(
        self,
        db: OnDemand,
        game_id: uuid.UUID,
        seat: int,
        request: s.SubmitCommand,
        idempotency_key: str | None,
        request_hash: str,
        request_id: str | None,
        include_legal: bool = False,
    ) -> tuple[s.CommandAccepted, Loaded]:
        """Decide and append once; the answer and the game as of the new version. Raises
        VersionConflict when another writer appended first (the caller retries)."""
        if idempotency_key is not None:
            await self.store.claim_idempotency_key(
                await db.get(), game_id, idempotency_key, request_hash
            )
        loaded = self.cache.get(game_id)
        from_cache = loaded is not None
        if loaded is None:
            loaded = await self.load(await db.get(), game_id)
        while True:
            try:
                events = await self._decide(db, loaded, seat, request)
                break
            except ApiError as refusal:
                # The cache may lag behind another process's writes: refuse only what the
                # stored state refuses.
                if from_cache:
                    from_cache = False
                    fresh = await self.load(await db.get(), game_id)
                    if fresh.version != loaded.version:
                        loaded = fresh
                        continue
                outcome = "conflict" if refusal.status == 409 else "rejected"
                command_outcome(loaded.spec.slug, outcome, refusal.code)
                raise
        spec, version = loaded.spec, loaded.version
        state = loaded.state
        for event in events:
            state = spec.evolve(state, event)
        result = spec.result(state)
        finished = result is not None
        result_data = msgspec.to_builtins(result) if finished else None
        command_id = str(uuid.uuid4())
        new = []
        for index, event in enumerate(events):
            metadata: dict[str, Any] = {
                "seat": seat,
                "command_id": command_id,
                "request_id": request_id,
            }
            if index == 0:
                metadata["command"] = msgspec.to_builtins(request.command)
                metadata["idempotency_key"] = idempotency_key
            new.append(NewEvent(type(event).__struct_config__.tag, encode_event(event), metadata))
        status = "finished" if finished else "active"
        # Only a command that holds no connection may wait for the batcher's: one holding a
        # connection while it waits could starve the pool of the one the batch needs.
        if self.batcher is not None and not db.holding:
            stored = await self.batcher.append(
                game_id,
                version,
                new,
                prev_hash=loaded.last_hash,
                status=status,
                result=result_data,
                reveal_seed=finished,
            )
        else:
            stored = await self.store.append_events(
                await db.get(),
                game_id,
                version,
                new,
                prev_hash=loaded.last_hash,
                status=status,
                result=result_data,
                reveal_seed=finished,
            )
        new_version = stored[-1].version if stored else version
        after = Loaded(
            dataclasses.replace(
                loaded.stream,
                version=new_version,
                status=status,
                result=result_data if finished else loaded.stream.result,
                updated_at=stored[-1].recorded_at if stored else loaded.stream.updated_at,
            ),
            spec,
            loaded.setup,
            state,
            stored[-1].hash if stored else loaded.last_hash,
        )
        answer = s.CommandAccepted(
            version=new_version,
            events=[
                event_out(spec, st, ev, seat, finished)
                for st, ev in zip(stored, events, strict=True)
            ],
            to_act=list(spec.to_act(state)),
            status=status,
            legal_commands=_legal_now(spec, state, seat) if include_legal else None,
        )
        if idempotency_key is not None:
            await self.store.complete_idempotency_key(
                await db.get(), game_id, idempotency_key, 200, msgspec.to_builtins(answer)
            )
        return answer, after

    async def _decide(
        self, db: OnDemand, loaded: Loaded, seat: int, request: s.SubmitCommand
    ) -> tuple[Any, ...]:
        """The events of a command on this state, or the ApiError that refuses it."""
        spec, version = loaded.spec, loaded.version
        if request.expected_version is not None and request.expected_version != version:
            raise ApiError(
                409,
                "stale_version",
                f"the game is at version {version}, not {request.expected_version}",
            )
        seed = await self._seed(db, loaded.stream.id)
        try:
            return kernel_decide(spec, loaded.state, seat, request.command, Rng(seed, version))
        except DomainError as exc:
            raise ApiError(422, exc.code, exc.detail) from exc

    # -- reads ---------------------------------------------------------------------------

    async def resource(
        self, conn: AsyncConnection, game_id: uuid.UUID, viewer: Viewer
    ) -> s.GameResource:
        seat = viewer.seat_in(game_id)
        loaded = await self.load(conn, game_id)
        seats = await self._seat_names(conn, game_id)
        seed = None
        if loaded.stream.status == "finished":
            seed_row = await self.store.seed(conn, game_id)
            seed = seed_row[0] if seed_row else None
        return _resource_answer(game_id, loaded, seats, seat, seed)

    def resource_from_cache(
        self, game_id: uuid.UUID, viewer: Viewer, min_version: int
    ) -> s.GameResource | None:
        """The caller's view from this process's cache, as :meth:`legal_from_cache`: when the
        cached game is at ``min_version`` or later and still active (a finished game's view
        shows its seed, which is read from the database); None otherwise."""
        seat = viewer.seat_in(game_id)
        loaded = self.cache.get(game_id)
        seats = self._seats.get(game_id)
        if (
            loaded is None
            or seats is None
            or loaded.version < min_version
            or loaded.stream.status == "finished"
        ):
            return None
        return _resource_answer(game_id, loaded, seats, seat, None)

    async def legal(
        self, conn: AsyncConnection, game_id: uuid.UUID, viewer: Viewer
    ) -> s.LegalCommands:
        seat = _seat_required(viewer, game_id)
        return _legal_answer(await self.load(conn, game_id), seat)

    def legal_from_cache(
        self, game_id: uuid.UUID, viewer: Viewer, min_version: int
    ) -> s.LegalCommands | None:
        """The seat's legal commands from this process's cache, without asking the database,
        when the cached game is at ``min_version`` or later (a version the caller already
        knows, e.g. from its last command's answer); None otherwise. Such an answer may be
        behind a command another process accepted since; its ``version`` says which state
        it is of, and a command sent with that ``expected_version`` is refused (409) if the
        game moved on."""
        seat = _seat_required(viewer, game_id)
        loaded = self.cache.get(game_id)
        if loaded is None or loaded.version < min_version:
            return None
        return _legal_answer(loaded, seat)

    async def events(
        self, conn: AsyncConnection, game_id: uuid.UUID, viewer: Viewer, after: int, limit: int
    ) -> s.EventPage:
        seat = viewer.seat_in(game_id)
        stream = await self.store.get_stream(conn, game_id)
        if stream is None or stream.kind != "game":
            raise not_found()
        spec = spec_for(stream.game)
        stored = await self.store.read(conn, game_id, after=after, limit=limit)
        finished = stream.status == "finished"
        return s.EventPage(
            version=stream.version,
            events=[event_out(spec, e, decode_event(spec, e), seat, finished) for e in stored],
        )

    async def view_at(
        self, conn: AsyncConnection, game_id: uuid.UUID, viewer: Viewer, version: int
    ) -> s.VersionedView:
        seat = viewer.seat_in(game_id)
        stream = await self.store.get_stream(conn, game_id)
        if stream is None or stream.kind != "game":
            raise not_found()
        if version > stream.version:
            raise ApiError(404, "version_not_found", f"the game is at version {stream.version}")
        spec = spec_for(stream.game)
        if version == stream.version:
            # The latest version is what the state cache holds: no replay.
            state = (await self.load(conn, game_id, stream)).state
        else:
            base = self.checkpoints.nearest(game_id, version)
            stored = await self.store.read(conn, game_id, after=base[0], upto=version)
            state = self.checkpoints.fold(game_id, spec, setup_of(spec, stream.setup), base, stored)
        return s.VersionedView(
            id=game_id,
            game=spec.slug,
            version=version,
            viewer=seat,
            to_act=list(spec.to_act(state)) if version else [],
            state=spec.view(state, seat),
            result=spec.result(state),
            full_state=msgspec.to_builtins(state) if stream.status == "finished" else None,
        )

    async def list(
        self,
        conn: AsyncConnection,
        *,
        game: str | None,
        status: str | None,
        player: str | None,
        limit: int,
        offset: int,
    ) -> s.GamePage:
        streams, total = await self.store.list_streams(
            conn, kind="game", game=game, status=status, player=player, limit=limit, offset=offset
        )
        seats_by_game = await self.store.seats_for(conn, [stream.id for stream in streams])
        items = []
        for stream in streams:
            seats = seats_by_game.get(stream.id, [])
            items.append(
                s.GameSummary(
                    id=stream.id,
                    game=stream.game,
                    status=stream.status,
                    version=stream.version,
                    seats=[s.SeatInfo(seat=i, name=n) for i, n in seats],
                    result=msgspec.convert(stream.result, s.Result) if stream.result else None,
                    created_at=stream.created_at,
                    updated_at=stream.updated_at,
                )
            )
        return s.GamePage(items=items, total=total, limit=limit, offset=offset)
