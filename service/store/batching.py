"""Group commit: the hot appends of one process, several streams per statement.

A command on a hot game is decided on the cached state and appended in one autocommit
statement (service/store/events.py). Under load many such appends are waiting at once, each paying
for its own round trip, statement and commit (a WAL flush): about 0.2 ms of PostgreSQL CPU
and 0.15 ms of the service's, most of it the same whatever the statement carries.

:class:`AppendBatcher` sends them together. An append joins the queue; whenever no batch is
in flight, everything queued goes out as one statement on one pooled connection, so a batch
holds what arrived while the previous one was in the database: one append when the process
is quiet (sent at once, with the single-stream statement), more as the load grows. Each
stream keeps its own version check in the statement: a stream that moved on is refused
(``VersionConflict``) and the others are appended, exactly as if each had been sent alone.

- At most one append per stream per batch; another for the same stream waits for the next
  batch (where its version check refuses it, unless it was decided on the newer version).
  At most ``MAX_BATCH`` appends per batch, so that one statement stays short whatever the
  number of clients.
- The streams' rows are locked in id order before they are updated, so that two processes'
  batches over the same streams cannot deadlock.
- A batch that fails for any other reason than the connection is retried one append at a
  time, so that only the append at fault fails, with its own error.
- The batch runs in a task of its own: a request that goes away does not cancel the others'
  appends (its own is committed or not, as a lone append would be).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Sequence
from typing import Any

import msgspec
import psycopg
from psycopg_pool import PoolClosed, PoolTimeout

from service.store.announce import Announcer
from service.store.chain import (
    NewEvent,
    StoredEvent,
    VersionConflict,
    chain_events,
    stored_events,
)
from service.store.events import EventStore
from service.support.metrics import APPEND_LATENCY, batch_sent

_PARAMETERS = msgspec.json.Encoder()

MAX_BATCH = 256
"""Appends per statement at most; the rest wait for the next batch."""

_BATCH_APPEND = """
WITH input AS (
    SELECT * FROM jsonb_to_recordset(%(streams)s::jsonb)
        AS s(id uuid, expected bigint, new bigint, status text, result jsonb, reveal boolean)
), locked AS (
    SELECT streams.id FROM streams JOIN input ON streams.id = input.id
    WHERE streams.version = input.expected
    ORDER BY streams.id
    FOR NO KEY UPDATE OF streams
), moved AS (
    UPDATE streams SET version = input.new, status = coalesce(input.status, streams.status),
        result = coalesce(input.result, streams.result), updated_at = now()
    FROM locked JOIN input ON input.id = locked.id
    WHERE streams.id = locked.id
    RETURNING streams.id, coalesce(streams.listened_until > now(), false) AS heard,
        coalesce(streams.listened_until = 'infinity', false) AS notable
), revealed AS (
    UPDATE secrets SET revealed = true FROM moved JOIN input ON input.id = moved.id
    WHERE input.reveal AND secrets.stream_id = moved.id
), added AS (
    INSERT INTO events (stream_id, version, type, data, metadata, prev_hash, hash, notable)
    SELECT e.stream_id, e.version, e.type, e.data, e.metadata, e.prev_hash, e.hash, moved.notable
    FROM ROWS FROM (jsonb_to_recordset(%(events)s::jsonb) AS (stream_id uuid, version bigint,
            type text, data jsonb, metadata jsonb, prev_hash text, hash text))
        WITH ORDINALITY AS e(stream_id, version, type, data, metadata, prev_hash, hash, n)
    JOIN moved ON moved.id = e.stream_id
    ORDER BY e.n
    RETURNING stream_id, version, position, schema_version, recorded_at
)
SELECT moved.id, added.version, added.position, added.schema_version, added.recorded_at,
    moved.heard
