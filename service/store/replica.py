"""Where reads go: a streaming replica of the primary (``GAMESTATE_READ_DATABASE_URL``) when it
is set and has what the read must see, the primary otherwise.

The replica is a physical standby (``pg_basebackup``, streaming replication): it replays the
primary's WAL, so "has it seen a commit" is a comparison of WAL positions. Two kinds of read:

- **A read that names a version** (``min_version`` of a view, legal commands): the replica
  answers when its stream row is at that version or later (one indexed lookup on the replica,
  none on the primary).
- **Any other read** (lists, events, records, time travel, a view without ``min_version``):
  it must reflect every command accepted before the request, so it takes a *fence*: the
  primary's WAL insert position (``pg_current_wal_insert_lsn()``, no table touched), read
  once for all the reads of this process that arrived before the query was sent (single
  flight, as group commit shares a commit). The replica answers when it has replayed up to
  the fence.

Either way, a replica that is behind is polled for at most ``wait`` seconds
(``GAMESTATE_READ_WAIT_MS``), then the read goes to the primary: read-your-writes stays exact,
whatever the replica's lag. A replica that cannot be reached sends reads to the primary for
``DOWN_FOR`` seconds before it is tried again. Writes, transactions, LISTEN/NOTIFY, tokens
and the clocks never use it. Without a replica every read goes to the primary, as before."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import psycopg
from psycopg import AsyncConnection
from psycopg_pool import PoolTimeout

from service.support.metrics import REPLICA_READS, REPLICA_WAIT

log = logging.getLogger("gamestate.replica")

DOWN_FOR = 2.0
"""Seconds a replica that failed is left alone (reads go to the primary meanwhile)."""
POLL_FIRST, POLL_MAX = 0.001, 0.01
"""Polling of a replica that is behind: the first pause, doubled up to this much."""


def lsn_value(text: str) -> int:
    """A WAL position (``16/B374D848``) as a number that compares as positions do."""
    high, _, low = text.partition("/")
    return (int(high, 16) << 32) | int(low, 16)


class ReadRouter:
    """Connections for reads: ``connection()`` (sees every commit acknowledged before the
    call) and ``at_version(game_id, version)`` (the game at ``version`` or later)."""

    def __init__(self, primary: Any, replica: Any | None = None, wait: float = 0.05) -> None:
        self.primary = primary
        self.replica = replica
        self.wait = wait
        # The replay position each replica connection last saw: it only moves forward within
        # one server's recovery, so a connection that saw the fence need not ask again. Kept
        # per connection, not per process: a replica replaced behind the same name (a new
        # standby, further behind) is reached through new connections.
        self._replayed: weakref.WeakKeyDictionary[AsyncConnection, int] = (
            weakref.WeakKeyDictionary()
        )
        self._down_until = 0.0
        self._next: asyncio.Future[int] | None = None
        self._fencing: asyncio.Task[None] | None = None

    @property
    def routing(self) -> bool:
        return self.replica is not None and time.monotonic() >= self._down_until

    def connection(self) -> contextlib.AbstractAsyncContextManager[AsyncConnection]:
        """A connection that sees every commit acknowledged before this call."""
        # Without a replica, the pool's own context manager: no extra layer per read.
        return self._fenced() if self.routing else self.primary.connection()

    def at_version(
        self, game_id: uuid.UUID, version: int
    ) -> contextlib.AbstractAsyncContextManager[AsyncConnection]:
        """A connection on which ``game_id`` is at ``version`` or later (a version the caller
        knows was committed, e.g. from its command's answer)."""
        return self._versioned(game_id, version) if self.routing else self.primary.connection()

    @contextlib.asynccontextmanager
    async def _fenced(self) -> AsyncIterator[AsyncConnection]:
        fence = await self.fence()

        async def caught_up(conn: AsyncConnection) -> bool:
            if self._replayed.get(conn, -1) >= fence:
                return True
            cur = await conn.execute("SELECT pg_last_wal_replay_lsn()::text")
            row = await cur.fetchone()
            if row is None or row[0] is None:
                # Not in recovery: the read URL names a primary (the same one, as in a
                # single-database test), which has every commit.
                return True
            self._replayed[conn] = lsn_value(row[0])
            return self._replayed[conn] >= fence

        async with self._routed(caught_up) as conn:
            yield conn

    @contextlib.asynccontextmanager
    async def _versioned(self, game_id: uuid.UUID, version: int) -> AsyncIterator[AsyncConnection]:
        async def caught_up(conn: AsyncConnection) -> bool:
            cur = await conn.execute("SELECT version FROM streams WHERE id = %s", (game_id,))
            row = await cur.fetchone()
            return row is not None and row[0] >= version

        async with self._routed(caught_up) as conn:
            yield conn

    @contextlib.asynccontextmanager
    async def _routed(
        self, caught_up: Callable[[AsyncConnection], Awaitable[bool]]
    ) -> AsyncIterator[AsyncConnection]:
        started = time.perf_counter()
        found = await self._caught_up_replica(caught_up)
        REPLICA_WAIT.observe(time.perf_counter() - started)
        if found is None:
            REPLICA_READS.labels(served_by="primary").inc()
            async with self.primary.connection() as conn:
                yield conn
            return
        REPLICA_READS.labels(served_by="replica").inc()
        checkout, conn = found
        try:
            yield conn
        except BaseException as exc:
            await checkout.__aexit__(type(exc), exc, exc.__traceback__)
            raise
        await checkout.__aexit__(None, None, None)

    async def _caught_up_replica(
        self, caught_up: Callable[[AsyncConnection], Awaitable[bool]]
    ) -> tuple[Any, AsyncConnection] | None:
        """A checked-out replica connection that passed ``caught_up`` within ``wait`` (and
        its checkout, to give it back), or None with nothing held."""
        assert self.replica is not None
        checkout = self.replica.connection()
        try:
            conn = await checkout.__aenter__()
        except (psycopg.Error, PoolTimeout) as exc:
            self._failed(exc)
            return None
        try:
            pause, deadline = POLL_FIRST, time.perf_counter() + self.wait
            while not await caught_up(conn):
                if time.perf_counter() + pause > deadline:
                    break
                await asyncio.sleep(pause)
                pause = min(pause * 2, POLL_MAX)
            else:
                return checkout, conn
        except (psycopg.Error, PoolTimeout) as exc:
            self._failed(exc)
            await checkout.__aexit__(type(exc), exc, exc.__traceback__)
            return None
        except BaseException as exc:  # cancelled while waiting: the connection goes back
            await checkout.__aexit__(type(exc), exc, exc.__traceback__)
            raise
        await checkout.__aexit__(None, None, None)
        return None

    def _failed(self, exc: Exception) -> None:
        log.warning("read replica unavailable, reading from the primary: %s", exc)
        self._down_until = time.monotonic() + DOWN_FOR

    async def fence(self) -> int:
        """The primary's WAL insert position, read after this call began: every commit
        acknowledged before the call is at or before it. One query in flight at a time; the
        callers that arrive meanwhile share the next one."""
        waiter = self._next
        if waiter is None:
            waiter = self._next = asyncio.get_running_loop().create_future()
            if self._fencing is None or self._fencing.done():
                self._fencing = asyncio.create_task(self._fences(), name="read-fence")
        return await asyncio.shield(waiter)

    async def _fences(self) -> None:
        while self._next is not None:
            waiter, self._next = self._next, None
            try:
                async with self.primary.connection() as conn:
                    cur = await conn.execute("SELECT pg_current_wal_insert_lsn()::text")
                    row = await cur.fetchone()
                assert row is not None
                waiter.set_result(lsn_value(row[0]))
            except Exception as exc:  # the callers raise it (503 for a database error)
                waiter.set_exception(exc)
                waiter.exception()  # retrieved: no "never retrieved" warning if all left
