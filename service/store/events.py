"""The event store on PostgreSQL (psycopg 3, async).

Properties (DESIGN.md "Storage"): one row per stream; events keyed by (stream, version) with a
global position; append-only enforced by triggers; every event hashed and chained to the one
before it in its stream; seeds kept apart; optimistic appends; idempotent commands.

An append takes the stream row's lock through ``UPDATE ... WHERE version = expected``: a
concurrent appender waits for the first to commit, then finds the version moved and loses
cleanly (``VersionConflict``) instead of failing on the primary key.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
from psycopg import AsyncConnection
from psycopg.pq import TransactionStatus
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb, set_json_dumps, set_json_loads
from psycopg_pool import AsyncConnectionPool

from service.store.announce import Announcer
from service.support.metrics import timed_append

GENESIS = "0" * 64
NOTIFY_CHANNEL = "gamestate_events"


class VersionConflict(Exception):
    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected version {expected}, stream is at {actual}")
        self.expected = expected
        self.actual = actual


class IdempotencyReplay(Exception):
    """The key was used before: carry the first answer back."""

    def __init__(self, request_hash: str, status: int, response: Any) -> None:
        self.request_hash = request_hash
        self.status = status
        self.response = response


@dataclass(frozen=True)
class NewEvent:
    type: str
    data: bytes
    """The event encoded as canonical JSON (msgspec, sorted keys)."""
    metadata: dict[str, Any]


@dataclass(frozen=True)
class StoredEvent:
    position: int
    stream_id: uuid.UUID
    version: int
    type: str
    schema_version: int
    data: Any
    metadata: dict[str, Any]
    recorded_at: Any
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class Stream:
    id: uuid.UUID
    kind: str
    game: str
    rules_version: str
    setup: dict[str, Any]
    version: int
    status: str
    seed_commitment: str | None
    result: Any
    created_at: Any
    updated_at: Any


_canonical = msgspec.json.Encoder(order="sorted")

# psycopg parses and writes json/jsonb with the standard library by default; msgspec does the
# same work several times faster, and stored events are read on every cold load and replay.
set_json_loads(msgspec.json.decode)
set_json_dumps(msgspec.json.encode)


def canonical(value: Any) -> bytes:
    return _canonical.encode(value)


def event_hash(
    prev_hash: str, stream_id: uuid.UUID | str, version: int, type_: str, data: Any, metadata: Any
) -> str:
    """sha256 over the previous hash and the canonical JSON of the event's content.

    Documented in README ("Records and audit") so that anyone can recompute it."""
    body = canonical(
        {
            "stream": str(stream_id),
            "version": version,
            "type": type_,
            "data": data,
            "metadata": metadata,
        }
    )
    return hashlib.sha256(prev_hash.encode() + b"\n" + body).hexdigest()


def _stream(row: dict[str, Any]) -> Stream:
    return Stream(**{name: row[name] for name in Stream.__dataclass_fields__})


def _event(row: dict[str, Any]) -> StoredEvent:
    return StoredEvent(**{name: row[name] for name in StoredEvent.__dataclass_fields__})


def chain_events(
    stream_id: uuid.UUID, expected_version: int, prev_hash: str, events: Sequence[NewEvent]
) -> tuple[list[dict[str, Any]], list[Any]]:
    """The rows to insert after ``expected_version``, hashed and chained to ``prev_hash``, and
    each event's decoded data."""
    rows, decoded = [], []
    prev = prev_hash
    for offset, event in enumerate(events, start=1):
        version = expected_version + offset
        data = msgspec.json.decode(event.data)
        digest = event_hash(prev, stream_id, version, event.type, data, event.metadata)
        rows.append(
            {
                "version": version,
                "type": event.type,
                "data": msgspec.Raw(event.data),
                "metadata": event.metadata,
                "prev_hash": prev,
                "hash": digest,
            }
        )
        decoded.append(data)
        prev = digest
    return rows, decoded


