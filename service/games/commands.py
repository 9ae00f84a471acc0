"""The command side of games: create a game (``service/games/creation.py``), and decide and
append a seat's command.

A command on a hot game is decided on the cached state and appended by a statement that checks
the version; the process's batcher sends the appends that wait together as one statement
(service/store/batching.py), and such a command checks out no connection of its own. The cache
is never trusted to refuse: a command that the cached state rejects, or whose expected version
the cache does not match, is decided again on the state read from the database, so several
processes (each with its own cache) answer exactly as one would.

Commands are decided by the game's match (``domain/lifecycle``): the game's rules and the
kernel's lifecycle. The time of a decision is recorded in its first event's metadata
(``at``) whenever it matters (a clocked game, a lifecycle command), so the audit re-decides
with the same time; lifecycle commands sent by the clock or an organiser carry no seat and
name their ``actor``."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from domain._kernel import DomainError, Result, Rng
from domain.lifecycle import redact_lifecycle_event
from domain.lifecycle.commands import LIFECYCLE_COMMANDS
from domain.lifecycle.events import LIFECYCLE_EVENTS, auto_played
from service.games import schemas as s
from service.games.bots import auto_play_metadata
from service.games.creation import MAX_GAME_EVENTS, GameCreation
from service.games.model import (
    Loaded,
    Viewer,
    encode_event,
    event_out,
    legal_now,
    now_ms,
    seat_required,
    spec_for,
)
from service.games.repository import GameRepository, OnDemand
from service.games.seed_groups import group_of, tables_in_play
from service.store.batching import AppendBatcher
from service.store.chain import (
    IdempotencyReplay,
    NewEvent,
    StoredEvent,
    VersionConflict,
    canonical,
)
from service.support.busy import Counter
from service.support.errors import ApiError
from service.support.ids import new_command_id
from service.support.metrics import command_outcome

log = logging.getLogger("gamestate.games")

MAX_RETRIES = 8

FinishedHook = Callable[[uuid.UUID, dict[str, Any], Result | None], Awaitable[None]]
"""Called after a command that finished a game has committed: (game id, stored setup, Result,
None for a game abandoned without one). Hooks must be idempotent and may be missed if the
process dies right after the commit, so a hook's owner also reconciles at start-up
(tournaments do)."""
CommittedHook = Callable[[uuid.UUID, Loaded], None]
"""Called (synchronously, never failing) after every commit of this process with the game as
of its new version: the clock scheduler learns the new deadlines this way."""


class GameCommands(GameCreation):
    def __init__(
        self,
        repo: GameRepository,
        batcher: AppendBatcher | None = None,
        max_game_events: int = MAX_GAME_EVENTS,
    ) -> None:
        self.repo = repo
        self.batcher = batcher
        """Sends hot appends in batches (service/store/batching.py); without one, each command
        appends on its own connection."""
        self.max_game_events = max_game_events
        self.finished_hooks: list[FinishedHook] = []
        self.committed_hooks: list[CommittedHook] = []
        # People's commands in flight, for the bot thinkers to stand aside (support/busy.py).
        self.in_flight = Counter.from_env()

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
        seat = seat_required(viewer, game_id)
        # Only a request that can be repeated (an Idempotency-Key) is compared by its hash.
        request_hash = (
            hashlib.sha256(canonical(msgspec.to_builtins(request))).hexdigest()
            if idempotency_key is not None
            else ""
        )
        attempt = Attempt(
            game_id,
            seat,
            request,
            idempotency_key,
            request_hash,
            request_id,
            include_legal,
            started=time.perf_counter(),
        )
        # Not the counter's context manager: the same, without a generator per command.
        in_flight = self.in_flight
        in_flight.enter()
        try:
            return await self.run(pool, attempt)
        finally:
            in_flight.leave()

    async def run(self, pool: Any, attempt: Attempt) -> s.CommandAccepted:
        """Decide and append ``attempt`` (retried after a lost race when it names no
        expected version); the answer."""
        game_id, request = attempt.game_id, attempt.request
        for retry in range(MAX_RETRIES):
            db = OnDemand(pool)
            try:
                if attempt.idempotency_key is None:
                    # The append is one statement: atomic without a transaction. A hot game's
                    # command needs no connection of its own (the batcher's).
                    answer, loaded = await self._submit_once(db, attempt)
                else:
                    # The key's claim and its answer commit with the events, or not at all.
                    async with (await db.get()).transaction():
                        answer, loaded = await self._submit_once(db, attempt)
            except BaseException as exc:
                if db.holding:
                    await db.release(exc)
                if isinstance(exc, IdempotencyReplay):
                    return self._replayed(exc, attempt)
                if isinstance(exc, VersionConflict):
                    self.repo.cache.drop(game_id)
                    if request.expected_version is not None:
                        raise ApiError(409, "stale_version", str(exc)) from None
                    await asyncio.sleep(0.002 * (retry + 1))
                    continue
                raise
            if db.holding:
                await db.release(None)
            self.repo.cache.put(game_id, loaded)
            command_outcome(loaded.spec.slug, "accepted", started=attempt.started)
            for committed in self.committed_hooks:
                committed(game_id, loaded)
            if self.finished_hooks and loaded.spec.is_over(loaded.state):
                await self._finished(game_id, loaded)
            return answer
        raise ApiError(409, "version_conflict", "the game kept changing; try again")

    @staticmethod
    def _replayed(replay: IdempotencyReplay, attempt: Attempt) -> s.CommandAccepted:
        if replay.request_hash != attempt.request_hash:
            raise ApiError(
                409,
                "idempotency_key_reused",
                "this Idempotency-Key was used with another request",
            ) from None
        return replayed(replay.response, attempt.seat)

    async def _finished(self, game_id: uuid.UUID, loaded: Loaded) -> None:
        result = loaded.spec.result(loaded.state)
        for hook in self.finished_hooks:
            try:
                await hook(game_id, loaded.stream.setup, result)
            except Exception:
                log.exception("finished hook failed for game %s", game_id)

    async def _submit_once(
        self, db: OnDemand, attempt: Attempt
    ) -> tuple[s.CommandAccepted, Loaded]:
        """Decide and append once; the answer and the game as of the new version. Raises
        VersionConflict when another writer appended first (the caller retries)."""
        game_id, seat = attempt.game_id, attempt.seat
        if attempt.idempotency_key is not None:
            await self.repo.store.claim_idempotency_key(
                await db.get(), game_id, seat, attempt.idempotency_key, attempt.request_hash
            )
        loaded, events, at = await self._decided(db, attempt)
        spec = loaded.spec
        state = loaded.state
        for event in events:
            state = spec.evolve(state, event)
        finished = spec.is_over(state)
        result = spec.result(state)
        result_data = msgspec.to_builtins(result) if result is not None else None
        stored = await self._append(db, loaded, attempt, events, (finished, result_data), at)
        after = _advanced(loaded, state, stored, finished, result_data)
        # The events are shown in full when they finish the game, unless other tables dealt
        # the same seed still play (service/games/seed_groups.py).
        shown_in_full = finished
        if finished and group_of(loaded.stream.setup) is not None:
            shown_in_full = not await tables_in_play(
                self.repo.store, await db.get(), loaded.stream.setup
            )
        answer = s.CommandAccepted(
            version=after.version,
            events=[
                event_out(spec, st, ev, seat, shown_in_full)
                for st, ev in zip(stored, events, strict=True)
            ],
            to_act=list(spec.to_act(state)),
            status=after.stream.status,
            legal_commands=(
                legal_now(spec, state, seat) if attempt.include_legal and seat is not None else None
            ),
        )
        if attempt.idempotency_key is not None:
            await self.repo.store.complete_idempotency_key(
                await db.get(),
                game_id,
                seat,
                attempt.idempotency_key,
                200,
                msgspec.to_builtins(answer),
            )
        return answer, after

    async def _decided(
        self, db: OnDemand, attempt: Attempt
    ) -> tuple[Loaded, tuple[Any, ...], int | None]:
        """The game the command was decided on, its events and the time to record with them,
        or the ApiError refusing it."""
        loaded = self.repo.cache.get(attempt.game_id)
        from_cache = loaded is not None
        if loaded is None:
            loaded = await self.repo.load(await db.get(), attempt.game_id)
        while True:
            try:
                return loaded, *await self._decide(db, loaded, attempt.seat, attempt.request)
            except ApiError as refusal:
                # The cache may lag behind another process's writes: refuse only what the
                # stored state refuses.
                if from_cache:
                    from_cache = False
                    fresh = await self.repo.load(await db.get(), attempt.game_id)
                    if fresh.version != loaded.version:
                        loaded = fresh
                        continue
                outcome = "conflict" if refusal.status == 409 else "rejected"
                command_outcome(loaded.spec.slug, outcome, refusal.code, attempt.started)
                raise

    def _append(
        self,
        db: OnDemand,
        loaded: Loaded,
        attempt: Attempt,
        events: tuple[Any, ...],
        ending: tuple[bool, Any],
        at: int | None,
    ) -> Awaitable[list[StoredEvent]]:
        """The events' append, to be awaited: the batcher's future when it takes them (no
        coroutine of its own between the command and the batch: each level is resumed again
        when the batch commits)."""
        command_id = new_command_id()
        new = []
        auto = auto_played(events)
        for index, event in enumerate(events):
            metadata: dict[str, Any] = {
                "seat": attempt.seat,
                "command_id": command_id,
                "request_id": attempt.request_id,
            }
            if attempt.actor is not None:
                metadata["actor"] = attempt.actor
            if attempt.bot is not None:
                # On every event of the move, so that a page of events that starts inside
                # it still names the bot (``EventOut.played_by``).
                metadata["bot"] = attempt.bot
            if auto[index]:
                # The kernel's auto-play (a timeout, a zombie): its bot played these events,
                # even in the batch of a person's or a bot seat's move.
                metadata["bot"] = auto_play_metadata(loaded.state.life.terms.auto_play)
            if index == 0:
                metadata["command"] = msgspec.to_builtins(attempt.request.command)
                metadata["idempotency_key"] = attempt.idempotency_key
                if at is not None:
                    metadata["at"] = at
            new.append(NewEvent(type(event).__struct_config__.tag, encode_event(event), metadata))
        finished, result_data = ending
        status = "finished" if finished else "active"
        arguments = {
            "prev_hash": loaded.last_hash,
            "status": status,
            "result": result_data,
            "reveal_seed": finished,
        }
        # Only a command that holds no connection may wait for the batcher's: one holding a
        # connection while it waits could starve the pool of the one the batch needs.
        if self.batcher is not None and not db.holding:
            return self.batcher.append(attempt.game_id, loaded.version, new, **arguments)
        return self._append_on(db, attempt.game_id, loaded.version, new, arguments)

    async def _append_on(
        self,
        db: OnDemand,
        game_id: uuid.UUID,
        version: int,
        new: list[NewEvent],
        arguments: dict[str, Any],
    ) -> list[StoredEvent]:
        return await self.repo.store.append_events(
            await db.get(), game_id, version, new, **arguments
        )

    async def _decide(
        self, db: OnDemand, loaded: Loaded, seat: int | None, request: s.SubmitCommand
    ) -> tuple[tuple[Any, ...], int | None]:
        """The events of a command on this state and the time to record with them (None when
        it does not matter: a game command on a game without a clock), or the ApiError that
        refuses it."""
        spec, version = loaded.spec, loaded.version
        if request.expected_version is not None and request.expected_version != version:
            raise ApiError(
                409,
                "stale_version",
                f"the game is at version {version}, not {request.expected_version}",
            )
        # A cached seed without the coroutine of repo.seed, which reads it on a miss.
        seed = self.repo.seeds.get(loaded.stream.id) or await self.repo.seed(db, loaded.stream.id)
        timed = loaded.state.life.terms.clock is not None
        at = now_ms() if timed or isinstance(request.command, LIFECYCLE_COMMANDS) else None
        try:
            events = spec.decide(loaded.state, seat, request.command, Rng(seed, version), at)
        except DomainError as exc:
            raise ApiError(422, exc.code, exc.detail) from exc
        return events, at


class Attempt(msgspec.Struct, frozen=True):
    """One command as submitted: what every try of it needs."""

    game_id: uuid.UUID
    seat: int | None
    """None for a lifecycle command of the clock or an organiser."""
    request: s.SubmitCommand
    idempotency_key: str | None
    request_hash: str
    request_id: str | None
    include_legal: bool
    actor: str | None = None
    """Who sent a command that no seat sent (``clock``, ``organiser``, ``tournament``)."""
    started: float = 0.0
    """``time.perf_counter()`` when the command arrived (its latency metric)."""
    bot: dict[str, Any] | None = None
    """A bot seat's command: its policy, level and ``domain.bots.VERSION`` (metadata ``bot``;
    service/games/bots.py)."""


def replayed(response: Any, seat: int | None) -> s.CommandAccepted:
    """A stored answer as the asking seat would get it fresh: its events redacted for that
    seat unless the command finished the game. Keys are per seat, so this is the seat that
    stored it; redacting again anyway keeps a row from before keys were per seat, or any
    other mistake, from ever handing one seat's hidden information to another."""
    answer = msgspec.convert(response, s.CommandAccepted)
    if answer.status == "finished":
        return answer
    for event in answer.events:
        slug = event.type.partition(".")[0]
        if isinstance(event.data, LIFECYCLE_EVENTS):
            event.data = redact_lifecycle_event(event.data, seat)
        else:
            event.data = spec_for(slug).redact(event.data, seat)
    return answer


def _advanced(
    loaded: Loaded, state: Any, stored: list[StoredEvent], finished: bool, result_data: Any
) -> Loaded:
    """The game after its new events were stored."""
    if not stored:
        return msgspec.structs.replace(loaded, state=state)
    stream = msgspec.structs.replace(
        loaded.stream,
        version=stored[-1].version,
        status="finished" if finished else "active",
        result=result_data if finished else loaded.stream.result,
        updated_at=stored[-1].recorded_at,
    )
    return Loaded(stream, loaded.spec, loaded.setup, state, stored[-1].hash)
