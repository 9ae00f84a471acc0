"""Records and audits of stored games: the database side of service/games/audit.py (imports
are in service/games/imports.py).

Kept apart from service/games/service.py on purpose: nothing here touches the command path, and the
CLI uses it with a bare connection (no app, no pool)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Iterator, Sequence
from typing import Any

import msgspec
from psycopg import AsyncConnection

from domain._kernel import DomainError, Result
from domain.registry import GAMES
from service.games.audit import (
    RECORD_FORMAT,
    AuditReport,
    Record,
    RecordCommand,
    RecordEvent,
    RecordSeat,
    audit,
)
from service.games.audit import commands_from_events as commands_of
from service.games.seed_groups import tables_in_play, withheld
from service.store.chain import StoredEvent
from service.store.connections import Connect, reusing
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
    seats = await store.seat_rows(conn, game_id)
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
            players=[RecordSeat(seat=i, name=n, player_id=p) for i, n, p in seats],
            seed=seed,
            seed_commitment=stream.seed_commitment or "",
            created_at=stream.created_at,
            finished_at=stored[-1].recorded_at if stored else stream.updated_at,
            version=stream.version,
            result=_result(stream.result),
            commands=commands_of(events),
            events=events,
            imported_from=imported if isinstance(imported, dict) else None,
            **_content(stream.game, stream.setup.get("options") or {}),
        ),
        stream.status,
    )


def _content(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The record's ``content`` and ``content_note``: those of the game's own options (its
    content pack), else the game's."""
    spec = GAMES.get(game)
    if spec is None:
        return {}
    try:
        status, note = spec.content(msgspec.convert(options, spec.options_type))
    except (msgspec.ValidationError, DomainError):
        status, note = spec.content_status, spec.content_note
    return {"content": status, "content_note": note}


def _result(stored: Any) -> Result | None:
    try:
        return msgspec.convert(stored, Result) if stored is not None else None
    except msgspec.ValidationError:
        # A damaged row must fail the audit's result check, not crash the report.
        return None


async def export(store: EventStore, conn: AsyncConnection, game_id: uuid.UUID) -> Record:
    await not_withheld(store, conn, game_id)
    record, status = await load_record(store, conn, game_id, with_secret=False)
    if status != "finished":
        raise ApiError(
            409,
            "game_not_finished",
            "a record is exported once the game is finished (the seed is secret until then)",
        )
    return record


async def not_withheld(store: EventStore, conn: AsyncConnection, game_id: uuid.UUID) -> None:
    """Records and audits of a game whose seed group is in play are withheld from everyone
    (service/games/seed_groups.py)."""
    stream = await store.get_stream(conn, game_id)
    if stream is not None:
        in_play = await tables_in_play(store, conn, stream.setup)
        if in_play:
            raise withheld(in_play)


async def audit_stored(
    store: EventStore, conn: AsyncConnection, game_id: uuid.UUID, *, withhold: bool = True
) -> AuditReport:
    """The game's audit. ``withhold=False`` (the operator's ``gamestate audit``, on the
    database itself) audits a game whose seed group is in play too; no one else may."""
    return await audit_connecting(store, reusing(conn), game_id, withhold=withhold)


async def audit_connecting(
    store: EventStore, connect: Connect, game_id: uuid.UUID, *, withhold: bool = True
) -> AuditReport:
    """:func:`audit_stored` with connections checked out through ``connect`` only while
    events are read: none is held while the game is replayed (issue #31: 32 audits of a long
    game held the whole pool for their replays, and the service answered 503)."""
    async with connect() as conn:
        if withhold:
            await not_withheld(store, conn, game_id)
        head, status = await _head(store, conn, game_id, with_secret=False)
        if head.version <= AUDIT_IN_MEMORY:
            record, status = await load_record(store, conn, game_id, with_secret=False)
    unread: list[Exception] = []
    if head.version > AUDIT_IN_MEMORY:
        record = await _paged_record(store, connect, head, unread)
    # Replays can take a while for long games: off the event loop. The record goes with the
    # job (``owned``), so that it is freed there too: a long game's list of commands took the
    # loop 6-8 ms to free.
    owned = [record]
    del record
    report = await asyncio.to_thread(_audit_owned, owned, status)
    if unread:
        # A page the database did not give (an outage, no free connection) is not the game's
        # fault: the error itself (503), not a failed check, which would be kept as the
        # finished game's verdict.
        raise unread[0]
    return report


