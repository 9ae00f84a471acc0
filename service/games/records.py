"""Records and audits of stored games, and imports: the database side of service/games/audit.py.

Kept apart from service/games/service.py on purpose: nothing here touches the command path, and the
CLI uses it with a bare connection (no app, no pool)."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import uuid
from typing import Any

import msgspec
import psycopg
from psycopg import AsyncConnection

from domain._kernel import Result
from service.games.audit import (
    RECORD_FORMAT,
    AuditReport,
    Record,
    RecordEvent,
    RecordSeat,
    audit,
    first_failure,
)
from service.games.audit import commands_from_events as commands_of
from service.store.chain import NewEvent, StoredEvent, canonical
from service.store.events import EventStore
from service.support.errors import ApiError, not_found


def _event(stored: StoredEvent) -> RecordEvent:
    return RecordEvent(
        version=stored.version,
        type=stored.type,
        data=stored.data,
        metadata=stored.metadata,
        recorded_at=stored.recorded_at,
        prev_hash=stored.prev_hash,
        hash=stored.hash,
    )


async def load_record(
    store: EventStore, conn: AsyncConnection, game_id: uuid.UUID, *, with_secret: bool
) -> tuple[Record, str]:
    """The game as a record, and its status. The seed is put in only for a finished game
    (or ``with_secret``, which nothing outside tests and the operator's CLI should use);
    otherwise it is an empty string and must not be audited."""
    stream = await store.get_stream(conn, game_id)
    if stream is None or stream.kind != "game":
        raise not_found()
    seats = await store.seats(conn, game_id)
    stored = await store.read(conn, game_id)
    seed = ""
    if stream.status == "finished" or with_secret:
        row = await store.seed(conn, game_id)
        seed = row[0] if row else ""
    events = [_event(e) for e in stored]
    imported = stream.setup.get("imported")
    return (
        Record(
            format=RECORD_FORMAT,
            game_id=stream.id,
            game=stream.game,
            rules_version=stream.rules_version,
            options=stream.setup.get("options") or {},
            players=[RecordSeat(seat=i, name=n) for i, n in seats],
            seed=seed,
            seed_commitment=stream.seed_commitment or "",
            created_at=stream.created_at,
            finished_at=stored[-1].recorded_at if stored else stream.updated_at,
            version=stream.version,
            result=_result(stream.result),
            commands=commands_of(events),
            events=events,
            imported_from=imported if isinstance(imported, dict) else None,
        ),
        stream.status,
    )


def _result(stored: Any) -> Result | None:
    try:
        return msgspec.convert(stored, Result) if stored is not None else None
    except msgspec.ValidationError:
        # A damaged row must fail the audit's result check, not crash the report.
        return None


async def export(store: EventStore, conn: AsyncConnection, game_id: uuid.UUID) -> Record:
    record, status = await load_record(store, conn, game_id, with_secret=False)
    if status != "finished":
        raise ApiError(
            409,
            "game_not_finished",
            "a record is exported once the game is finished (the seed is secret until then)",
        )
    return record


async def audit_stored(store: EventStore, conn: AsyncConnection, game_id: uuid.UUID) -> AuditReport:
    record, status = await load_record(store, conn, game_id, with_secret=False)
    # Replays can take a while for long games: off the event loop.
    return await asyncio.to_thread(audit, record, status=status, seed_secret=status != "finished")


class RecordImported(msgspec.Struct, kw_only=True):
    id: uuid.UUID
    """The new game's id; the record's own id is kept in ``imported_from``."""
    game: str
    rules_version: str
    version: int
    imported_from: dict[str, Any]
    audit: AuditReport


async def import_record(store: EventStore, conn: AsyncConnection, record: Record) -> RecordImported:
    report = await asyncio.to_thread(audit, record)
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
    try:
        return await _store_imported(store, conn, record, game_id, origin, report)
    except (psycopg.errors.DataError, psycopg.errors.ProgramLimitExceeded) as exc:
        # Metadata is not re-decided, so a forger with recomputed hashes can put anything the
        # JSON allows there, including what PostgreSQL will not hold (absurd nesting).
        raise ApiError(422, "record_malformed", f"the record cannot be stored: {exc}") from None


async def _store_imported(
    store: EventStore,
    conn: AsyncConnection,
    record: Record,
    game_id: uuid.UUID,
    origin: dict[str, Any],
    report: AuditReport,
) -> RecordImported:
    setup: dict[str, Any] = {
        "players": len(record.players),
        "options": record.options,
        "imported": origin,
    }
    terms = record.events[0].metadata.get("terms")
    if terms is not None:
        setup["terms"] = terms
    async with conn.transaction():
        await store.create_stream(
            conn,
            stream_id=game_id,
            kind="game",
            game=record.game,
            rules_version=record.rules_version,
            setup=setup,
            status="finished",
            seed=record.seed,
            seed_commitment=record.seed_commitment,
            # Nobody plays an imported game: seats get hashes of tokens that were never issued.
            seats=[
                (p.seat, p.name, hashlib.sha256(secrets.token_bytes(32)).hexdigest())
                for p in record.players
            ],
        )
        # Same events and metadata; the hashes are chained again because they cover the id.
        version = await store.append(
            conn,
            game_id,
            0,
            [NewEvent(e.type, canonical(e.data), e.metadata) for e in record.events],
            status="finished",
            result=msgspec.to_builtins(record.result),
        )
        await store.reveal_seed(conn, game_id)
    return RecordImported(
        id=game_id,
        game=record.game,
        rules_version=record.rules_version,
        version=version,
        imported_from=origin,
        audit=report,
    )
