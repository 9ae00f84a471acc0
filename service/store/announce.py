"""Commit announcements, sent after the commit and coalesced, instead of a NOTIFY per append.

Live streams (service/live/hub.py) wake up on a PostgreSQL notification saying "stream S reached
version V". The simplest way to send one is ``pg_notify`` inside the appending statement, and
that is what an append inside an explicit transaction still does. But NOTIFY takes a
database-wide lock from the commit's start to its end, so every notifying transaction commits
alone, with a WAL flush of its own, and the commit wakes every listening backend. Measured on
the hot append (one event, 10 writers, embedded PostgreSQL 18): 3,900 appends/s at 0.21 ms of
PostgreSQL CPU each with the NOTIFY, 8,500/s at 0.11 ms without (bench/README.md).

So an append that commits on its own (autocommit, no transaction open: the game service's hot
path) leaves the announcement to this process's :class:`Announcer`: it keeps the newest
version per stream announced since its last send, and one task sends them all in one
statement on its own connection, at most every ``WINDOW`` seconds. Under load that is one
notifying transaction for many appends. That statement's transaction runs with
``synchronous_commit = off`` (set for it alone): a notification is delivered at commit either
way, and what it announces is already durable.

A line may say more than the version: ``stream:version:detail``. The clock scheduler
(service/clocks/) announces a clocked game's next deadline this way (``detail`` is
``deadline:seat``, or empty for none), so every process learns it without a query; readers
that only want the version take what comes before the second colon.

Another channel can be poked the same way (:meth:`Announcer.poke`): an empty notification on
it goes with the next send, in the same statement. The command workers wake the bot process
so (service/clocks/bots.py, ``BOTS_CHANNEL``): its own commits are the only other way it
learns of a bot's turn without polling.

A notification was always a hint (it can be missed while a listener reconnects): subscribers
read what they have not sent from the store, and again at every keep-alive tick. A hint lost
here (this process dies between an append's commit and the send) delays those events by at
most one keep-alive interval; it loses nothing. A send that fails is retried with what
arrived meanwhile, on a new connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import uuid
from typing import Any

import psycopg

from service.support.metrics import ANNOUNCE_SENDS, ANNOUNCED

log = logging.getLogger("gamestate.announce")

ANNOUNCER_NAME = "gamestate-announcer"
"""The announcer connection's ``application_name``, to find it in ``pg_stat_activity``."""
WINDOW = 0.005
"""Seconds the announcer gathers appends before it sends: a live event reaches subscribers at
most this much later, and a busy process sends at most 1/WINDOW notifying transactions a
second whatever its append rate."""
PAYLOAD_LIMIT = 7900
"""Bytes per notification: PostgreSQL refuses payloads of 8000 bytes or more."""


def payloads(
    versions: dict[uuid.UUID, int], details: dict[uuid.UUID, tuple[int, str]] | None = None
) -> list[str]:
    """``stream:version`` lines (``stream:version:detail`` when a detail was announced for
    that very version), as few notifications as the payload limit allows."""
    out: list[str] = []
    lines: list[str] = []
    size = 0
    details = details or {}
    for stream_id, version in versions.items():
        line = f"{stream_id}:{version}"
        detail = details.get(stream_id)
        if detail is not None and detail[0] == version:
            line += f":{detail[1]}"
        if lines and size + len(line) + 1 > PAYLOAD_LIMIT:
            out.append("\n".join(lines))
            lines, size = [], 0
        lines.append(line)
        size += len(line) + 1
    if lines:
        out.append("\n".join(lines))
    return out


class Announcer:
    """Coalesces "stream reached version" hints and sends them with one NOTIFY statement per
    round. :meth:`announce` never waits; :meth:`run` is the sending task."""

    def __init__(
        self, conninfo: str, kwargs: dict[str, Any] | None = None, *, window: float = WINDOW
    ) -> None:
        self._conninfo = conninfo
        self.window = window
        self._kwargs = {
            **(kwargs or {}),
            "autocommit": True,
            "application_name": ANNOUNCER_NAME,
        }
        self._pending: dict[uuid.UUID, int] = {}
        self._details: dict[uuid.UUID, tuple[int, str]] = {}
        self._pokes: set[str] = set()
        self._wake = asyncio.Event()
        self.sends = 0
        """Statements sent so far (each carries one or more announcements)."""

    def announce(self, stream_id: uuid.UUID, version: int, detail: str | None = None) -> None:
        """``detail`` (no newline) goes with this version's line, also when the version
        itself was announced already."""
        if self._pending.get(stream_id, -1) < version:
            self._pending[stream_id] = version
        if detail is not None and self._details.get(stream_id, (-1, ""))[0] <= version:
            self._details[stream_id] = (version, detail)
            self._pending[stream_id] = max(self._pending.get(stream_id, -1), version)
        self._wake.set()

    def poke(self, channel: str) -> None:
        """An empty notification on ``channel`` with the next send (one per send however
        often it is poked meanwhile)."""
        self._pokes.add(channel)
        self._wake.set()

    @property
    def pending(self) -> int:
        return len(self._pending) + len(self._pokes)

    async def run(self, channel: str) -> None:
        backoff = 0.1
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self._conninfo, **self._kwargs)
                async with conn:
                    backoff = 0.1
                    while True:
                        await self._wake.wait()
                        # A short gathering window: one send per window carries every
                        # append of it, instead of one NOTIFY transaction per append.
                        await asyncio.sleep(self.window)
                        await self._send(conn, channel)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("announcer lost its connection (%s); retrying in %.1fs", exc, backoff)
            await asyncio.sleep(backoff * (0.5 + random.random()))
            backoff = min(backoff * 2, 5.0)

    async def _send(self, conn: psycopg.AsyncConnection, channel: str) -> None:
        self._wake.clear()
        batch, self._pending = self._pending, {}
        details, self._details = self._details, {}
        pokes, self._pokes = self._pokes, set()
        if not batch and not pokes:
            return
        sent = payloads(batch, details) if batch else []
        channels = [channel] * len(sent) + sorted(pokes)
        try:
            # synchronous_commit off for this statement's own transaction only: a session
            # setting would outlive it on a pooled server connection (PgBouncer in
            # transaction mode) and make other clients' commits asynchronous.
            await conn.execute(
                "SELECT pg_notify(c, p)"
                " FROM set_config('synchronous_commit', 'off', true),"
                " unnest(%s::text[], %s::text[]) AS n(c, p)",
                (channels, [*sent, *[""] * len(pokes)]),
            )
        except BaseException:
            # Not sent: back in the queue, unless a newer version of the stream came meanwhile.
            for stream_id, version in batch.items():
                self.announce(stream_id, version)
            for stream_id, (version, detail) in details.items():
                self.announce(stream_id, version, detail)
            self._pokes |= pokes
            raise
        self.sends += 1
        ANNOUNCE_SENDS.inc()
        ANNOUNCED.inc(len(batch))

    async def flush(self, channel: str, timeout: float = 2.0) -> None:
        """Send what is pending on a connection of its own (at shutdown); best effort."""
        if not self._pending and not self._pokes:
            return
        with contextlib.suppress(Exception):
            async with asyncio.timeout(timeout):
                conn = await psycopg.AsyncConnection.connect(self._conninfo, **self._kwargs)
                async with conn:
                    await self._send(conn, channel)
