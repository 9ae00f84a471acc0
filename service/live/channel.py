"""The fan-out of one stream in a process: its subscribers (the open streams) and the
channel's pump, which reads each new event once from the store, encodes it once per
visibility class and queues the same bytes for every live subscriber of that class, writing
parked streams' frames straight to their connections (service/live/direct.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Sequence
from typing import Any, Protocol

import psycopg
from psycopg_pool import PoolTimeout

from service.live import sse
from service.live.direct import chunk as http_chunk
from service.live.sse import PAGE, STORE_UNAVAILABLE, Batch, Reader

log = logging.getLogger("gamestate.live")


class Hub(Protocol):
    """What a channel and its subscribers read of the process's hub (service/live/hub.py's
    ``Hub``; a protocol so that this module does not import that one, which imports it)."""

    closing: bool
    keepalive: float
    batch_window: float
    queue: int
    encoded: int


BATCH_MIN_SUBSCRIBERS = 16
"""Live streams of one channel in the process from which its pump batches (``Hub``'s
``batch_window``, service/live/hub.py DEFAULT_BATCH_MS)."""
STAND_ASIDE_PER_ROUND = 0.1
"""Seconds one fan-out round stands aside for people's commands in all (``Hub.stand_aside``):
the last stream's delivery stays well within half a second of the command (issue #32 item 4)."""
WAKE_SLICE = 16
"""Subscribers written to (or woken) per event-loop iteration when an event fans out: the
loop polls its sockets between slices, so a command waits for one slice, not for all."""
QUEUE = 256
"""Frames (events) a subscriber may have waiting for its connection; beyond that it is dropped
with ``event: end`` ``behind`` (docs/live.md)."""


async def shielded(read: Awaitable[Any]) -> Any:
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
                    batch = await shielded(self.read(self.version, keys))
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
                until = loop.time() + STAND_ASIDE_PER_ROUND
                for start in range(0, len(woken), WAKE_SLICE):
                    if start:
                        # Let the event loop poll its sockets between slices: a command
                        # arriving meanwhile waits for one slice of writes, not for all. And
                        # a command in flight in any worker goes first: on shared cores the
                        # writes beside it slowed it (support/busy.py).
                        await self.hub.stand_aside(until)
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
            frames[key] = [(item.version, sse.frame(item)) for item in items]
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
        for frame in shown:
            version = frame[0]
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
            # The pair the whole class shares, not a new one per subscriber: 1,000 streams
            # on a game made 20,000 tuples per round, alive at once, and so a young garbage
            # collection of some 20 ms of CPU nearly every round (issue #32 item 4).
            s.frames.append(frame)
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
