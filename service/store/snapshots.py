"""Snapshots of streams (migration 0010): a stream's folded state at a version, as opaque
bytes under a codec name. The store neither encodes nor decodes states: the game service does
(service/games/snapshots.py). Never served: a snapshot holds hidden information."""

from __future__ import annotations

import uuid

from psycopg import AsyncConnection

NEAREST = (
    "SELECT version, state FROM snapshots"
    " WHERE stream_id = %s AND version <= %s AND version > %s AND codec = %s"
    " ORDER BY version DESC LIMIT 1"
)
# A snapshot of another codec at the same version is replaced: the current code's is the one
# that will be read.
WRITE = (
    "INSERT INTO snapshots (stream_id, version, rules_version, codec, state)"
    " VALUES (%s, %s, %s, %s, %s)"
    " ON CONFLICT (stream_id, version) DO UPDATE"
    " SET rules_version = EXCLUDED.rules_version, codec = EXCLUDED.codec,"
    " state = EXCLUDED.state, created_at = now()"
    " WHERE snapshots.codec <> EXCLUDED.codec"
)


async def nearest_snapshot(
    conn: AsyncConnection, stream_id: uuid.UUID, version: int, codec: str, above: int = 0
) -> tuple[int, bytes] | None:
    """The newest snapshot of ``codec`` at or before ``version`` and after ``above``."""
    cur = await conn.execute(NEAREST, (stream_id, version, above, codec))
    row = await cur.fetchone()
    return (row[0], bytes(row[1])) if row else None


async def write_snapshots(
    conn: AsyncConnection,
    stream_id: uuid.UUID,
    rules_version: str,
    codec: str,
    states: list[tuple[int, bytes]],
) -> None:
    """Store (version, encoded state) pairs; one already there under the same codec stays."""
    if len(states) == 1:
        # A commit's one snapshot (the common case): executemany's pipeline costs a third
        # more of this process's CPU than a plain statement for one row.
        ((version, data),) = states
        await conn.execute(WRITE, (stream_id, version, rules_version, codec, data))
        return
    async with conn.cursor() as cur:
        await cur.executemany(
            WRITE, [(stream_id, v, rules_version, codec, data) for v, data in states]
        )