def stored_events(
    stream_id: uuid.UUID, rows: list[dict[str, Any]], decoded: list[Any], returned: list[Any]
) -> list[StoredEvent]:
    """The inserted rows as stored: with the (version, position, schema version, recorded
    time) the statement returned for each."""
    by_version = {r[0]: r[1:] for r in returned if r[0] is not None}
    stored = []
    for row, data in zip(rows, decoded, strict=True):
        position, schema_version, recorded_at = by_version[row["version"]]
        stored.append(
            StoredEvent(
                position=position,
                stream_id=stream_id,
                version=row["version"],
                type=row["type"],
                schema_version=schema_version,
                data=data,
                metadata=row["metadata"],
                recorded_at=recorded_at,
                prev_hash=row["prev_hash"],
                hash=row["hash"],
            )
        )
    return stored


def commits_on_its_own(conn: AsyncConnection) -> bool:
    """A statement on ``conn`` now commits when it ends (autocommit, no transaction open),
    and what it wrote cannot be rolled back by a caller afterwards."""
    return conn.autocommit and conn.info.transaction_status == TransactionStatus.IDLE


# In the order of Stream's fields.
STREAM_COLUMNS = "id, kind, game, rules_version, setup, version, status, seed_commitment, result, created_at, updated_at"
EVENT_COLUMNS = "position, stream_id, version, type, schema_version, data, metadata, recorded_at, prev_hash, hash"


_APPEND_TEMPLATE = """
WITH moved AS (
    UPDATE streams SET version = %(new)s, status = coalesce(%(status)s, status),
        result = coalesce(%(result)s, result), updated_at = now()
    WHERE id = %(id)s AND version = %(expected)s
    RETURNING id{notify}
), revealed AS (
    UPDATE secrets SET revealed = true FROM moved
    WHERE %(reveal)s AND secrets.stream_id = moved.id
), added AS (
    INSERT INTO events (stream_id, version, type, data, metadata, prev_hash, hash)
    SELECT moved.id, e.version, e.type, e.data, e.metadata, e.prev_hash, e.hash
    FROM moved, jsonb_to_recordset(%(events)s::jsonb)
        AS e(version bigint, type text, data jsonb, metadata jsonb, prev_hash text, hash text)
    RETURNING version, position, schema_version, recorded_at
)
SELECT added.version, added.position, added.schema_version, added.recorded_at
FROM moved LEFT JOIN added ON true ORDER BY added.version
"""
"""The whole append in one statement. Data-modifying CTEs run exactly once whether or not the
final SELECT reads them; ``moved`` is empty when the version check fails, and then nothing is
inserted or revealed and no row comes back. With no events it still returns one row (of
NULLs), so success and conflict stay distinguishable."""

_APPEND = _APPEND_TEMPLATE.format(notify=", pg_notify(%(channel)s, %(payload)s)")
"""With the NOTIFY: delivered when the caller's transaction commits."""
_APPEND_QUIET = _APPEND_TEMPLATE.format(notify="")
"""Without: the statement commits on its own and the announcer sends the hint afterwards."""


_START_TEMPLATE = """
WITH stream AS (
    INSERT INTO streams (id, kind, game, rules_version, setup, version, status, seed_commitment)
    VALUES (%(id)s, %(kind)s, %(game)s, %(rules_version)s, %(setup)s, %(version)s, %(status)s,
        %(seed_commitment)s)
    RETURNING id{notify}
), secret AS (
    INSERT INTO secrets (stream_id, seed) SELECT stream.id, %(seed)s FROM stream
    WHERE %(seed)s::text IS NOT NULL
), seat AS (
    INSERT INTO seats (stream_id, seat, name, token_hash)
    SELECT stream.id, s.seat, s.name, s.token_hash
    FROM stream, jsonb_to_recordset(%(seats)s::jsonb) AS s(seat int, name text, token_hash text)
), added AS (
    INSERT INTO events (stream_id, version, type, data, metadata, prev_hash, hash)
    SELECT stream.id, e.version, e.type, e.data, e.metadata, e.prev_hash, e.hash
    FROM stream, jsonb_to_recordset(%(events)s::jsonb)
        AS e(version bigint, type text, data jsonb, metadata jsonb, prev_hash text, hash text)
    RETURNING version, position, schema_version, recorded_at
)
SELECT version, position, schema_version, recorded_at FROM added ORDER BY version
"""
"""A new stream with its secret, seats and first events, in one statement (one round trip,
atomic on its own). Foreign keys are checked at the statement's end, when the stream row
exists."""
_START = _START_TEMPLATE.format(notify=", pg_notify(%(channel)s, %(payload)s)")
_START_QUIET = _START_TEMPLATE.format(notify="")


