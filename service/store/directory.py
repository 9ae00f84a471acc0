"""Queries about streams rather than their events: a stream's row and version, its seats and
their tokens, the filtered list, the secret seed, and idempotency keys. ``EventStore``
(service/store/events.py) inherits these next to its reads and appends."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

from service.store.chain import IdempotencyReplay, Stream, stream_of
from service.store.sql import STREAM_COLUMNS


class StreamDirectory:
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

    async def seat_rows(
        self, conn: AsyncConnection, stream_id: uuid.UUID
    ) -> list[tuple[int, str, uuid.UUID | None]]:
        """Each seat with the registered player holding it (None: an anonymous seat)."""
        cur = await conn.execute(
            "SELECT seat, name, player_id FROM seats WHERE stream_id = %s ORDER BY seat",
            (stream_id,),
        )
        return [(seat, name, player) for seat, name, player in await cur.fetchall()]

    async def seats_for(
        self, conn: AsyncConnection, stream_ids: list[uuid.UUID]
    ) -> dict[uuid.UUID, list[tuple[int, str, uuid.UUID | None]]]:
        found: dict[uuid.UUID, list[tuple[int, str, uuid.UUID | None]]] = {}
        if stream_ids:
            cur = await conn.execute(
                "SELECT stream_id, seat, name, player_id FROM seats WHERE stream_id = ANY(%s)"
                " ORDER BY stream_id, seat",
                (stream_ids,),
            )
            for stream_id, seat, name, player in await cur.fetchall():
                found.setdefault(stream_id, []).append((seat, name, player))
        return found

    async def seat_for_token(
        self, conn: AsyncConnection, token_hash: str
    ) -> tuple[uuid.UUID, int] | None:
        cur = await conn.execute(
            "SELECT stream_id, seat FROM seats WHERE token_hash = %s", (token_hash,)
        )
        row = await cur.fetchone()
        return (row[0], row[1]) if row else None

    async def seat_of_player(
        self, conn: AsyncConnection, stream_id: uuid.UUID, player_id: uuid.UUID
    ) -> int | None:
        """The seat a registered player holds in a stream, if any."""
        cur = await conn.execute(
            "SELECT seat FROM seats WHERE stream_id = %s AND player_id = %s",
            (stream_id, player_id),
        )
        row = await cur.fetchone()
        return row[0] if row else None

    async def list_streams(
        self,
        conn: AsyncConnection,
        *,
        kind: str,
        game: str | None,
        status: str | None,
        player: str | None,
        limit: int,
        offset: int = 0,
        after: tuple[dt.datetime, uuid.UUID] | None = None,
    ) -> tuple[list[Stream], int]:
        """Newest first (``created_at`` descending, then ``id``). ``after`` is the position of
        the last stream of the page before (a cursor: stable while streams are created,
        unlike ``offset``); ``total`` counts every stream that matches the filters."""
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
            "after_time": after[0] if after else None,
            "after_id": after[1] if after else None,
        }
        clause = " AND ".join(where)
        page = clause
        if after is not None:
            page += (
                " AND (created_at < %(after_time)s"
                " OR (created_at = %(after_time)s AND id > %(after_id)s))"
            )
        async with conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                f"SELECT {STREAM_COLUMNS}, count(*) OVER () AS total FROM streams WHERE {page}"
                " ORDER BY created_at DESC, id LIMIT %(limit)s OFFSET %(offset)s",
                params,
            )
            rows = await cur.fetchall()
            if rows and after is None:
                return [stream_of(r) for r in rows], rows[0]["total"]
            await cur.execute(f"SELECT count(*) AS total FROM streams WHERE {clause}", params)
            total = (await cur.fetchone())["total"]
        return [stream_of(r) for r in rows], total

    async def seed(self, conn: AsyncConnection, stream_id: uuid.UUID) -> tuple[str, bool] | None:
        cur = await conn.execute(
            "SELECT seed, revealed FROM secrets WHERE stream_id = %s", (stream_id,)
        )
        row = await cur.fetchone()
        return (row[0], row[1]) if row else None

    async def reveal_seed(self, conn: AsyncConnection, stream_id: uuid.UUID) -> None:
        await conn.execute("UPDATE secrets SET revealed = true WHERE stream_id = %s", (stream_id,))

    async def seed_group_in_play(self, conn: AsyncConnection, group: str) -> int:
        """Unfinished games of a seed group (service/games/seed_groups.py)."""
        cur = await conn.execute(
            "SELECT count(*) FROM streams WHERE kind = 'game' AND status <> 'finished'"
            " AND setup -> 'link' ->> 'seed_group' = %s",
            (group,),
        )
        return (await cur.fetchone())[0]

    async def find_import(self, conn: AsyncConnection, record_hash: str) -> uuid.UUID | None:
        """The game a record (by the hash of its last event, which chains every event and
        the id they were hashed with) was imported as, if it was. Callers that store an
        import hold :meth:`lock_record` first."""
        cur = await conn.execute(
            "SELECT stream_id FROM imports WHERE record_hash = %s ORDER BY imported_at LIMIT 1",
            (record_hash,),
        )
        row = await cur.fetchone()
        return row[0] if row else None

    async def lock_record(self, conn: AsyncConnection, record_hash: str) -> None:
        """One import of a record at a time, across processes (until the transaction ends)."""
        await conn.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"record:{record_hash}",)
        )

    async def note_import(
        self,
        conn: AsyncConnection,
        stream_id: uuid.UUID,
        *,
        record_hash: str,
        imported_by: str,
        verification: dict[str, Any],
    ) -> Any:
        """Record an imported game's origin; returns the import time."""
        cur = await conn.execute(
            "INSERT INTO imports (stream_id, record_hash, imported_by, verification)"
            " VALUES (%s, %s, %s, %s) RETURNING imported_at",
            (stream_id, record_hash, imported_by, Jsonb(verification)),
        )
        return (await cur.fetchone())[0]

    async def imports_for(
        self, conn: AsyncConnection, stream_ids: list[uuid.UUID]
    ) -> dict[uuid.UUID, tuple[Any, str, dict[str, Any]]]:
        """(imported at, imported by, verification) of the imported games among these."""
        if not stream_ids:
            return {}
        cur = await conn.execute(
            "SELECT stream_id, imported_at, imported_by, verification FROM imports"
            " WHERE stream_id = ANY(%s)",
            (stream_ids,),
        )
        return {row[0]: (row[1], row[2], row[3]) for row in await cur.fetchall()}

    async def claim_idempotency_key(
        self, conn: AsyncConnection, stream_id: uuid.UUID, seat: int, key: str, request_hash: str
    ) -> None:
        """Inside the command's transaction. Keys are the seat's own: (stream, seat, key), so
        that one seat's key is never another's answer, nor a clash that tells it the key was
        used. A concurrent holder of the same key makes this wait on its unique index entry
        until that transaction ends; then the stored answer is returned through
        :class:`IdempotencyReplay`."""
        cur = await conn.execute(
            "INSERT INTO idempotency (stream_id, seat, key, request_hash, status, response)"
            " VALUES (%s, %s, %s, %s, 0, 'null') ON CONFLICT DO NOTHING RETURNING key",
            (stream_id, seat, key, request_hash),
        )
        if await cur.fetchone() is None:
            row = await (
                await conn.execute(
                    "SELECT request_hash, status, response FROM idempotency"
                    " WHERE stream_id = %s AND seat = %s AND key = %s",
                    (stream_id, seat, key),
                )
            ).fetchone()
            raise IdempotencyReplay(row[0], row[1], row[2])

    async def complete_idempotency_key(
        self,
        conn: AsyncConnection,
        stream_id: uuid.UUID,
        seat: int,
        key: str,
        status: int,
        response: Any,
    ) -> None:
        await conn.execute(
            "UPDATE idempotency SET status = %s, response = %s"
            " WHERE stream_id = %s AND seat = %s AND key = %s",
            (status, Jsonb(response), stream_id, seat, key),
        )
