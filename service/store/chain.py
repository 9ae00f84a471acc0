"""What the event store stores and how events are chained: the stream and event records,
the canonical JSON encoding, the hash that links each event to the one before it, and the
errors an append can raise. No I/O here."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
from psycopg import AsyncConnection
from psycopg.pq import TransactionStatus
from psycopg.types.json import set_json_dumps, set_json_loads

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


class NewEvent(msgspec.Struct, frozen=True):
    type: str
    data: bytes
    """The event encoded as canonical JSON (msgspec, sorted keys) of a value whose mapping
    keys are strings (``msgspec.to_builtins(..., str_keys=True)``, or decoded JSON): bytes
    that decoding and encoding again give back unchanged, which the chain's hash relies on."""
    metadata: dict[str, Any]


class StoredEvent(msgspec.Struct, frozen=True):
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


class Stream(msgspec.Struct, frozen=True):
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
    return _hash_over(prev_hash, stream_id, version, type_, canonical(data), metadata)


def _hash_over(
    prev_hash: str, stream_id: uuid.UUID | str, version: int, type_: str, data: bytes, metadata: Any
) -> str:
    """``event_hash`` with the data given as its canonical JSON: the canonical object of the
    content written around it, its keys in sorted order (data, metadata, stream, type,
    version). A new event's bytes go in as they are, instead of being decoded and encoded
    again (half the cost of its hash; tests/store/test_chain.py checks this layout against
    the canonical object)."""
    return hashlib.sha256(
        b"".join(
            (
                prev_hash.encode(),
                b'\n{"data":',
                data,
                b',"metadata":',
                _canonical.encode(metadata),
                b',"stream":',
                _canonical.encode(stream_id),  # a UUID is written as str() spells it
                b',"type":',
                _canonical.encode(type_),
                b',"version":',
                b"%d}" % version,
            )
        )
    ).hexdigest()


def stream_of(row: dict[str, Any]) -> Stream:
    return Stream(**{name: row[name] for name in Stream.__struct_fields__})


def event_of(row: dict[str, Any]) -> StoredEvent:
    return StoredEvent(**{name: row[name] for name in StoredEvent.__struct_fields__})


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
        digest = _hash_over(prev, stream_id, version, event.type, event.data, event.metadata)
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


@dataclass(frozen=True)
class Chained:
    """Events chained for a new stream (``chain_events`` from genesis) and the JSON the
    insert statement takes: made ahead of time, e.g. in a worker thread for a long imported
    record, whose hashing and encoding would otherwise hold the event loop."""

    rows: list[dict[str, Any]]
    decoded: list[Any]
    json: str


def chain_new_stream(stream_id: uuid.UUID, events: Sequence[NewEvent]) -> Chained:
    rows, decoded = chain_events(stream_id, 0, GENESIS, events)
    return Chained(rows, decoded, canonical(rows).decode())


def stored_events(
    stream_id: uuid.UUID, rows: list[dict[str, Any]], decoded: list[Any], returned: list[Any]
) -> list[StoredEvent]:
    """The inserted rows as stored: with the (version, position, schema version, recorded
    time) the statement returned for each (columns after those are the caller's)."""
    by_version = {r[0]: r[1:4] for r in returned if r[0] is not None}
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
