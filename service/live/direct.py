"""A direct write path for live streams, offered by our uvicorn protocol
(:class:`service.ops.transport.CorkedHttpToolsProtocol`) as the ASGI scope extension
:data:`DIRECT_WRITE`.

Through ASGI, each chunk a stream sends resumes its generator (a task switch) and passes
through every ``send`` wrapper (the service's middlewares, Litestar's, uvicorn's request
cycle) before reaching the socket: some 30 us per stream per event, which held each
worker's event loop ~15 ms per event with 500 streams on one game. With this extension the
live hub's pump writes an event, already framed as an HTTP/1.1 chunk once per visibility
class, straight to each parked stream's connection: one ``transport.write`` per stream.

The writer only accepts bytes while the response is a started, unfinished chunked body of a
connection that is still open and not paused by flow control; otherwise the stream takes the
ordinary ASGI path (which waits for the connection, so a slow client still falls ``behind``
as docs/live.md says). Which path a frame takes, and that the two never interleave, is the
channel's business (service/live/channel.py): it writes directly only while the stream's generator
is parked, i.e. everything it sent before went through uvicorn already.
"""

from __future__ import annotations

import weakref
from typing import Any

DIRECT_WRITE = "gamestate.direct_write"
"""The scope extension's name (``scope["extensions"][DIRECT_WRITE]``)."""


def chunk(data: bytes) -> bytes:
    """``data`` as one HTTP/1.1 chunk, as uvicorn frames a body it sends."""
    return b"%x\r\n%s\r\n" % (len(data), data)


class DirectWrite:
    """Writes ready-made chunks of one response to its connection, bypassing ASGI."""

    __slots__ = ("_cycle", "_flow", "_head", "_transport", "_write")

    def __init__(self, cycle: Any) -> None:
        # uvicorn's RequestResponseCycle of this request: it knows whether the response
        # started, is chunked, finished, and whether the client left; its flow control
        # whether writing is paused. What does not change is looked up once: this runs
        # once per stream and event. The cycle is held weakly: it holds the scope, which
        # holds this writer, and a strong reference would make every request's scope, cycle
        # and all they hold a reference cycle that only the garbage collector frees (issue
        # #32: some 11,000 objects per young collection, 30-60 ms pauses under http_load).
        # While a stream runs, its task holds the cycle.
        self._cycle = weakref.ref(cycle)
        self._flow = cycle.flow
        self._head = cycle.scope["method"] == "HEAD"
        self._transport = transport = cycle.transport
        self._write = getattr(transport, "write_now", None) or transport.write

    def ready(self) -> bool:
        cycle = self._cycle()
        return (
            cycle is not None
            and cycle.response_started
            and not cycle.response_complete
            and not cycle.disconnected
            and cycle.chunked_encoding is True
            and not self._head
            and not self._flow.write_paused
            and not self._transport.is_closing()
        )

    def write(self, chunks: bytes) -> None:
        """Chunks framed by :func:`chunk`; the caller checked :meth:`ready` just before."""
        self._write(chunks)