def _audit_owned(owned: list[Record], status: str) -> AuditReport:
    """The audit of the record ``owned`` holds, taken out of it (so that the record is freed
    in this thread when this returns)."""
    record = owned.pop()
    return audit(record, status=status, seed_secret=status != "finished")


async def _paged_record(
    store: EventStore, connect: Connect, head: Record, unread: list[Exception]
) -> Record:
    """A long game's record for the audit: its events are read a page at a time as the
    checks go (each check passes over them in order), so the audit's memory does not grow
    with the game; each page on a connection checked out for that page alone. A page that
    could not be read puts its error in ``unread``."""
    game_id = head.game_id
    commands = [
        command async for chunk in _commands(connect, game_id, head.version) for command in chunk
    ]
    loop = asyncio.get_running_loop()

    async def read(after: int) -> list[StoredEvent]:
        async with connect() as conn:
            return await store.read(
                conn, game_id, after=after, upto=head.version, limit=RECORD_PAGE
            )

    def page(after: int) -> list[RecordEvent]:
        try:
            stored = asyncio.run_coroutine_threadsafe(read(after), loop).result()
        except Exception as exc:
            unread.append(exc)
            raise
        return [_event(e) for e in stored]

    events = PagedEvents(page, head.version, RECORD_PAGE)
    return msgspec.structs.replace(head, commands=commands, events=events)  # type: ignore[arg-type]


AUDIT_IN_MEMORY = 2_000
"""Events up to which a stored game is audited from its record built in memory (one read)."""


class PagedEvents(Sequence[RecordEvent]):
    """A stored game's events as the audit reads them (in order, with a look back at most a
    page; ``[-1]`` and ``[0]`` too), fetched ``page`` events at a time by ``fetch(after)``
    from a worker thread, two pages kept. Versions are 1..n without gaps (every append checks
    the version it follows), so the event at index ``i`` is version ``i + 1``."""

    def __init__(self, fetch: Callable[[int], list[RecordEvent]], length: int, page: int) -> None:
        self._fetch, self._length, self._page = fetch, length, page
        self._pages: dict[int, list[RecordEvent]] = {}

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(index)
        number = index // self._page
        events = self._pages.get(number)
        if events is None:
            events = self._fetch(number * self._page)
            if len(self._pages) >= 2:
                self._pages.pop(max(self._pages, key=lambda n: abs(n - number)))
            self._pages[number] = events
        offset = index - number * self._page
        if offset >= len(events) or events[offset].version != index + 1:
            raise LookupError(f"version {index + 1} is missing from the stored stream")
        return events[offset]

    def __iter__(self) -> Iterator[RecordEvent]:
        for index in range(self._length):
            yield self[index]


RECORD_PAGE = 100
"""Events read (and encoded) at a time by a streamed record or a paged audit: their memory does
not grow with the game's length, and the event loop decodes and encodes one page at a time
(500 held it up to 70-260 ms on the shared box with an audit's replay holding the GIL)."""
COMMAND_ROWS = (
    "SELECT version, metadata->'command', metadata->'seat', metadata->'command_id' FROM events"
    " WHERE stream_id = %s AND version > %s AND version <= %s"
    " AND metadata->'command' IS NOT NULL AND metadata->'command' <> 'null'::jsonb"
    " ORDER BY version LIMIT %s"
)
_encoder = msgspec.json.Encoder()


async def stream_record(
    store: EventStore, conn: AsyncConnection, game_id: uuid.UUID, *, with_secret: bool
) -> AsyncIterator[bytes]:
    """:func:`load_record`'s record as the bytes of its JSON (exactly
    ``msgspec.json.encode(record)``), a page of events at a time: its commands (read from the
    events' metadata by the database), then its events. For a finished game, whose stream no
    longer changes (an active one's record is read up to the version it had at the start)."""
    async for chunk in stream_record_connecting(
        store, reusing(conn), game_id, with_secret=with_secret
    ):
        yield chunk


async def stream_record_connecting(
    store: EventStore, connect: Connect, game_id: uuid.UUID, *, with_secret: bool
) -> AsyncIterator[bytes]:
    """:func:`stream_record`, each page read on a connection checked out for it alone: a
    client that reads slowly holds no connection while it does."""
    async with connect() as conn:
        head, _ = await _head(store, conn, game_id, with_secret=with_secret)
    # A struct is encoded as its fields in order: the same bytes, field by field.
    parts: list[bytes] = []
    for index, name in enumerate(Record.__struct_fields__):
        parts.append(b'%s"%s":' % (b"{" if index == 0 else b",", name.encode()))
        if name == "commands":
            yield b"".join(parts)
            parts = []
            async for chunk in _command_chunks(connect, game_id, head.version):
                yield chunk
        elif name == "events":
            yield b"".join(parts)
            parts = []
            async for chunk in _event_chunks(store, connect, game_id, head.version):
                yield chunk
        else:
            parts.append(_encoder.encode(getattr(head, name)))
    parts.append(b"}")
    yield b"".join(parts)


