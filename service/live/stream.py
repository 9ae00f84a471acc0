"""One live stream: catch-up from the store (the subscriber's own reads), then live (frames
queued by the stream's channel, service/live/channel.py), as Server-Sent Events bytes."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg_pool import PoolTimeout

from service.live import sse
from service.live.channel import shielded
from service.live.sse import KEEPALIVE, PAGE, PREAMBLE, STORE_UNAVAILABLE, Batch, Reader, end_frame
from service.support.metrics import live_stream

if TYPE_CHECKING:
    from service.live.hub import Hub

log = logging.getLogger("gamestate.live")


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
                    valid = await shielded(still_valid())
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
                    batch = await shielded(read(sub.last, (key,)))
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
                    chunk.append(sse.frame(item))
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
