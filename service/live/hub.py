"""Live event streams: one LISTEN connection per process fans store notifications out to the
streams open in that process.

A notification only says "stream S reached version V"; NOTIFY may coalesce or be lost while
the listener reconnects, so a subscriber treats it as a wake-up and reads what it has not
sent yet from the store. Subscribers also re-read at every keep-alive tick, which bounds how
long a missed wake-up can delay an event.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import msgspec
import psycopg
from litestar import Litestar
from litestar.response import ServerSentEventMessage
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from service.store.chain import NOTIFY_CHANNEL
from service.support.metrics import live_stream

log = logging.getLogger("gamestate.live")

DEFAULT_KEEPALIVE = 15.0
RETRY_MS = 2000
"""The reconnect delay suggested to EventSource clients (SSE ``retry:`` field)."""
PAGE = 500
LISTENER_NAME = "gamestate-live"
"""The listener's ``application_name``, to find it in ``pg_stat_activity``."""
LISTENER_PROBE = 30.0
"""Seconds of silence after which the listener checks that its connection still works; a
dead TCP peer would otherwise leave ``notifies()`` waiting forever."""


def keepalive_seconds(app: Litestar) -> float:
    configured = getattr(app.state, "live_keepalive", None)
    if configured is None:
        configured = os.environ.get("GAMESTATE_SSE_KEEPALIVE") or DEFAULT_KEEPALIVE
    return max(0.05, float(configured))


class Subscription:
    def __init__(self, hub: Hub) -> None:
        self._hub = hub
        self._wake = asyncio.Event()

    def poke(self) -> None:
        self._wake.set()

    def clear(self) -> None:
        # Cleared before each store read: a notification that lands during the read sets it
        # again, so the next wait returns at once and nothing committed meanwhile is missed.
        self._wake.clear()

    async def wait(self, timeout: float) -> bool:
        """True when woken (new events, a listener reconnect, or shutdown); False on timeout."""
        if self._hub.closing:
            return True
        try:
            await asyncio.wait_for(self._wake.wait(), timeout)
        except TimeoutError:
            return False
        return True


