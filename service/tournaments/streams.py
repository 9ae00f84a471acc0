"""A tournament as an aggregate: a stream (kind ``tournament``) of ``domain.tournament``
events, loaded by folding them and changed by decide + an optimistic append, like a game."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import msgspec
from psycopg import AsyncConnection

from domain._kernel import Command, DomainError, Rng
from domain.tournament import TOURNAMENT
from domain.tournament.state import TournamentState
from service.games.model import encode_event
from service.store.chain import NewEvent, StoredEvent, Stream, VersionConflict
from service.store.events import EventStore
from service.support.errors import ApiError, not_found

MAX_RETRIES = 30

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


def fold(events: Any) -> TournamentState:
    state = TOURNAMENT.initial_state()
    for event in events:
        state = TOURNAMENT.evolve(state, event)
    return state


def domain_error(exc: DomainError) -> ApiError:
    return ApiError(422, exc.code, exc.detail)


class TournamentStreams:
    def __init__(self, pool: Any, store: EventStore) -> None:
        self.pool = pool
        self.store = store

    async def load(self, conn: AsyncConnection, tournament_id: uuid.UUID) -> LoadedTournament:
        stream = await self.store.get_stream(conn, tournament_id)
        if stream is None or stream.kind != "tournament":
            raise not_found("tournament")
        events = await self.store.read(conn, tournament_id, upto=stream.version)
        return LoadedTournament(stream, fold(decode_event(e) for e in events))

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
                    return await self._append_once(conn, tournament_id, make, after, actor)
            except VersionConflict:
                await asyncio.sleep(0.002 * (attempt + 1))
        raise ApiError(409, "version_conflict", "the tournament kept changing; try again")

    async def _append_once(
        self,
        conn: AsyncConnection,
        tournament_id: uuid.UUID,
        make: MakeCommand,
        after: AfterAppend | None,
        actor: str | None,
    ) -> tuple[Any, ...]:
        loaded = await self.load(conn, tournament_id)
        command = make(loaded.state)
        if command is None:
            return ()
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
        return events

    @staticmethod
    def new_events(events: tuple[Any, ...], command: Command, actor: str | None) -> list[NewEvent]:
        command_id = str(uuid.uuid4())
        out = []
        for index, event in enumerate(events):
            metadata: dict[str, Any] = {"actor": actor, "command_id": command_id}
            if index == 0:
                metadata["command"] = msgspec.to_builtins(command)
            out.append(NewEvent(type(event).__struct_config__.tag, encode_event(event), metadata))
        return out