async def _head(
    store: EventStore, conn: AsyncConnection, game_id: uuid.UUID, *, with_secret: bool
) -> tuple[Record, str]:
    """:func:`load_record`'s record without its commands and events (empty lists), and the
    game's status."""
    stream = await store.get_stream(conn, game_id)
    if stream is None or stream.kind != "game":
        raise not_found()
    seats = await store.seat_rows(conn, game_id)
    seed = ""
    if stream.status == "finished" or with_secret:
        row = await store.seed(conn, game_id)
        seed = row[0] if row else ""
    last = await (
        await conn.execute(
            "SELECT recorded_at FROM events WHERE stream_id = %s AND version = %s",
            (game_id, stream.version),
        )
    ).fetchone()
    imported = stream.setup.get("imported")
    head = Record(
        format=RECORD_FORMAT,
        game_id=stream.id,
        game=stream.game,
        rules_version=stream.rules_version,
        options=stream.setup.get("options") or {},
        players=[RecordSeat(seat=i, name=n, player_id=p) for i, n, p in seats],
        seed=seed,
        seed_commitment=stream.seed_commitment or "",
        created_at=stream.created_at,
        finished_at=last[0] if last else stream.updated_at,
        version=stream.version,
        result=_result(stream.result),
        commands=[],
        events=[],
        imported_from=imported if isinstance(imported, dict) else None,
        **_content(stream.game, stream.setup.get("options") or {}),
    )
    return head, stream.status


async def _commands(
    connect: Connect, game_id: uuid.UUID, upto: int
) -> AsyncIterator[list[RecordCommand]]:
    """The game's commands as :func:`commands_of` finds them in the events' metadata, a page
    at a time, read by the database (the rest of the events is not read)."""
    after = 0
    while True:
        async with connect() as conn:
            rows = await (
                await conn.execute(COMMAND_ROWS, (game_id, after, upto, RECORD_PAGE))
            ).fetchall()
        if not rows:
            return
        yield [
            RecordCommand(at_version=v - 1, seat=seat, command=command, command_id=str(cid))
            for v, command, seat, cid in rows
        ]
        after = rows[-1][0]


async def _command_chunks(connect: Connect, game_id: uuid.UUID, upto: int) -> AsyncIterator[bytes]:
    first = True
    yield b"["
    async for commands in _commands(connect, game_id, upto):
        body = b",".join(_encoder.encode(c) for c in commands)
        yield body if first else b"," + body
        first = False
    yield b"]"


async def _event_chunks(
    store: EventStore, connect: Connect, game_id: uuid.UUID, upto: int
) -> AsyncIterator[bytes]:
    after, first = 0, True
    yield b"["
    while after < upto:
        async with connect() as conn:
            stored = await store.read(conn, game_id, after=after, upto=upto, limit=RECORD_PAGE)
        if not stored:
            break
        body = b",".join(_encoder.encode(_event(e)) for e in stored)
        yield body if first else b"," + body
        first, after = False, stored[-1].version
    yield b"]"


async def exportable(store: EventStore, conn: AsyncConnection, game_id: uuid.UUID) -> int:
    """The version of a game whose record may be exported, or the ApiError saying why not
    (as :func:`export`)."""
    await not_withheld(store, conn, game_id)
    stream = await store.get_stream(conn, game_id)
    if stream is None or stream.kind != "game":
        raise not_found()
    if stream.status != "finished":
        raise ApiError(
            409,
            "game_not_finished",
            "a record is exported once the game is finished (the seed is secret until then)",
        )
    return stream.version


async def export_streamed(
    store: EventStore, reads: Any, game_id: uuid.UUID
) -> AsyncGenerator[bytes, None]:
    """The record of a game :func:`exportable` said may be exported, each page on a
    connection of ``reads`` checked out for that page (the request's is given back before the
    body is sent, and a slow reader holds none)."""
    async for chunk in stream_record_connecting(
        store, reads.connection, game_id, with_secret=False
    ):
        yield chunk
