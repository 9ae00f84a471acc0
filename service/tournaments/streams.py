"""A tournament as an aggregate: a stream (kind ``tournament``) of ``domain.tournament``
events, loaded by folding them and changed by decide + an optimistic append, like a game.

Like games, a tournament's state is kept per process by version (``TOURNAMENT_CACHE``
tournaments): a load reads the stream row and folds only the events after the kept version,
and a cold load folds from the nearest persisted snapshot (service/games/snapshots.py). So a
command costs the same with 10 participants or 2,000, instead of a fold of the whole stream
(every registration is an event)."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import msgspec
from psycopg import AsyncConnection

from domain._kernel import Command, DomainError, Rng
from domain.tournament import TOURNAMENT
from domain.tournament.state import TournamentState
from service.games.cache import Lru
from service.games.model import encode_event
from service.games.snapshots import SNAPSHOT_EVERY, Snapshotter, StateCodec
from service.store.chain import NewEvent, StoredEvent, Stream, VersionConflict
from service.store.events import EventStore
from service.store.snapshots import nearest_snapshot
from service.support.errors import ApiError, not_found
from service.support.ids import new_command_id

MAX_RETRIES = 30
TOURNAMENT_CACHE = 256
"""Tournaments whose latest state a process keeps (least recently used forgotten)."""
INLINE_FOLD = 64
"""Events folded on the event loop at most; a longer fold (a cold tournament with no
snapshot near its version) runs in a worker thread."""

MakeCommand = Callable[[TournamentState], Command | None]
"""Builds the command from the freshly loaded state (None: nothing to do), so that a retry
after a lost race decides again on what is there now."""
AfterAppend = Callable[[AsyncConnection, tuple[Any, ...]], Awaitable[None]]


@dataclass
class LoadedTournament:
    stream: Stream
    state: TournamentState


def decode_event(stored: StoredEvent) -> Any:
    return msgspec.convert(stored.data, TOURNAMENT.event_type)


def fold(events: Any, state: TournamentState | None = None) -> TournamentState:
    state = state if state is not None else TOURNAMENT.initial_state()
    for event in events:
        state = TOURNAMENT.evolve(state, event)
    return state


def _fold_stored(events: list[StoredEvent], state: TournamentState | None) -> TournamentState:
    return fold((decode_event(e) for e in events), state)


CODEC = StateCodec(
    "tournament",
    TournamentState,
    (TOURNAMENT.rules_version,),
    lambda state: state,
    lambda state: state,
)


def domain_error(exc: DomainError) -> ApiError:
    return ApiError(422, exc.code, exc.detail)


class TournamentStreams:
    def __init__(self, pool: Any, store: EventStore, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.pool = pool
        self.store = store
        self.cache = Lru(TOURNAMENT_CACHE)
        """tournament id -> (version, state): the fold of the stream up to that version, whose
        events never change; kept only once committed."""
        self.snapshots = Snapshotter(pool, snapshot_every)

    async def load(self, conn: AsyncConnection, tournament_id: uuid.UUID) -> LoadedTournament:
        stream = await self.store.get_stream(conn, tournament_id)
        if stream is None or stream.kind != "tournament":
            raise not_found("tournament")
        return LoadedTournament(stream, await self._state_at(conn, stream))

    async def _state_at(self, conn: AsyncConnection, stream: Stream) -> TournamentState:
        """The state at the stream row's version: the kept one, folded forward if behind."""
        tournament_id, version = stream.id, stream.version
        kept = self.cache.get(tournament_id)
        if kept is not None and kept[0] == version:
            self.cache.move_to_end(tournament_id)
            return kept[1]
        base: tuple[int, TournamentState | None] = (
            kept if kept is not None and kept[0] < version else (0, None)
        )
        if version - base[0] > INLINE_FOLD:
            found = await nearest_snapshot(conn, tournament_id, version, CODEC.name, base[0])
            if found is not None:
                # Unreadable: folded from the events instead.
                with contextlib.suppress(
                    msgspec.DecodeError, msgspec.ValidationError, TypeError, ValueError
                ):
                    base = (found[0], CODEC.decode(found[1]))
        events = await self.store.read(conn, tournament_id, after=base[0], upto=version)
        if len(events) > INLINE_FOLD:
            state = await asyncio.to_thread(_fold_stored, events, base[1])
        else:
            state = _fold_stored(events, base[1])
        if self.snapshots.due(base[0], version) and len(events) > INLINE_FOLD:
            self.snapshots.schedule(tournament_id, CODEC, stream.rules_version, [(version, state)])
        # Kept by a plain read too: the row read is committed (or this transaction's own,
        # which the appender checks: see append()).
        if not conn.info.transaction_status:
            self.cache.store(tournament_id, (version, state))
        return state

    async def setup(self, conn: AsyncConnection, tournament_id: uuid.UUID) -> dict[str, Any]:
        stream = await self.store.get_stream(conn, tournament_id)
        if stream is None or stream.kind != "tournament":
            raise not_found("tournament")
        return stream.setup

    async def append(
        self,
        tournament_id: uuid.UUID,
        make: MakeCommand,
        *,
        after: AfterAppend | None = None,
        actor: str | None = None,
    ) -> tuple[Any, ...]:
        """Load, decide, append; on a lost race, again from the new state. Returns the
        events appended (none when ``make`` found nothing to do)."""
        for attempt in range(MAX_RETRIES):
            try:
                async with self.pool.connection() as conn, conn.transaction():
                    events, done = await self._append_once(conn, tournament_id, make, after, actor)
            except VersionConflict:
                await asyncio.sleep(0.002 * (attempt + 1))
                continue
            if done is not None:
                # Committed: the new state is the fold of the stream up to its new version.
                before, after_version, state, rules_version = done
                self.cache.store(tournament_id, (after_version, state))
                if self.snapshots.due(before, after_version):
                    self.snapshots.schedule(
                        tournament_id, CODEC, rules_version, [(after_version, state)]
                    )
            return events
        raise ApiError(409, "version_conflict", "the tournament kept changing; try again")

    async def _append_once(
        self,
        conn: AsyncConnection,
        tournament_id: uuid.UUID,
        make: MakeCommand,
        after: AfterAppend | None,
        actor: str | None,
    ) -> tuple[tuple[Any, ...], tuple[int, int, TournamentState, str] | None]:
        """The events appended, and (version before, version after, state after, rules
        version) for the caller to keep once the transaction committed."""
        loaded = await self.load(conn, tournament_id)
        command = make(loaded.state)
        if command is None:
            return (), None
        version = loaded.stream.version
        seed_row = await self.store.seed(conn, tournament_id)
        assert seed_row is not None
        try:
            events = TOURNAMENT.decide(loaded.state, command, Rng(seed_row[0], version))
        except DomainError as exc:
            raise domain_error(exc) from exc
        state = loaded.state
        for event in events:
            state = TOURNAMENT.evolve(state, event)
        finished = state.status == "finished"
        await self.store.append(
            conn,
            tournament_id,
            version,
            self.new_events(events, command, actor),
            status=state.status,
            result=msgspec.to_builtins({"ranking": state.ranking}) if finished else None,
        )
        if finished:
            await self.store.reveal_seed(conn, tournament_id)
        if after is not None:
            await after(conn, events)
        done = (version, version + len(events), state, loaded.stream.rules_version)
        return events, done

    @staticmethod
    def new_events(events: tuple[Any, ...], command: Command, actor: str | None) -> list[NewEvent]:
        command_id = new_command_id()
        out = []
        for index, event in enumerate(events):
            metadata: dict[str, Any] = {"actor": actor, "command_id": command_id}
            if index == 0:
                metadata["command"] = msgspec.to_builtins(command)
            out.append(NewEvent(type(event).__struct_config__.tag, encode_event(event), metadata))
        return out
