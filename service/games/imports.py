"""Imports of records (POST /games/import): verify a record and store it as a finished game.

A record can be megabytes, and verifying it is decoding, hashing every event and re-deciding
every command. All of that runs in a worker thread (:func:`prepare`: decode, limits, audit,
the new stream's chained rows and their JSON), with no database connection held: an import
used to check its connection out before its body was even decoded, and a few large records
held the pool long enough for everyone else to get 503. Only the insert, one statement in a
short transaction, uses a connection. At most ``ImportLimits.concurrency`` imports of a
process verify at once (the others wait for a slot, up to ``wait`` seconds, then 503
``imports_busy``), so imports cannot take every worker thread and every core.

A record is imported once: its identity is the hash of its last event, which chains every
event and the id of the game it was played as. Importing it again is refused with 409
``record_already_imported`` pointing at the game it was imported as. (The record of a game
played here can be imported once, as a copy: that is how a record is checked end to end.)"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime as dt
import hashlib
import secrets
import uuid
from collections.abc import AsyncIterator
from typing import Any

import msgspec
import psycopg

from service.games import schemas as s
from service.games.audit import AuditReport, Record, audit, first_failure
from service.store.chain import Chained, NewEvent, canonical, chain_new_stream
from service.store.events import EventStore
from service.support.bodies import strict_decode
from service.support.errors import ApiError


@dataclasses.dataclass(frozen=True)
class ImportLimits:
    max_bytes: int = 4 * 1024 * 1024
    """GAMESTATE_MAX_RECORD_BYTES: a long Three Kingdoms record is a few hundred KiB."""
    max_events: int = 20_000
    """GAMESTATE_MAX_RECORD_EVENTS: the longest games hosted have about 1,500 events."""
    concurrency: int = 1
    """GAMESTATE_IMPORT_CONCURRENCY: records verified at once by one process."""
    wait: float = 10.0
    """Seconds an import waits for a verification slot before 503 ``imports_busy``."""


class RecordImported(msgspec.Struct, kw_only=True):
    id: uuid.UUID
    """The new game's id; the record's own id is kept in ``imported_from``."""
    game: str
    rules_version: str
    version: int
    imported_from: dict[str, Any]
    audit: AuditReport
    imported: s.ImportInfo


@dataclasses.dataclass(frozen=True)
class Prepared:
    """A verified record, ready to be stored as the game ``game_id``."""

    record: Record
    report: AuditReport
    record_hash: str
    game_id: uuid.UUID
    origin: dict[str, Any]
    chained: Chained


def prepare(body: bytes, limits: ImportLimits) -> Prepared:
    """Decode, check and verify a record, and chain its events for the new game. Pure CPU
    work for a worker thread; raises ApiError for a record that cannot be imported."""
    if b"\\u0000" in body or b"\x00" in body:
        # The record's free-form parts (event data, metadata, options) cannot say "no NUL"
        # in the schema: well-formed JSON the service cannot hold, so 422, not 400.
        raise ApiError(
            422, "record_malformed", "the record holds NUL characters, which no game can contain"
        )
    record: Record = strict_decode(body, Record)
    if len(record.events) > limits.max_events:
        raise ApiError(
            413,
            "record_too_large",
            f"the record holds {len(record.events)} events; this service imports records of"
            f" at most {limits.max_events}",
        )
    report = audit(record)
    failure = first_failure(report)
    if failure is not None:
        raise ApiError(422, failure[0], failure[1])
    game_id = uuid.uuid4()
    origin: dict[str, Any] = {
        "id": str(record.game_id),
        "created_at": record.created_at.isoformat(),
        "finished_at": record.finished_at.isoformat(),
        "last_hash": record.events[-1].hash,
    }
    if record.imported_from is not None:
        origin["imported_from"] = record.imported_from
    # Same events and metadata; the hashes are chained again because they cover the id.
    events = [NewEvent(e.type, canonical(e.data), e.metadata) for e in record.events]
    return Prepared(
        record, report, record.events[-1].hash, game_id, origin, chain_new_stream(game_id, events)
    )


def verification(report: AuditReport) -> dict[str, Any]:
    return {"ok": report.ok, "checks": {c.name: c.status for c in report.checks}}


def import_info(
    imported_at: dt.datetime, imported_by: str, setup: dict[str, Any], checks: dict[str, Any]
) -> s.ImportInfo:
    origin = setup.get("imported") or {}
    original = origin.get("id") if isinstance(origin, dict) else None
    return s.ImportInfo(
        imported_at=imported_at,
        imported_by=imported_by,
        original_id=uuid.UUID(original) if original else None,
        verification=msgspec.convert(checks, s.ImportVerification),
    )


class Importer:
    def __init__(self, store: EventStore, pool: Any, limits: ImportLimits) -> None:
        self.store = store
        self.pool = pool
        self.limits = limits
        self._slots = asyncio.Semaphore(limits.concurrency)

    @contextlib.asynccontextmanager
    async def _slot(self) -> AsyncIterator[None]:
        try:
            await asyncio.wait_for(self._slots.acquire(), self.limits.wait)
        except TimeoutError:
            raise ApiError(
                503,
                "imports_busy",
                "other records are being verified; retry shortly",
                {"Retry-After": "5"},
            ) from None
        try:
            yield
        finally:
            self._slots.release()

    async def run(self, body: bytes, imported_by: str) -> RecordImported:
        async with self._slot():
            prepared = await asyncio.to_thread(prepare, body, self.limits)
        try:
            return await self._store(prepared, imported_by)
        except (psycopg.errors.DataError, psycopg.errors.ProgramLimitExceeded) as exc:
            # Metadata is not re-decided, so a forger with recomputed hashes can put anything
            # the JSON allows there, including what PostgreSQL will not hold (absurd nesting).
            raise ApiError(422, "record_malformed", f"the record cannot be stored: {exc}") from None

    async def _store(self, prepared: Prepared, imported_by: str) -> RecordImported:
        record, store = prepared.record, self.store
        checks = verification(prepared.report)
        async with self.pool.connection() as conn, conn.transaction():
            await store.lock_record(conn, prepared.record_hash)
            existing = await store.find_import(conn, prepared.record_hash)
            if existing is not None:
                raise ApiError(
                    409,
                    "record_already_imported",
                    f"this record is stored here already: game {existing}",
                    {"Location": f"/games/{existing}"},
                    game_id=str(existing),
                )
            setup: dict[str, Any] = {"players": len(record.players), "options": record.options}
            setup["imported"] = prepared.origin
            terms = record.events[0].metadata.get("terms")
            if terms is not None:
                setup["terms"] = terms
            await store.start_stream(
                conn,
                stream_id=prepared.game_id,
                kind="game",
                game=record.game,
                rules_version=record.rules_version,
                setup=setup,
                status="finished",
                events=prepared.chained,
                seed=record.seed,
                seed_commitment=record.seed_commitment,
                # Nobody plays an imported game: seats get hashes of tokens never issued.
                seats=[
                    (p.seat, p.name, hashlib.sha256(secrets.token_bytes(32)).hexdigest())
                    for p in record.players
                ],
                result=msgspec.to_builtins(record.result),
                revealed=True,
            )
            imported_at = await store.note_import(
                conn,
                prepared.game_id,
                record_hash=prepared.record_hash,
                imported_by=imported_by,
                verification=checks,
            )
        return RecordImported(
            id=prepared.game_id,
            game=record.game,
            rules_version=record.rules_version,
            version=len(prepared.chained.rows),
            imported_from=prepared.origin,
            audit=prepared.report,
            imported=import_info(imported_at, imported_by, setup, checks),
        )
