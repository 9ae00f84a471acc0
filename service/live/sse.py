"""What a live stream reads and sends: the events a store read returns (``Item``, ``Batch``,
the ``Reader`` contract) and their Server-Sent Events framing, shared by the channels' pumps
(service/live/channel.py) and the streams' own catch-up reads (service/live/stream.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from typing import Any

import msgspec

RETRY_MS = 2000
"""The reconnect delay suggested to EventSource clients (SSE ``retry:`` field)."""
PAGE = 500


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
