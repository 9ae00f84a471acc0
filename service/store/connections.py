"""Connections checked out for a moment: a long read (an audit's pages, a record's, a long
time-travel fold) checks one out per page instead of holding one for its whole length, so
that it never keeps the pool from everyone else while it computes or waits for its client."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable

from psycopg import AsyncConnection

Connect = Callable[[], contextlib.AbstractAsyncContextManager[AsyncConnection]]
"""A way to check out a connection for a moment (a pool's or a read router's ``connection``)."""


def reusing(conn: AsyncConnection) -> Connect:
    """:data:`Connect` over one connection the caller holds anyway (the operator's CLI, a
    caller in the middle of a transaction)."""

    @contextlib.asynccontextmanager
    async def borrow() -> AsyncIterator[AsyncConnection]:
        yield conn

    return borrow
