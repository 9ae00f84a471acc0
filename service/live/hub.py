"""Live event streams: one LISTEN connection per process fans store notifications out to the
streams open in that process.

A notification only says "stream S reached version V"; NOTIFY may coalesce or be lost while
the listener reconnects, so it is a wake-up: the stream's channel then reads what it has not
dispatched yet from the store, once for all its subscribers, encodes each event's SSE message
once per visibility class and queues the same bytes for each subscriber of that class
(bounded: a subscriber that falls behind is dropped with ``end`` ``behind`` and resumes with
Last-Event-ID). Channels also re-read at every keep-alive period, which bounds how long a
missed wake-up can delay an event. Under our own uvicorn protocol the pump writes a parked
stream's frames straight to its connection (service/live/direct.py). See docs/live.md.

Here: the listener, the lifespan and the hub (subscribers by stream id); the channel and its
pump in service/live/channel.py, one stream's generator (``events``) in
service/live/stream.py, the SSE framing in service/live/sse.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import psycopg
from litestar import Litestar
from psycopg_pool import AsyncConnectionPool

from service.live.channel import QUEUE, Channel, Subscriber
from service.live.interest import RENEW, Interest
from service.live.sse import Reader
from service.live.waits import TurnWaits
from service.store.chain import NOTIFY_CHANNEL
from service.support.busy import commands_in_flight
from service.support.config import env_float
from service.support.tasks import stop

log = logging.getLogger("gamestate.live")

DEFAULT_KEEPALIVE = 15.0
DEFAULT_BATCH_MS = 50.0
"""A channel reads and sends at most once per this many milliseconds: the first event after
a quiet spell goes out at once, the ones that follow it within the window go out together at
its end. A burst of commands on a watched game then costs one store read and one write per
stream per window, not per event (bench/README.md@48c9c2f, "Live batching window"). Only for a channel
with at least BATCH_MIN_SUBSCRIBERS (service/live/channel.py) live streams in the process: a game a few people watch
costs a few writes an event, and they get every event at once."""
MAX_BATCH_MS = 1000.0
"""A larger setting is taken as this: a window is a batching delay, not a polling period."""
STAND_ASIDE_STEP = 0.001
"""Seconds between a fan-out's looks at the busy board while it stands aside."""
LISTENER_NAME = "gamestate-live"
"""The listener's ``application_name``, to find it in ``pg_stat_activity``."""
LISTENER_PROBE = 30.0
"""Seconds of silence after which the listener checks that its connection still works; a
dead TCP peer would otherwise leave ``notifies()`` waiting forever."""


def batch_window_seconds(app: Litestar) -> float:
    """The live batching window (``GAMESTATE_LIVE_BATCH_MS``), in seconds; 0 for none."""
    configured = getattr(app.state, "live_batch_ms", None)
    if configured is None:
        configured = env_float("GAMESTATE_LIVE_BATCH_MS", DEFAULT_BATCH_MS)
    return max(0.0, min(float(configured), MAX_BATCH_MS)) / 1000


def keepalive_seconds(app: Litestar) -> float:
    configured = getattr(app.state, "live_keepalive", None)
    if configured is None:
        configured = env_float("GAMESTATE_SSE_KEEPALIVE", DEFAULT_KEEPALIVE)
    return max(0.05, float(configured))


async def listen(
    pool: AsyncConnectionPool,
    hub: Any,
    ready: asyncio.Event,
    name: str = LISTENER_NAME,
    *,
    commits: bool = True,
) -> None:
    """The process's one LISTEN connection, kept up with capped, jittered backoff. Every
    (re)connect wakes all subscribers: whatever was notified while it was down is read from
    the store by them. ``hub`` is a :class:`Hub` or anything with its ``notify(payload)`` and
    ``wake_all()`` (the clock scheduler listens the same way, under its own ``name``).
    ``commits=False``: only ``hub.channels``, not every commit (the bot process's player)."""
    backoff = 0.1
    while True:
        try:
            conn = await psycopg.AsyncConnection.connect(
                pool.conninfo,
                **{**(pool.kwargs or {}), "autocommit": True, "application_name": name},
            )
            async with conn:
                if commits:
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
    hub = Hub(keepalive_seconds(app), batch_window=batch_window_seconds(app))
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
    # Requests waiting for a seat's turn hear the same notifications (service/live/waits.py).
    waits = app.state.turn_waits = TurnWaits.from_env()
    hub.taps.append(waits)
    games = getattr(app.state, "games", None)
    if games is not None:  # this process's own commits wake its waiters without a round trip
        games.commands.committed_hooks.append(waits.committed)
    # Streams and waits ask for their games' commits to be announced (service/live/interest.py).
    interest = app.state.interest = Interest(app.state.pool)
    tasks = []
    # A process that serves no request (the bot process) has nobody to tell of commits.
    if app.state.get("live_listener", True):
        tasks.append(asyncio.create_task(listen(app.state.pool, hub, ready), name="live-listener"))
        tasks.append(asyncio.create_task(renew_leases(hub, interest), name="live-leases"))
    try:
        yield
    finally:
        if games is not None:
            games.commands.committed_hooks.remove(waits.committed)
        hub.close()
        hooks.remove(hub.close_threadsafe)
        for task in tasks:
            await stop(task)


