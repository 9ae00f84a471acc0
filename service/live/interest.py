"""Asking for a stream's commits to be announced (issue 32 item 1; migration 0015).

A commit announcement (service/store/announce.py) costs a NOTIFY transaction and a wake-up of
every listening process and backend. Most commits under load are of games that nobody
watches from another request, so an append announces its commit only when the stream's row
says someone listens (``streams.listened_until`` in the future, or ``infinity`` for a game
that can produce notifications). Whoever wants to hear a stream's commits (a live stream, a
request waiting for a seat's turn) first moves that lease forward, with an UPDATE of the row,
and only then reads. The row lock orders the UPDATE and any append: an append before it is in
that read; an append after it sees the lease and is announced. Nothing is missed whichever
process or host appends.

One UPDATE per stream per ``RENEW`` seconds and process at most: the process remembers the
leases it holds and asks again only when less than ``RENEW`` is left, which is longer than any
wait for a turn (``MAX_WAIT_SECONDS``). Live streams can stay open for longer: the hub renews
the leases of the streams it still serves every ``RENEW / 2`` seconds (:meth:`renew`). A lease
that was not renewed (the process died) lapses by itself after ``LEASE`` seconds.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Collection
from typing import Any

from service.live.waits import MAX_WAIT_SECONDS

LEASE = 300.0
"""Seconds a stream is announced for after one asked."""
RENEW = LEASE / 2
"""A lease with less than this left is moved forward when it is asked for again."""
assert RENEW > MAX_WAIT_SECONDS, "a wait for a turn must not outlive the lease it started with"

LISTEN = """
WITH locked AS (
    SELECT id FROM streams WHERE id = ANY(%(ids)s) ORDER BY id FOR NO KEY UPDATE
)
UPDATE streams SET listened_until = greatest(listened_until, now() + make_interval(secs => %(lease)s))
FROM locked WHERE streams.id = locked.id
RETURNING streams.id, streams.version
"""
"""The rows are locked in id order, as the batched append locks them: several streams at
once cannot deadlock with a batch over the same streams."""


class Interest:
    """This process's leases on streams' announcements."""

    def __init__(self, pool: Any, lease: float = LEASE, clock: Any = time.monotonic) -> None:
        self.pool = pool
        self.lease = lease
        self.renew_below = lease / 2
        self._clock = clock
        self._until: dict[uuid.UUID, float] = {}
        """Stream -> this process's clock when its lease ends (taken before asking, so it
        ends no later than the database's)."""
        self._asking: dict[uuid.UUID, asyncio.Future[dict[uuid.UUID, int]]] = {}
        """Streams whose lease is being asked for now."""
        self.asked = 0
        """UPDATE statements sent so far."""

    def held(self, stream_id: uuid.UUID) -> bool:
        """A lease with at least ``renew_below`` seconds left."""
        until = self._until.get(stream_id)
        return until is not None and until - self._clock() >= self.renew_below

    async def listen(self, stream_id: uuid.UUID) -> int | None:
        """Make sure ``stream_id``'s commits are announced from now on. Returns the stream's
        version when the lease was asked for now (every commit up to it is readable, the ones
        after it are announced); None when a lease held already covers it, or there is no
        such stream."""
        if self.held(stream_id):
            return None
        # A crowd opening the same game at once (a thousand spectators) sends one UPDATE,
        # not one each queueing on the row's lock.
        asking = self._asking.get(stream_id)
        if asking is None:
            asking = self._asking[stream_id] = asyncio.ensure_future(self.renew([stream_id]))
            asking.add_done_callback(lambda done: self._asked(stream_id, done))
        found = await asyncio.shield(asking)
        return found.get(stream_id)

    def _asked(self, stream_id: uuid.UUID, done: asyncio.Future[dict[uuid.UUID, int]]) -> None:
        if self._asking.get(stream_id) is done:
            del self._asking[stream_id]
        if not done.cancelled():
            done.exception()  # retrieved: every asker that still waits gets it raised

    async def renew(self, stream_ids: Collection[uuid.UUID]) -> dict[uuid.UUID, int]:
        """Move the leases of ``stream_ids`` forward, in one statement; their versions."""
        if not stream_ids:
            return {}
        started = self._clock()
        async with self.pool.connection() as conn:
            cur = await conn.execute(LISTEN, {"ids": list(stream_ids), "lease": self.lease})
            rows = await cur.fetchall()
        self.asked += 1
        for stream_id, _ in rows:
            self._until[stream_id] = started + self.lease
        return dict(rows)

    def due(self, stream_ids: Collection[uuid.UUID]) -> list[uuid.UUID]:
        """Of ``stream_ids`` (those this process still serves), the ones to renew now."""
        return [i for i in stream_ids if not self.held(i)]

    def forget_lapsed(self) -> int:
        """Drop the leases that ended (the hub's renewal calls it); how many."""
        now = self._clock()
        lapsed = [i for i, until in self._until.items() if until <= now]
        for stream_id in lapsed:
            del self._until[stream_id]
        return len(lapsed)

    def __len__(self) -> int:
        return len(self._until)
