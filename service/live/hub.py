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
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
import psycopg
from litestar import Litestar
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from service.live.direct import chunk as http_chunk
from service.live.waits import TurnWaits
from service.store.chain import NOTIFY_CHANNEL
from service.support.config import env_float
from service.support.metrics import live_stream
from service.support.tasks import stop

log = logging.getLogger("gamestate.live")

DEFAULT_KEEPALIVE = 15.0
DEFAULT_BATCH_MS = 50.0
"""A channel reads and sends at most once per this many milliseconds: the first event after
a quiet spell goes out at once, the ones that follow it within the window go out together at
its end. A burst of commands on a watched game then costs one store read and one write per
stream per window, not per event (bench/README.md, "Live batching window"). Only for a channel
with at least BATCH_MIN_SUBSCRIBERS live streams in the process: a game a few people watch
costs a few writes an event, and they get every event at once."""
BATCH_MIN_SUBSCRIBERS = 16
MAX_BATCH_MS = 1000.0
"""A larger setting is taken as this: a window is a batching delay, not a polling period."""
RETRY_MS = 2000
"""The reconnect delay suggested to EventSource clients (SSE ``retry:`` field)."""
PAGE = 500
LISTENER_NAME = "gamestate-live"
"""The listener's ``application_name``, to find it in ``pg_stat_activity``."""
LISTENER_PROBE = 30.0
"""Seconds of silence after which the listener checks that its connection still works; a
dead TCP peer would otherwise leave ``notifies()`` waiting forever."""


async def _shielded(read: Awaitable[Any]) -> Any:
    """A read that the caller's cancellation does not interrupt: a client leaving mid-read
    would otherwise cancel the query, and psycopg closes a connection whose query was
    cancelled, draining the pool. An orphaned read's failure is retrieved (not logged as
    "never retrieved": nobody waits for it any more)."""
    task = asyncio.ensure_future(read)
    task.add_done_callback(_retrieve)
    return await asyncio.shield(task)


