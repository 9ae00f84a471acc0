"""The connection pool of a process: psycopg_pool's, with the reconnect back-off bounded.

psycopg_pool retries a lost connection after 1 s, then doubles the wait up to its
``reconnect_timeout`` (5 min): after a 40 s outage its next attempt came 57-69 s after the
connections broke, and the service answered 503 for that long after PostgreSQL was back (34 to
90 s in issue #18). Here the wait never exceeds ``MAX_RECONNECT_DELAY``, so the service is
back within about that long of the database. While the database is down each attempt is one
failed connect, a few per second per process at most, which PostgreSQL shrugs off when it
comes back.

A connection that broke while idle in the pool is only found out when it is next used (the
request is answered 503); ``suspect`` (called when a request met a database error) has the
pool check its idle connections then, at most once a ``MAX_RECONNECT_DELAY``, instead of
handing each broken one to one more request. No check on every checkout: it would cost a round
trip per request."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from psycopg_pool import AsyncConnectionPool
from psycopg_pool.base import AttemptWithBackoff

from service.support.metrics import POOL_WAIT

log = logging.getLogger("gamestate.pool")

MAX_RECONNECT_DELAY = 2.0
"""Seconds between attempts to reconnect, at most."""

MAX_LIFETIME = 30 * 60.0
"""Connections are renewed after this long (psycopg_pool's default is an hour), so that a
process follows a database that moved (a failover behind the same name) within half an hour."""


class BoundedBackoff(AttemptWithBackoff):
    def update_delay(self, now: float) -> None:
        super().update_delay(now)
        self.delay = min(self.delay, MAX_RECONNECT_DELAY)


class ServicePool(AsyncConnectionPool):
    """``AsyncConnectionPool`` with a bounded reconnect back-off, :meth:`suspect`, and the
    time each request for a connection waited counted in the metrics."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_lifetime", MAX_LIFETIME)
        super().__init__(*args, **kwargs)
        self._checked_at = 0.0
        self._checking: asyncio.Task[None] | None = None

    async def _add_connection(
        self, attempt: AttemptWithBackoff | None, growing: bool = False
    ) -> None:
        # psycopg_pool (3.3) makes the attempt here when none is given, and carries it from
        # one try to the next: the first try's attempt sets the back-off for all of them.
        await super()._add_connection(
            attempt or BoundedBackoff(timeout=self.reconnect_timeout), growing=growing
        )

    async def getconn(self, timeout: float | None = None) -> Any:
        # How long each request for a connection waited: gamestate_db_pool_wait_seconds.
        started = time.perf_counter()
        try:
            return await super().getconn(timeout)
        finally:
            POOL_WAIT.observe(time.perf_counter() - started)

    def suspect(self) -> None:
        """A request met a database error: check the idle connections soon (in the
        background, at most once a ``MAX_RECONNECT_DELAY``), dropping the broken ones."""
        now = time.monotonic()
        if self.closed or now - self._checked_at < MAX_RECONNECT_DELAY:
            return
        if self._checking is not None and not self._checking.done():
            return
        self._checked_at = now
        with contextlib.suppress(RuntimeError):  # no running loop: nothing to schedule on
            self._checking = asyncio.get_running_loop().create_task(self._check_idle())

    async def _check_idle(self) -> None:
        with contextlib.suppress(Exception):
            await self.check()