class Hub:
    """In-process subscribers by stream id."""

    def __init__(self, keepalive: float) -> None:
        self.keepalive = keepalive
        self.closing = False
        self._subscribers: dict[uuid.UUID, set[Subscription]] = {}
        self._loop = asyncio.get_running_loop()
        self.taps: list[Any] = []
        """Others that hear every notification and reconnect through this listener (its
        ``notify(payload)`` and ``wake_all()``): the clock scheduler. A LISTEN connection
        costs ~2 ms of CPU a second (psycopg wakes every 0.1 s), so a process keeps one."""
        self.channels: dict[str, Callable[[str | None], None]] = {}
        """Other channels this listener LISTENs to, set before it starts: channel -> callback
        with each payload, and with None on every (re)connect (anything may have been missed
        meanwhile). ``gamestate_players``: tokens rotated or revoked (service/players)."""

    @contextlib.contextmanager
    def subscribe(self, stream_id: uuid.UUID) -> Iterator[Subscription]:
        sub = Subscription(self)
        self._subscribers.setdefault(stream_id, set()).add(sub)
        try:
            yield sub
        finally:
            subs = self._subscribers.get(stream_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subscribers[stream_id]

    def subscribers(self, stream_id: uuid.UUID) -> int:
        return len(self._subscribers.get(stream_id, ()))

    def notify(self, payload: str) -> None:
        """A notification: ``stream:version`` lines, one from an append's own NOTIFY, or
        many from an announcer (service/store/announce.py)."""
        for tap in self.taps:
            tap.notify(payload)
        if not self._subscribers:
            return
        for line in payload.split("\n"):
            stream, _, _ = line.partition(":")
            try:
                stream_id = uuid.UUID(stream)
            except ValueError:
                log.warning("ignoring malformed notification %r", line)
                continue
            for sub in self._subscribers.get(stream_id, ()):
                sub.poke()

    def heard(self, channel: str, payload: str) -> None:
        """A notification on one of :attr:`channels`."""
        callback = self.channels.get(channel)
        if callback is not None:
            callback(payload)

    def wake_all(self) -> None:
        for callback in self.channels.values():
            callback(None)
        for tap in self.taps:
            tap.wake_all()
        for subs in self._subscribers.values():
            for sub in subs:
                sub.poke()

    def close(self) -> None:
        self.closing = True
        self.wake_all()

    def close_threadsafe(self) -> None:
        """Callable from a signal handler or another thread."""
        self._loop.call_soon_threadsafe(self.close)


async def listen(
    pool: AsyncConnectionPool, hub: Any, ready: asyncio.Event, name: str = LISTENER_NAME
) -> None:
    """The process's one LISTEN connection, kept up with capped, jittered backoff. Every
    (re)connect wakes all subscribers: whatever was notified while it was down is read from
    the store by them. ``hub`` is a :class:`Hub` or anything with its ``notify(payload)`` and
    ``wake_all()`` (the clock scheduler listens the same way, under its own ``name``)."""
    backoff = 0.1
    while True:
        try:
            conn = await psycopg.AsyncConnection.connect(
                pool.conninfo,
                **{**(pool.kwargs or {}), "autocommit": True, "application_name": name},
            )
            async with conn:
                await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                for channel in getattr(hub, "channels", ()):
                    await conn.execute(f"LISTEN {channel}")
                ready.set()
                hub.wake_all()
                backoff = 0.1
                log.info("%s: listening for commits", name)
                while True:
                    received = False
                    async for notify in conn.notifies(timeout=LISTENER_PROBE):
                        received = True
                        if notify.channel == NOTIFY_CHANNEL:
                            hub.notify(notify.payload)
                        else:
                            hub.heard(notify.channel, notify.payload)
                    if not received:
                        await conn.execute("SELECT 1")
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            ready.clear()
            log.warning("%s lost its connection (%s); retrying in %.1fs", name, exc, backoff)
            hub.wake_all()
        await asyncio.sleep(backoff * (0.5 + random.random()))
        backoff = min(backoff * 2, 5.0)


@contextlib.asynccontextmanager
async def lifespan(app: Litestar) -> AsyncIterator[None]:
    hub = Hub(keepalive_seconds(app))
    hub.channels.update(getattr(app.state, "listen_channels", None) or {})
    ready = asyncio.Event()
    app.state.live = hub
    app.state.live_ready = ready
    # The serve command calls these when a stop is requested: streams then end themselves
    # during uvicorn's graceful shutdown instead of holding it until its timeout.
    hooks = getattr(app.state, "server_exit_hooks", None)
    if hooks is None:
        hooks = app.state.server_exit_hooks = []
    hooks.append(hub.close_threadsafe)
    task = asyncio.create_task(listen(app.state.pool, hub, ready), name="live-listener")
    try:
        yield
    finally:
        hub.close()
        hooks.remove(hub.close_threadsafe)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


# -- one stream ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    version: int
    type: str
    data: Any
    """A msgspec-encodable body: the same JSON as one item of the non-live feed."""


@dataclass(frozen=True)
class Batch:
    items: list[Item]
    version: int
    """The stream's version when read."""
    finished: bool
    ended: str | None = None
    """Why the stream must end now, whatever else (``revoked``: the caller's token was)."""


Reader = Callable[[int], Awaitable[Batch]]
"""Reads what follows a version, at most one page, shaped for the caller."""

_encoder = msgspec.json.Encoder()


def _end(reason: str, version: int) -> ServerSentEventMessage:
    body = _encoder.encode({"reason": reason, "version": version}).decode()
    return ServerSentEventMessage(data=body, event="end")


class _Deadline:
    """When a stream with a ``timeout`` must end (never, without one)."""

    def __init__(self, timeout: float | None) -> None:
        self.loop = asyncio.get_running_loop()
        self.at = self.loop.time() + timeout if timeout is not None else None

    def passed(self) -> bool:
        return self.at is not None and self.loop.time() >= self.at

    def bounded(self, wait: float) -> float:
        return wait if self.at is None else min(wait, self.at - self.loop.time())


def _after_batch(batch: Batch, last: int, until_version: int | None, closing: bool) -> str | None:
    """Why the stream ends after sending ``batch`` up to ``last``; "more" when a full page
    leaves events to read at once; None to wait for the next change."""
    if batch.ended is not None:
        return batch.ended
    if until_version is not None and last >= until_version:
        return "until_version"
    if len(batch.items) >= PAGE and last < batch.version:
        return "more"
    if batch.finished and last >= batch.version:
        return "finished"
    return "shutdown" if closing else None


async def events(
    hub: Hub,
    stream_id: uuid.UUID,
    read: Reader,
    *,
    after: int,
    until_version: int | None,
    timeout: float | None,
    kind: str = "game",
    on_subscribe: Callable[[Callable[[], None]], None] | None = None,
) -> AsyncIterator[ServerSentEventMessage]:
    """Catch-up from the store, then live. Ends with ``event: end`` when the stream is
    finished, ``until_version`` was sent, ``timeout`` passed, the server is stopping, the
    read says so (``Batch.ended``), or an unexpected error happened. Counted in
    ``gamestate_live_streams{kind}`` while open. ``on_subscribe`` is given the stream's
    wake-up (a call makes it read again at once: e.g. when its token is revoked)."""
    deadline = _Deadline(timeout)
    last = after
    backoff = 0.1
    with hub.subscribe(stream_id) as sub, live_stream(kind):
        if on_subscribe is not None:
            on_subscribe(sub.poke)
        yield ServerSentEventMessage(data=None, comment="live", retry=RETRY_MS)
        while True:
            sub.clear()
            try:
                # Shielded: a client leaving mid-read would otherwise cancel the query, and
                # psycopg closes a connection whose query was cancelled, draining the pool.
                batch = await asyncio.shield(read(last))
            except (psycopg.Error, PoolTimeout) as exc:
                log.warning("live stream %s cannot read the store: %s", stream_id, exc)
                yield ServerSentEventMessage(data=None, comment="store unavailable, retrying")
                reason = "shutdown" if hub.closing else "timeout" if deadline.passed() else None
                if reason is not None:
                    yield _end(reason, last)
                    return
                await sub.wait(backoff)
                backoff = min(backoff * 2, hub.keepalive)
                continue
            except Exception:
                # A truncated body would leave the client guessing; say it ended, so it
                # reconnects (and resumes) like after any other end.
                log.exception("live stream %s failed", stream_id)
                yield _end("error", last)
                return
            backoff = 0.1
            for item in batch.items:
                if until_version is not None and item.version > until_version:
                    break
                yield ServerSentEventMessage(
                    data=_encoder.encode(item.data).decode(), event=item.type, id=item.version
                )
                last = item.version
            reason = _after_batch(batch, last, until_version, hub.closing)
            if reason == "more":
                continue
            wait = deadline.bounded(hub.keepalive)
            if reason is None and wait <= 0:
                reason = "timeout"
            if reason is not None:
                yield _end(reason, last)
                return
            if not await sub.wait(wait):
                if deadline.passed():
                    yield _end("timeout", last)
                    return
                yield ServerSentEventMessage(data=None, comment="keep-alive")