class EventStore:
    def __init__(self, pool: AsyncConnectionPool, announcer: Announcer | None = None) -> None:
        self.pool = pool
        self.announcer = announcer
        """Sends the commit hints of appends that commit on their own (service/store/announce.py);
        without one, every append notifies in its own statement."""

    # -- streams -------------------------------------------------------------------------

    async def create_stream(
        self,
        conn: AsyncConnection,
        *,
        stream_id: uuid.UUID,
        kind: str,
        game: str,
        rules_version: str,
        setup: dict[str, Any],
        status: str,
        seed: str | None = None,
        seed_commitment: str | None = None,
        seats: Sequence[tuple[int, str, str]] = (),
    ) -> None:
        await conn.execute(
            "INSERT INTO streams (id, kind, game, rules_version, setup, status, seed_commitment)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (stream_id, kind, game, rules_version, Jsonb(setup), status, seed_commitment),
        )
        if seed is not None:
            await conn.execute(
                "INSERT INTO secrets (stream_id, seed) VALUES (%s, %s)", (stream_id, seed)
            )
        if seats:
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO seats (stream_id, seat, name, token_hash) VALUES (%s, %s, %s, %s)",
                    [(stream_id, seat, name, token_hash) for seat, name, token_hash in seats],
                )

    async def start_stream(
        self,
        conn: AsyncConnection,
        *,
        stream_id: uuid.UUID,
        kind: str,
        game: str,
        rules_version: str,
        setup: dict[str, Any],
        status: str,
        events: Sequence[NewEvent],
        seed: str | None = None,
        seed_commitment: str | None = None,
        seats: Sequence[tuple[int, str, str]] = (),
    ) -> list[StoredEvent]:
        """:meth:`create_stream` and the first :meth:`append_events` in one statement; the
        events as stored. Announced like an append (NOTIFY in the statement inside a larger
        transaction, else by the announcer)."""
        announcer = self._announcer_for(conn)
        rows, decoded = chain_events(stream_id, 0, GENESIS, events)
        cur = await conn.execute(
            _START if announcer is None else _START_QUIET,
            {
                "id": stream_id,
                "kind": kind,
                "game": game,
                "rules_version": rules_version,
                "setup": Jsonb(setup),
                "version": len(events),
                "status": status,
                "seed_commitment": seed_commitment,
                "seed": seed,
                "seats": _canonical.encode(
                    [{"seat": seat, "name": name, "token_hash": th} for seat, name, th in seats]
                ).decode(),
                "events": _canonical.encode(rows).decode(),
                "channel": NOTIFY_CHANNEL,
                "payload": f"{stream_id}:{len(events)}",
            },
        )
        returned = await cur.fetchall()
        if announcer is not None and events:
            announcer.announce(stream_id, len(events))
        return stored_events(stream_id, rows, decoded, returned)

    async def get_stream(self, conn: AsyncConnection, stream_id: uuid.UUID) -> Stream | None:
        # Asked on every read and cold command: a tuple row in field order, no dict per row.
        cur = await conn.execute(
            f"SELECT {STREAM_COLUMNS} FROM streams WHERE id = %s", (stream_id,)
        )
        row = await cur.fetchone()
        return Stream(*row) if row else None

    async def version(self, conn: AsyncConnection, stream_id: uuid.UUID) -> int | None:
        """The stream's current version (None if there is no such stream)."""
        cur = await conn.execute("SELECT version FROM streams WHERE id = %s", (stream_id,))
        row = await cur.fetchone()
        return row[0] if row else None

    async def seats(self, conn: AsyncConnection, stream_id: uuid.UUID) -> list[tuple[int, str]]:
        cur = await conn.execute(
            "SELECT seat, name FROM seats WHERE stream_id = %s ORDER BY seat", (stream_id,)
        )
        return [(seat, name) for seat, name in await cur.fetchall()]

    async def seats_for(
        self, conn: AsyncConnection, stream_ids: list[uuid.UUID]
    ) -> dict[uuid.UUID, list[tuple[int, str]]]:
        found: dict[uuid.UUID, list[tuple[int, str]]] = {}
        if stream_ids:
            cur = await conn.execute(
                "SELECT stream_id, seat, name FROM seats WHERE stream_id = ANY(%s) ORDER BY stream_id, seat",
                (stream_ids,),
            )
            for stream_id, seat, name in await cur.fetchall():
                found.setdefault(stream_id, []).append((seat, name))
        return found

    async def seat_for_token(
        self, conn: AsyncConnection, token_hash: str
    ) -> tuple[uuid.UUID, int] | None:
        cur = await conn.execute(
            "SELECT stream_id, seat FROM seats WHERE token_hash = %s", (token_hash,)
        )
        row = await cur.fetchone()
        return (row[0], row[1]) if row else None

    async def list_streams(
        self,
        conn: AsyncConnection,
        *,
        kind: str,
        game: str | None,
        status: str | None,
        player: str | None,
        limit: int,
        offset: int,
    ) -> tuple[list[Stream], int]:
        where = ["kind = %(kind)s"]
        if game:
            where.append("game = %(game)s")
        if status:
            where.append("status = %(status)s")
        if player:
            where.append(
                "EXISTS (SELECT 1 FROM seats s WHERE s.stream_id = streams.id AND lower(s.name) = lower(%(player)s))"
            )
        params = {
            "kind": kind,
            "game": game,
            "status": status,
            "player": player,
            "limit": limit,
            "offset": offset,
        }
        clause = " AND ".join(where)
        async with conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                f"SELECT {STREAM_COLUMNS}, count(*) OVER () AS total FROM streams WHERE {clause}"
                " ORDER BY created_at DESC, id LIMIT %(limit)s OFFSET %(offset)s",
                params,
            )
            rows = await cur.fetchall()
            if rows:
                return [_stream(r) for r in rows], rows[0]["total"]
            await cur.execute(f"SELECT count(*) AS total FROM streams WHERE {clause}", params)
            total = (await cur.fetchone())["total"]
        return [], total

    async def seed(self, conn: AsyncConnection, stream_id: uuid.UUID) -> tuple[str, bool] | None:
        cur = await conn.execute(
            "SELECT seed, revealed FROM secrets WHERE stream_id = %s", (stream_id,)
        )
        row = await cur.fetchone()
        return (row[0], row[1]) if row else None

    # -- events --------------------------------------------------------------------------

    async def read(
        self,
        conn: AsyncConnection,
        stream_id: uuid.UUID,
        *,
        after: int = 0,
        upto: int | None = None,
        limit: int | None = None,
    ) -> list[StoredEvent]:
        query = f"SELECT {EVENT_COLUMNS} FROM events WHERE stream_id = %s AND version > %s"
        params: list[Any] = [stream_id, after]
        if upto is not None:
            query += " AND version <= %s"
            params.append(upto)
        query += " ORDER BY version"
        if limit is not None:
            query += " LIMIT %s"
            params.append(limit)
        async with conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(query, params)
            return [_event(r) for r in await cur.fetchall()]

    async def read_all(
        self, conn: AsyncConnection, *, after_position: int = 0, limit: int = 1000
    ) -> list[StoredEvent]:
        """Catch-up read in global order. Only positions whose transactions can no longer be
        overtaken are returned, so a reader that resumes from its last position misses nothing."""
        async with conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE position > %s"
                " AND tx < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY position LIMIT %s",
                (after_position, limit),
            )
            return [_event(r) for r in await cur.fetchall()]

    async def append(
        self,
        conn: AsyncConnection,
        stream_id: uuid.UUID,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        status: str | None = None,
        result: Any = None,
        reveal_seed: bool = False,
    ) -> int:
        """Append after ``expected_version``; returns the new version. Raises
        :class:`VersionConflict` when another writer got there first."""
        stored = await self.append_events(
            conn,
            stream_id,
            expected_version,
            events,
            status=status,
            result=result,
            reveal_seed=reveal_seed,
        )
        return stored[-1].version if stored else expected_version

    @timed_append
    async def append_events(
        self,
        conn: AsyncConnection,
        stream_id: uuid.UUID,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        prev_hash: str | None = None,
        status: str | None = None,
        result: Any = None,
        reveal_seed: bool = False,
    ) -> list[StoredEvent]:
        """:meth:`append`, returning the events as stored (position, recorded time, hashes)
        so that the caller need not read them back.

        One statement, so one round trip and atomic on its own (no explicit transaction
        needed; inside the caller's, it joins it): the stream row's UPDATE takes the row lock
        and checks the expected version, and only if it matched are the events inserted, the
        seed revealed (``reveal_seed``, when the game ends) and the commit announced.
        ``prev_hash`` is the hash of the event at ``expected_version``; a caller that holds it
        (the game service caches it with the state) saves the round trip that looks it up. It
        cannot be stale: events never change, and if the stream moved on the version check
        refuses the append.

        The announcement for live streams is a NOTIFY in the statement (delivered at commit)
        when the append is part of a larger transaction, or when the store has no announcer.
        An append that commits on its own (autocommit, no transaction open) leaves it to the
        announcer, so that appends do not serialise on NOTIFY's lock (service/store/announce.py)."""
        announcer = self._announcer_for(conn)
        if prev_hash is None:
            prev_hash = await self._hash_at(conn, stream_id, expected_version)
        new_version = expected_version + len(events)
        rows, decoded = chain_events(stream_id, expected_version, prev_hash, events)
        cur = await conn.execute(
            _APPEND if announcer is None else _APPEND_QUIET,
            {
                "new": new_version,
                "status": status,
                "result": Jsonb(result) if result is not None else None,
                "id": stream_id,
                "expected": expected_version,
                "channel": NOTIFY_CHANNEL,
                "payload": f"{stream_id}:{new_version}",
                "reveal": reveal_seed,
                "events": _canonical.encode(rows).decode(),
            },
        )
        returned = await cur.fetchall()
        if not returned:
            actual = await self.version(conn, stream_id)
            raise VersionConflict(expected_version, actual if actual is not None else -1)
        if announcer is not None:
            announcer.announce(stream_id, new_version)
        return stored_events(stream_id, rows, decoded, returned)

    def _announcer_for(self, conn: AsyncConnection) -> Announcer | None:
        """The announcer, for a statement that commits on its own; None when the statement
        is part of a larger transaction (or there is no announcer): then it must NOTIFY
        itself, so that the hint is delivered with that transaction's commit, if ever."""
        return self.announcer if commits_on_its_own(conn) else None

    async def _hash_at(self, conn: AsyncConnection, stream_id: uuid.UUID, version: int) -> str:
        if version == 0:
            return GENESIS
        cur = await conn.execute(
            "SELECT hash FROM events WHERE stream_id = %s AND version = %s", (stream_id, version)
        )
        row = await cur.fetchone()
        # No such event: the stream is not at that version, and the append's own version check
        # will refuse it; any placeholder does, it is never stored.
        return row[0] if row else GENESIS

    async def reveal_seed(self, conn: AsyncConnection, stream_id: uuid.UUID) -> None:
        await conn.execute("UPDATE secrets SET revealed = true WHERE stream_id = %s", (stream_id,))

    # -- idempotency ---------------------------------------------------------------------

    async def claim_idempotency_key(
        self, conn: AsyncConnection, stream_id: uuid.UUID, key: str, request_hash: str
    ) -> None:
        """Inside the command's transaction. A concurrent holder of the same key makes this
        wait on its unique index entry until that transaction ends; then the stored answer is
        returned through :class:`IdempotencyReplay`."""
        cur = await conn.execute(
            "INSERT INTO idempotency (stream_id, key, request_hash, status, response)"
            " VALUES (%s, %s, %s, 0, 'null') ON CONFLICT DO NOTHING RETURNING key",
            (stream_id, key, request_hash),
        )
        if await cur.fetchone() is None:
            row = await (
                await conn.execute(
                    "SELECT request_hash, status, response FROM idempotency WHERE stream_id = %s AND key = %s",
                    (stream_id, key),
                )
            ).fetchone()
            raise IdempotencyReplay(row[0], row[1], row[2])

    async def complete_idempotency_key(
        self, conn: AsyncConnection, stream_id: uuid.UUID, key: str, status: int, response: Any
    ) -> None:
        await conn.execute(
            "UPDATE idempotency SET status = %s, response = %s WHERE stream_id = %s AND key = %s",
            (status, Jsonb(response), stream_id, key),
        )
