"""The event store on PostgreSQL (psycopg 3, async).

Properties (DESIGN.md "Storage"): one row per stream; events keyed by (stream, version) with a
global position; append-only enforced by triggers; every event hashed and chained to the one
before it in its stream; seeds kept apart; optimistic appends; idempotent commands.

An append takes the stream row's lock through ``UPDATE ... WHERE version = expected``: a
concurrent appender waits for the first to commit, then finds the version moved and loses
cleanly (``VersionConflict``) instead of failing on the primary key.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from service.store.announce import Announcer
from service.store.chain import (
    GENESIS,
    NOTIFY_CHANNEL,
    Chained,
    NewEvent,
    StoredEvent,
    VersionConflict,
    canonical,
    chain_events,
    chain_new_stream,
    commits_on_its_own,
    event_of,
    stored_events,
)
from service.store.directory import StreamDirectory
from service.store.sql import APPEND, APPEND_QUIET, EVENT_COLUMNS, START, START_QUIET
from service.support.metrics import timed_append

Seat = tuple[int, str, str] | tuple[int, str, str | None, uuid.UUID | None]
"""(seat, name, token hash) of an anonymous seat; (seat, name, None, player id) of a seat
held by a registered player (who acts with its player token, not a seat token)."""


def listened_for_ever(setup: dict[str, Any], seats: Sequence[Seat]) -> bool:
    """A game that can produce notifications (a registered player's seat, a tournament's
    table): the triggers of migration 0015 mark it listened to from its creation."""
    link = setup.get("link")
    return any(_seat_row(seat)[3] is not None for seat in seats) or (
        isinstance(link, dict) and "tournament" in link
    )


def _seat_row(seat: Seat) -> tuple[int, str, str | None, str | None]:
    number, name, hashed, *player = seat
    player_id = player[0] if player else None
    return number, name, hashed, str(player_id) if player_id is not None else None


@dataclass(frozen=True)
class CatchUp:
    """Where a catch-up reader stands: the (transaction id, position) of the last event it
    read (``EventStore.read_all``); the start is ("0", 0)."""

    tx: str = "0"
    position: int = 0


class EventStore(StreamDirectory):
    def __init__(self, pool: AsyncConnectionPool, announcer: Announcer | None = None) -> None:
        self.pool = pool
        self.announcer = announcer
        """Sends the commit hints of appends that commit on their own (service/store/announce.py);
        without one, every append notifies in its own statement."""

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
        seats: Sequence[Seat] = (),
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
                    "INSERT INTO seats (stream_id, seat, name, token_hash, player_id)"
                    " VALUES (%s, %s, %s, %s, %s)",
                    [(stream_id, *_seat_row(seat)) for seat in seats],
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
        events: Sequence[NewEvent] | Chained,
        seed: str | None = None,
        seed_commitment: str | None = None,
        seats: Sequence[Seat] = (),
        result: Any = None,
        revealed: bool = False,
    ) -> list[StoredEvent]:
        """:meth:`create_stream` and the first :meth:`append_events` in one statement; the
        events as stored. ``events`` may come chained already (:func:`chain_new_stream`).
        Announced like an append (NOTIFY in the statement inside a larger transaction, else
        by the announcer, and then only when someone listens: nobody can have asked for a
        stream that did not exist, but a game that can produce notifications is listened to
        from its start, migration 0015)."""
        announcer = self._announcer_for(conn)
        chained = events if isinstance(events, Chained) else chain_new_stream(stream_id, events)
        rows, decoded = chained.rows, chained.decoded
        count = len(rows)
        cur = await conn.execute(
            START if announcer is None else START_QUIET,
            {
                "id": stream_id,
                "kind": kind,
                "game": game,
                "rules_version": rules_version,
                "setup": Jsonb(setup),
                "version": count,
                "status": status,
                "seed_commitment": seed_commitment,
                "seed": seed,
                "revealed": revealed,
                "result": Jsonb(result) if result is not None else None,
                "seats": canonical(
                    [
                        dict(zip(("seat", "name", "token_hash", "player_id"), row, strict=True))
                        for row in map(_seat_row, seats)
                    ]
                ).decode(),
                "events": chained.json,
                "channel": NOTIFY_CHANNEL,
                "payload": f"{stream_id}:{count}",
            },
        )
        returned = await cur.fetchall()
        if announcer is not None and count and listened_for_ever(setup, seats):
            announcer.announce(stream_id, count)
        return stored_events(stream_id, rows, decoded, returned)

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
            return [event_of(r) for r in await cur.fetchall()]

    async def read_all(
        self, conn: AsyncConnection, *, after: CatchUp = CatchUp(), limit: int = 1000
    ) -> tuple[list[StoredEvent], CatchUp]:
        """Catch-up read in global order of the notable events (``events.notable``, migration
        0016: those of games a registered player or a tournament can hear of, which the
        notification deriver and the rating projector read), and the cursor to resume from.
        Only events of transactions that have all ended are read (``tx`` below the snapshot's
        xmin), in (transaction id, position) order: position order alone can skip an event,
        because a transaction that allocated a position early may commit after a later
        position's transaction did and a reader moved past it; every transaction that can
        still commit has a higher id than every one read, so it always sorts after the
        cursor."""
        async with conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                f"SELECT {EVENT_COLUMNS}, tx::text AS tx_text FROM events"
                " WHERE notable AND (tx, position) > (%s::xid8, %s)"
                " AND tx < pg_snapshot_xmin(pg_current_snapshot())"
                " ORDER BY tx, position LIMIT %s",
                (after.tx, after.position, limit),
            )
            rows = await cur.fetchall()
        if not rows:
            return [], after
        last = rows[-1]
        events = [event_of({k: v for k, v in r.items() if k != "tx_text"}) for r in rows]
        return events, CatchUp(last["tx_text"], last["position"])

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
            APPEND if announcer is None else APPEND_QUIET,
            {
                "new": new_version,
                "status": status,
                "result": Jsonb(result) if result is not None else None,
                "id": stream_id,
                "expected": expected_version,
                "channel": NOTIFY_CHANNEL,
                "payload": f"{stream_id}:{new_version}",
                "reveal": reveal_seed,
                "events": canonical(rows).decode(),
            },
        )
        returned = await cur.fetchall()
        if not returned:
            actual = await self.version(conn, stream_id)
            raise VersionConflict(expected_version, actual if actual is not None else -1)
        if announcer is not None and returned[0][4]:
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