FROM moved LEFT JOIN added ON added.stream_id = moved.id
"""
"""Every queued append in one statement; the same checks as ``_APPEND_QUIET``, per stream,
and the same ``heard`` (whether to announce the commit) and ``notable``.
The events are inserted in queue order (so each stream's positions follow its versions); a
moved stream with no events still comes back once, with NULLs."""


class _Append(msgspec.Struct):
    stream_id: uuid.UUID
    expected_version: int
    events: Sequence[NewEvent]
    prev_hash: str
    status: str | None
    result: Any
    reveal_seed: bool
    done: asyncio.Future[list[StoredEvent]]
    queued: float = msgspec.field(default_factory=time.perf_counter)


class AppendBatcher:
    """Queues the hot appends of this process and sends them in batches (module docstring).

    Only for appends that commit on their own: an append inside a larger transaction must
    stay on that transaction's connection."""

    def __init__(self, store: EventStore) -> None:
        # A batch's statement has no NOTIFY: its commits are announced by the store's
        # announcer, as every append that commits on its own is.
        assert store.announcer is not None, "group commit needs the store's announcer"
        self.store = store
        self.announcer: Announcer = store.announcer
        self._queue: list[_Append] = []
        self._flushing: asyncio.Task[None] | None = None
        self.batches = 0
        """Statements sent so far (one per batch)."""
        self.appends = 0
        """Appends sent so far, in all batches."""
        self.retried = 0
        """Batches whose statement failed and whose appends were sent again one by one."""

    def append(
        self,
        stream_id: uuid.UUID,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        prev_hash: str,
        status: str | None = None,
        result: Any = None,
        reveal_seed: bool = False,
    ) -> asyncio.Future[list[StoredEvent]]:
        """:meth:`EventStore.append_events` (with the previous hash known), in the next batch:
        a future to await (queued at once; not a coroutine, whose level every resumption of
        the waiting command would pass through)."""
        done: asyncio.Future[list[StoredEvent]] = asyncio.get_running_loop().create_future()
        self._queue.append(
            _Append(
                stream_id, expected_version, events, prev_hash, status, result, reveal_seed, done
            )
        )
        if self._flushing is None:
            self._flushing = asyncio.create_task(self._flush_all(), name="append-batcher")
        return done

    async def _flush_all(self) -> None:
        try:
            while self._queue:
                batch, seen, later = [], set(), []
                for item in self._queue:
                    if item.stream_id in seen or len(batch) == MAX_BATCH:
                        later.append(item)
                    else:
                        batch.append(item)
                        seen.add(item.stream_id)
                self._queue = later
                try:
                    await self._send(batch)
                except BaseException as exc:
                    # Whatever went wrong, no waiter is left waiting for ever.
                    for item in batch:
                        _settle(item, exc=exc)
                    raise
        finally:
            self._flushing = None
            for item in self._queue:  # cancelled (shutdown) with appends still queued
                _settle(item, exc=psycopg.OperationalError("the append queue was stopped"))
            self._queue = []

    async def _send(self, batch: list[_Append]) -> None:
        self.batches += 1
        self.appends += len(batch)
        batch_sent(len(batch))
        if len(batch) == 1:
            await self._send_alone(batch[0])
            return
        broken = False
        try:
            async with self.store.pool.connection() as conn:
                try:
                    outcome = await self._send_together(conn, batch)
                finally:
                    broken = conn.broken
        except Exception as exc:
            if broken or isinstance(exc, (PoolTimeout, PoolClosed)):
                # No database: every append of the batch fails with that (a 503).
                for item in batch:
                    _settle(item, exc=exc)
            else:
                # One append's fault (a deadlock, a refused row...): each alone, with its
                # own outcome.
                self.retried += 1
                for item in batch:
                    await self._send_alone(item)
            return
        now = time.perf_counter()
        for item in batch:
            APPEND_LATENCY.observe(now - item.queued)
            found = outcome[item.stream_id]
            if isinstance(found, BaseException):
                _settle(item, exc=found)
            else:
                _settle(item, value=found)

    async def _send_alone(self, item: _Append) -> None:
        try:
            async with self.store.pool.connection() as conn:
                stored = await self.store.append_events(
                    conn,
                    item.stream_id,
                    item.expected_version,
                    item.events,
                    prev_hash=item.prev_hash,
                    status=item.status,
                    result=item.result,
                    reveal_seed=item.reveal_seed,
                )
        except Exception as exc:
            _settle(item, exc=exc)
        else:
            _settle(item, value=stored)

    async def _send_together(
        self, conn: psycopg.AsyncConnection, batch: list[_Append]
    ) -> dict[uuid.UUID, list[StoredEvent] | BaseException]:
        rows: dict[uuid.UUID, tuple[list[dict[str, Any]], list[Any]]] = {}
        for item in batch:
            rows[item.stream_id] = chain_events(
                item.stream_id, item.expected_version, item.prev_hash, item.events
            )
        # The statement's parameters need no canonical (sorted) JSON, and msgspec writes a
        # UUID as str() does.
        streams = [
            {
                "id": item.stream_id,
                "expected": item.expected_version,
                "new": item.expected_version + len(item.events),
                "status": item.status,
                "result": item.result,
                "reveal": item.reveal_seed,
            }
            for item in batch
        ]
        events = [
            {**row, "stream_id": item.stream_id}
            for item in batch
            for row in rows[item.stream_id][0]
        ]
        cur = await conn.execute(
            _BATCH_APPEND,
            {
                "streams": _PARAMETERS.encode(streams).decode(),
                "events": _PARAMETERS.encode(events).decode(),
            },
        )
        returned: dict[uuid.UUID, list[Any]] = {}
        for stream_id, *rest in await cur.fetchall():
            returned.setdefault(stream_id, []).append(rest)
        refused = [item.stream_id for item in batch if item.stream_id not in returned]
        actual: dict[uuid.UUID, int] = {}
        if refused:
            cur = await conn.execute(
                "SELECT id, version FROM streams WHERE id = ANY(%s)", (refused,)
            )
            actual = dict(await cur.fetchall())
        outcome: dict[uuid.UUID, list[StoredEvent] | BaseException] = {}
        for item in batch:
            if item.stream_id in refused:
                outcome[item.stream_id] = VersionConflict(
                    item.expected_version, actual.get(item.stream_id, -1)
                )
                continue
            if returned[item.stream_id][0][4]:
                self.announcer.announce(item.stream_id, item.expected_version + len(item.events))
            chained, decoded = rows[item.stream_id]
            outcome[item.stream_id] = stored_events(
                item.stream_id, chained, decoded, returned[item.stream_id]
            )
        return outcome


def _settle(
    item: _Append, *, value: list[StoredEvent] | None = None, exc: BaseException | None = None
) -> None:
    if item.done.done():  # the waiter went away (cancelled): nothing to tell it
        return
    if exc is not None:
        item.done.set_exception(exc)
    else:
        item.done.set_result(value)  # type: ignore[arg-type]