def _retrieve(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


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
    task = asyncio.create_task(listen(app.state.pool, hub, ready), name="live-listener")
    try:
        yield
    finally:
        if games is not None:
            games.commands.committed_hooks.remove(waits.committed)
        hub.close()
        hooks.remove(hub.close_threadsafe)
        await stop(task)


# -- fan-out ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    version: int
    type: str
    data: Any
    """A msgspec-encodable body: the same JSON as one item of the non-live feed."""


@dataclass(frozen=True)
class Batch:
    views: dict[Any, list[Item] | None]
    """The events read, shaped once per visibility class asked for (a seat number, None for
    spectators); None for a class that could not be shaped (its streams end with ``error``)."""
    count: int
    """How many stored events were read (a full page means more follow at once)."""
    version: int
    """The stream's version when read."""
    finished: bool


Reader = Callable[[int, Collection[Any]], Awaitable[Batch]]
"""Reads what follows a version, at most one page, shaped for each visibility class asked."""

_encoder = msgspec.json.Encoder()
# LF, not CRLF: an `id:` cut from a line by grep or split("\n") must be sendable as is.
SEP = b"\n"
PREAMBLE = b": live\nretry: %d\n\n" % RETRY_MS
KEEPALIVE = b": keep-alive\n\n"
STORE_UNAVAILABLE = b": store unavailable, retrying\n\n"
WAKE_SLICE = 16
"""Subscribers written to (or woken) per event-loop iteration when an event fans out: the
loop polls its sockets between slices, so a command waits for one slice, not for all."""
QUEUE = 256
"""Frames (events) a subscriber may have waiting for its connection; beyond that it is dropped
with ``event: end`` ``behind`` (docs/live.md)."""


def frame(item: Item) -> bytes:
    """One event as a Server-Sent Events message. JSON from msgspec has no line break, so the
    data is one ``data:`` line, exactly as Litestar's ServerSentEventMessage writes it."""
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (
        item.version,
        item.type.encode(),
        _encoder.encode(item.data),
    )


def end_frame(reason: str, version: int) -> bytes:
    body = _encoder.encode({"reason": reason, "version": version})
    return b"event: end\ndata: %s\n\n" % body


class Subscriber:
    """One open stream. While it catches up it reads the store itself; once it has what the
    channel has dispatched it goes live and the channel's pump queues frames for it."""

    # Slots, a list and a bare future (not a deque and an asyncio.Event, ~600 bytes each):
    # 10,000 idle streams in a process are the case to size for.
    __slots__ = (
        "_hub",
        "_poked",
        "_waiter",
        "direct",
        "dropped",
        "frames",
        "key",
        "last",
        "live",
        "reason",
        "recheck",
        "sent",
    )

    def __init__(self, hub: Hub, key: Any, last: int, direct: Any = None) -> None:
        self._hub = hub
        self.key = key
        self.last = last
        """The last version queued or sent (what the pump continues from)."""
        self.direct = direct
        """The connection's direct write path (service/live/direct.py), or None: the pump
        then always wakes the generator, which sends through ASGI."""
        self.sent = last
        """The last version the pump wrote to the connection directly."""
        self.live = False
        self.frames: list[tuple[int, bytes]] = []
        self.reason: str | None = None
        """Set by the pump: the stream ends after the queued frames (``finished``,
        ``behind``, ``error``)."""
        self.dropped = False
        self.recheck = True
        """The stream's own condition (``still_valid`` of :func:`events`) is to be checked
        again: at the start, and whenever :meth:`recheck_now` is called."""
        self._poked = False
        self._waiter: asyncio.Future[None] | None = None

    def poke(self) -> None:
        self._poked = True
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def recheck_now(self) -> None:
        self.recheck = True
        self.poke()

    def clear(self) -> None:
        # Cleared before each store read: a notification that lands during the read sets it
        # again, so the next wait returns at once and nothing committed meanwhile is missed.
        self._poked = False

    async def wait(self, timeout: float) -> bool:
        """True when woken (new frames, a listener reconnect, or shutdown); False on timeout."""
        if self._hub.closing or self.frames or self.reason or self._poked:
            return True
        waiter = self._waiter = asyncio.get_running_loop().create_future()
        try:
            # asyncio.timeout, not wait_for: wait_for makes a task per wait (Python 3.11).
            async with asyncio.timeout(timeout):
                await waiter
        except TimeoutError:
            return False
        finally:
            self._waiter = None
        return True


class Channel:
    """The subscribers of one stream in this process, and the pump that reads each new event
    once from the store, encodes it once per visibility class and queues the same bytes for
    every live subscriber of that class."""

    def __init__(self, hub: Hub, stream_id: uuid.UUID, read: Reader | None) -> None:
        self.hub = hub
        self.stream_id = stream_id
        self.read = read
        self.subs: set[Subscriber] = set()
        self.version: int | None = None
        """Everything up to this version was offered to the live subscribers; None while
        none is live (the first to go live sets it)."""
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.woken: list[Subscriber] = []
        """Subscribers with new frames, woken by the pump a slice at a time."""

    def go_live(self, sub: Subscriber, *, read: bool = True) -> bool:
        """After a catch-up read: live when the subscriber has what was dispatched (no await
        between the check and the switch, so no event falls between catch-up and live).
        ``read=False``: before any read, only if the pump runs and the subscriber starts
        where it is (a crowd joining a watched game costs no store read each)."""
        if self.read is None:
            return False
        if self.version is None:
            if not read:
                return False
            self.version = sub.last
        elif sub.last < self.version:
            return False
        sub.live = True
        if self.task is None:
            self.task = asyncio.create_task(self._pump(), name=f"live-pump-{self.stream_id}")
        elif read:
            # Whatever was committed since its read is the pump's to fetch now. (Not for a
            # subscriber that joined where the channel is: a crowd would make a read each.)
            self.wake.set()
        return True

    async def _pump(self) -> None:
        assert self.read is not None
        backoff = 0.1
        loop = asyncio.get_running_loop()
        last_round = -float("inf")
        more = False
        try:
            while not self.hub.closing:
                live = [s for s in self.subs if s.live]
                if not live:
                    break
                window = self.hub.batch_window
                if window and not more and len(live) >= BATCH_MIN_SUBSCRIBERS:
                    # Whatever is committed within the window after the last round goes out
                    # with the next one: a burst costs a read and a write per window.
                    rest = last_round + window - loop.time()
                    if rest > 0:
                        await asyncio.sleep(rest)
                        if self.hub.closing:
                            break
                        live = [s for s in self.subs if s.live]
                        if not live:
                            break
                last_round = loop.time()
                self.wake.clear()
                assert self.version is not None
                keys = {s.key for s in live}
                try:
                    batch = await _shielded(self.read(self.version, keys))
                except (psycopg.Error, PoolTimeout) as exc:
                    log.warning("live stream %s cannot read the store: %s", self.stream_id, exc)
                    for s in live:
                        s.frames.append((s.last, STORE_UNAVAILABLE))
                        s.poke()
                    await self._sleep(backoff)
                    backoff = min(backoff * 2, self.hub.keepalive)
                    continue
                except Exception:
                    log.exception("live stream %s failed", self.stream_id)
                    for s in live:
                        self._end(s, "error")
                    continue
                backoff = 0.1
                more = self._dispatch(batch)
                woken, self.woken = self.woken, []
                chunks: dict[bytes, bytes] = {}
                for start in range(0, len(woken), WAKE_SLICE):
                    if start:
                        # Let the event loop poll its sockets between slices: a command
                        # arriving meanwhile waits for one slice of writes, not for all.
                        await asyncio.sleep(0)
                    for s in woken[start : start + WAKE_SLICE]:
                        self._deliver(s, chunks)
                if not more:
                    await self._sleep(self.hub.keepalive)
        finally:
            self.task = None
            self.version = None
            # Anyone left (a subscriber that went live just as the pump stopped) catches up
            # by itself and restarts the pump.
            for s in self.subs:
                if s.live:
                    s.live = False
                    s.poke()

    async def _sleep(self, seconds: float) -> None:
        # Each keep-alive period re-reads the store once per channel (not per subscriber):
        # that bounds the delay of a missed wake-up.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self.wake.wait()

    def _dispatch(self, batch: Batch) -> bool:
        """Queue the batch's frames; True when a full page leaves more to read at once."""
        assert self.version is not None
        frames: dict[Any, list[tuple[int, bytes]] | None] = {}
        for key, items in batch.views.items():
            if items is None:
                frames[key] = None
                continue
            frames[key] = [(item.version, frame(item)) for item in items]
            self.hub.encoded += len(items)
        more = batch.count >= PAGE
        upto = self.version
        for shown in frames.values():
            if shown:
                upto = max(upto, shown[-1][0])
        frontier = upto if more else max(upto, batch.version)
        for s in self.subs:
            if not s.live:
                continue
            shown = frames.get(s.key, ())
            if shown is None:
                self._end(s, "error")
                continue
            if not shown and s.key not in frames and s.last < frontier:
                # Went live during the read, with a class nobody had: reads by itself.
                s.live = False
                s.poke()
                continue
            self._offer(s, shown)
            if s.live and batch.finished and not more and s.last >= batch.version:
                self._end(s, "finished")
        self.version = frontier
        return more

    def _deliver(self, s: Subscriber, chunks: dict[bytes, bytes]) -> None:
        """Writes the subscriber's queued frames to its connection directly when it can (its
        generator is parked, the connection takes them), or wakes its generator. Decided per
        subscriber when its slice comes, not at dispatch: the generator may have woken (a
        keep-alive, a token check) in between. ``chunks``: each frame framed as an HTTP
        chunk once for every subscriber that shares its bytes (hashing a bytes object once
        is cached by it)."""
        direct = s.direct
        # Parked: waiting in wait(), not woken yet. Whatever its generator sent before went
        # through ASGI to the connection, and it sends nothing more until it is woken.
        waiter = s._waiter
        if (
            direct is None
            or waiter is None
            or waiter.done()
            or not s.frames
            or not s.live
            or s.reason is not None
            or s.recheck
            or self.hub.closing
            or not direct.ready()
        ):
            s.poke()
            return
        frames, s.frames = s.frames, []
        out = []
        for _, data in frames:
            framed = chunks.get(data)
            if framed is None:
                framed = chunks[data] = http_chunk(data)
            out.append(framed)
        try:
            direct.write(out[0] if len(out) == 1 else b"".join(out))
        except Exception:
            # Not expected (a closed transport drops writes silently); should it happen,
            # this stream goes on through its generator, the frames still queued.
            log.exception("live stream %s: a direct write failed", self.stream_id)
            s.direct = None
            s.frames = frames + s.frames
            s.poke()
            return
        s.sent = frames[-1][0]

    def _offer(self, s: Subscriber, shown: Sequence[tuple[int, bytes]]) -> None:
        queued = False
        for version, data in shown:
            if version <= s.last:
                continue
            if version != s.last + 1:
                # A gap (it went live past a failed read): it catches up by itself.
                s.live = False
                break
            if len(s.frames) >= self.hub.queue:
                # Never wait for a slow connection: drop it, telling where to resume.
                log.info("live stream %s: a subscriber fell behind, dropped", self.stream_id)
                s.frames.clear()
                s.dropped = True
                self._end(s, "behind")
                return
            s.frames.append((version, data))
            s.last = version
            queued = True
        if queued:
            self.woken.append(s)
        elif not s.live:
            s.poke()

    def _end(self, s: Subscriber, reason: str) -> None:
        s.live = False
        s.reason = reason
        s.poke()


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

    def channel(self, stream_id: uuid.UUID) -> Channel | None:
        return self._channels.get(stream_id)

    def subscribers(self, stream_id: uuid.UUID) -> int:
        channel = self._channels.get(stream_id)
        return len(channel.subs) if channel else 0

    def live_subscribers(self, stream_id: uuid.UUID) -> int:
        channel = self._channels.get(stream_id)
        return sum(1 for s in channel.subs if s.live) if channel else 0

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


# -- one stream ---------------------------------------------------------------------------


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
    leaves events to read at once; None to go on (live, or another catch-up read)."""
    if until_version is not None and last >= until_version:
        return "until_version"
    if batch.count >= PAGE and last < batch.version:
        return "more"
    if batch.finished and last >= batch.version:
        return "finished"
    return "shutdown" if closing else None


async def events(
    hub: Hub,
    stream_id: uuid.UUID,
    read: Reader,
    *,
    key: Any = None,
    after: int,
    until_version: int | None,
    timeout: float | None,
    kind: str = "game",
    on_subscribe: Callable[[Callable[[], None]], None] | None = None,
    still_valid: Callable[[], Awaitable[bool]] | None = None,
    direct: Any = None,
) -> AsyncIterator[bytes]:
    """Catch-up from the store (this subscriber's own reads), then live (frames queued by
    the stream's channel, shared by every subscriber of the same visibility class ``key``).
    Yields Server-Sent Events bytes. Ends with ``event: end`` when the stream is finished,
    ``until_version`` was sent, ``timeout`` passed, the server is stopping, the subscriber
    fell behind, the caller's token was revoked (``still_valid`` said no), or an unexpected
    error happened. Counted in ``gamestate_live_streams{kind}`` while open. ``on_subscribe``
    is given a call that makes the stream check ``still_valid`` again at once (e.g. when its
    token is rotated); it is checked at the start too. ``direct``: the connection's direct
    write path (service/live/direct.py), which the pump then uses for live events while this
    generator is parked; not with ``until_version`` (the generator ends the stream there)."""
    deadline = _Deadline(timeout)
    sent = after
    backoff = 0.1
    if until_version is not None:
        direct = None
    with hub.subscribe(stream_id, read, key, after, direct) as sub, live_stream(kind):
        channel = hub.channel(stream_id)
        assert channel is not None
        # Nothing to check without a condition (the pump writes directly only when clear).
        sub.recheck = still_valid is not None
        yield PREAMBLE
        if on_subscribe is not None:
            on_subscribe(sub.recheck_now)
        channel.go_live(sub, read=False)
        while True:
            sub.clear()
            sent = max(sent, sub.sent)  # what the pump wrote directly meanwhile
            if still_valid is not None and sub.recheck:
                sub.recheck = False
                try:
                    valid = await _shielded(still_valid())
                except (psycopg.Error, PoolTimeout) as exc:
                    log.warning("live stream %s cannot check its token: %s", stream_id, exc)
                    sub.recheck = True
                    valid = True  # checked again at the next wake-up
                if not valid:
                    yield end_frame("revoked", sent)
                    return
            if sub.live or sub.frames or sub.reason:
                # Everything queued goes out in one send.
                chunk = []
                frames, sub.frames = sub.frames, []
                for version, data in frames:
                    chunk.append(data)
                    sent = max(sent, version)
                    if until_version is not None and sent >= until_version:
                        chunk.append(end_frame("until_version", sent))
                        yield b"".join(chunk)
                        return
                if sub.reason is not None:
                    chunk.append(end_frame(sub.reason, sent))
                    yield b"".join(chunk)
                    return
                if chunk:
                    # One frame as it is (the bytes shared with the class), several in one write.
                    yield chunk[0] if len(chunk) == 1 else b"".join(chunk)
                    continue
                if not sub.live:
                    continue  # a gap: catch up by itself
            elif hub.closing:
                # No catch-up read on the way out (thousands of streams at once, through a
                # pool that may be closing): the client resumes from `sent` (Last-Event-ID).
                yield end_frame("shutdown", sent)
                return
            else:
                try:
                    batch = await _shielded(read(sub.last, (key,)))
                except (psycopg.Error, PoolTimeout) as exc:
                    log.warning("live stream %s cannot read the store: %s", stream_id, exc)
                    yield STORE_UNAVAILABLE
                    reason = "shutdown" if hub.closing else "timeout" if deadline.passed() else None
                    if reason is not None:
                        yield end_frame(reason, sent)
                        return
                    await sub.wait(backoff)
                    backoff = min(backoff * 2, hub.keepalive)
                    continue
                except Exception:
                    # A truncated body would leave the client guessing; say it ended, so it
                    # reconnects (and resumes) like after any other end.
                    log.exception("live stream %s failed", stream_id)
                    yield end_frame("error", sent)
                    return
                backoff = 0.1
                items = batch.views.get(key)
                if items is None:
                    yield end_frame("error", sent)
                    return
                chunk = []
                for item in items:
                    if until_version is not None and item.version > until_version:
                        break
                    chunk.append(frame(item))
                    sent = sub.last = item.version
                reason = _after_batch(batch, sent, until_version, hub.closing)
                if reason not in (None, "more"):
                    chunk.append(end_frame(reason, sent))
                if chunk:
                    yield b"".join(chunk)
                if reason == "more":
                    continue
                if reason is not None:
                    return
                if not channel.go_live(sub):
                    continue  # the channel is further on: read up to it
            if hub.closing:
                yield end_frame("shutdown", sent)
                return
            wait = deadline.bounded(hub.keepalive)
            if wait <= 0:
                yield end_frame("timeout", sent)
                return
            if not await sub.wait(wait):
                sent = max(sent, sub.sent)
                if deadline.passed():
                    yield end_frame("timeout", sent)
                    return
                yield KEEPALIVE