async def renew_leases(hub: Hub, interest: Interest, every: float = RENEW / 2) -> None:
    """Keep the announcement leases of the streams this process serves (a live stream may
    stay open longer than a lease): every ``every`` seconds, one statement for all that are
    due. A failed renewal is tried again at the next round, well before a lease lapses."""
    while True:
        await asyncio.sleep(every)
        interest.forget_lapsed()
        due = interest.due(hub.streams())
        try:
            await interest.renew(due)
        except Exception as exc:
            log.warning("live: cannot renew %d announcement leases (%s)", len(due), exc)


class Hub:
    """In-process subscribers by stream id."""

    def __init__(self, keepalive: float, queue: int = QUEUE, batch_window: float = 0.0) -> None:
        self.keepalive = keepalive
        self.queue = queue
        self.batch_window = batch_window
        """Seconds a channel's pump waits after one round before it reads again (see
        DEFAULT_BATCH_MS); 0: every wake-up reads at once."""
        self.closing = False
        self.encoded = 0
        """Event frames encoded by the pumps (one per event and visibility class)."""
        self._channels: dict[uuid.UUID, Channel] = {}
        self._loop = asyncio.get_running_loop()
        self.busy = commands_in_flight()
        """People's commands in flight (service/support/busy.py): a fan-out stands aside
        between its slices while any is (None: no board)."""
        self.taps: list[Any] = []
        """Others that hear every notification and reconnect through this listener (its
        ``notify(payload)`` and ``wake_all()``): the clock scheduler. A LISTEN connection
        costs ~2 ms of CPU a second (psycopg wakes every 0.1 s), so a process keeps one."""
        self.channels: dict[str, Callable[[str | None], None]] = {}
        """Other channels this listener LISTENs to, set before it starts: channel -> callback
        with each payload, and with None on every (re)connect (anything may have been missed
        meanwhile). ``gamestate_players``: tokens rotated or revoked (service/players)."""

    @contextlib.contextmanager
    def subscribe(
        self,
        stream_id: uuid.UUID,
        read: Reader | None = None,
        key: Any = None,
        after: int = 0,
        direct: Any = None,
    ) -> Iterator[Subscriber]:
        channel = self._channels.get(stream_id)
        if channel is None:
            channel = self._channels[stream_id] = Channel(self, stream_id, read)
        elif channel.read is None:
            channel.read = read
        sub = Subscriber(self, key, after, direct)
        channel.subs.add(sub)
        try:
            yield sub
        finally:
            channel.subs.discard(sub)
            if not channel.subs:
                # The pump ends by itself once nobody is live; a new subscriber makes a new
                # channel (and pump).
                channel.wake.set()
                if self._channels.get(stream_id) is channel:
                    del self._channels[stream_id]

    def streams(self) -> list[uuid.UUID]:
        """The streams with a subscriber in this process."""
        return list(self._channels)

    def channel(self, stream_id: uuid.UUID) -> Channel | None:
        return self._channels.get(stream_id)

    def subscribers(self, stream_id: uuid.UUID) -> int:
        channel = self._channels.get(stream_id)
        return len(channel.subs) if channel else 0

    def live_subscribers(self, stream_id: uuid.UUID) -> int:
        channel = self._channels.get(stream_id)
        return sum(1 for s in channel.subs if s.live) if channel else 0

    async def stand_aside(self, until: float) -> None:
        """Between two slices of a fan-out: let the loop poll, then wait while a person's
        command is in flight anywhere, until ``until`` (loop time) at the latest."""
        await asyncio.sleep(0)
        busy = self.busy
        if busy is None:
            return
        loop = self._loop
        while busy() and loop.time() < until and not self.closing:
            await asyncio.sleep(STAND_ASIDE_STEP)

    def notify(self, payload: str) -> None:
        """A notification: ``stream:version`` lines, one from an append's own NOTIFY, or
        many from an announcer (service/store/announce.py)."""
        for tap in self.taps:
            tap.notify(payload)
        if not self._channels:
            return
        for line in payload.split("\n"):
            stream, _, _ = line.partition(":")
            try:
                stream_id = uuid.UUID(stream)
            except ValueError:
                log.warning("ignoring malformed notification %r", line)
                continue
            channel = self._channels.get(stream_id)
            if channel is not None:
                self._wake(channel)

    def _wake(self, channel: Channel) -> None:
        channel.wake.set()
        for sub in channel.subs:
            if not sub.live:
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
        for channel in self._channels.values():
            self._wake(channel)

    def close(self) -> None:
        self.closing = True
        self.wake_all()
        for channel in self._channels.values():
            for sub in channel.subs:
                sub.poke()

    def close_threadsafe(self) -> None:
        """Callable from a signal handler or another thread."""
        self._loop.call_soon_threadsafe(self.close)
