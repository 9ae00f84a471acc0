"""One socket write per response.

uvicorn writes a response's status line and headers with one ``transport.write`` and its body
with another, so every small answer costs two send system calls and two TCP segments, and
wakes its client twice. ``CorkedTransport`` holds what is written during one turn of the event
loop and sends it at the end of that turn, in one write (what TCP_CORK does in the kernel,
without its 200 ms ceiling or an extra system call to set it). A response whose start and body
are sent in the same step of the handler's task, as Litestar sends them, leaves in one segment;
a stream (Server-Sent Events) still leaves as it is produced, each message at the end of the
turn in which it was written.

``CorkedHttpToolsProtocol`` is uvicorn's httptools protocol with that transport, passed to
``uvicorn.Config(http=...)``. It also caps the request head (request line and headers,
``max_head_bytes``, see :func:`protocol_with_head_limit`): neither uvicorn nor httptools has
such a cap, and httptools gathers a header's value in memory until its line ends, so a client
could send a header of any size (96 MB took 23 s to refuse and stalled every other request
of the process for 7 s). A head past the cap is answered 431 as soon as the cap is passed,
and nothing more of that connection is read.
A request that does not parse is answered 400 (``malformed_request``) as problem details too
(uvicorn's own answer is plain text).

Each request's scope also carries the live streams' direct write path
(``scope["extensions"]["gamestate.direct_write"]``, service/live/direct.py).

With stream workers (``serve --stream-workers``), a command worker's protocol has a
:class:`~service.ops.handoff.Handoff`: a fresh connection whose first chunk is a whole live
stream request is passed on to a stream worker before anything is parsed, and the stream
worker's protocol is given those bytes (``handed_over``) before it reads anything itself
(service/ops/handoff.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
from http import HTTPStatus
from typing import Any

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.live.direct import DIRECT_WRITE, DirectWrite
from service.ops.handoff import Handoff, stream_target

log = logging.getLogger("gamestate.transport")

DEFAULT_MAX_HEAD_BYTES = 16 * 1024
"""Request line plus headers (GAMESTATE_MAX_HEADER_BYTES); browsers send 1-2 KiB."""

LINGER_SECONDS = 1.0
"""After a 431, how long what the client still sends is read and dropped before closing: a
socket closed with unread data resets the connection, and the client may then lose the
answer it was about to read."""
LINGER_BYTES = 1024 * 1024

_REFUSAL_BODY = (
    b'{"type":"about:blank","title":"Request Header Fields Too Large","status":431,'
    b'"code":"request_header_fields_too_large","detail":"the request line and headers exceed %d bytes"}'
)


class CorkedTransport:
    """Wraps a transport: writes made in one loop turn go out as one ``write``."""

    __slots__ = ("_buffer", "_loop", "_scheduled", "_transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._buffer: list[bytes] = []
        self._scheduled = False

    def write(self, data: bytes) -> None:
        if not data:
            return
        self._buffer.append(data)
        if not self._scheduled:
            self._scheduled = True
            self._loop.call_soon(self._flush)

    def write_now(self, data: bytes) -> None:
        """Sent at once, after anything still held: a live stream's direct write (one per
        connection and event) leaves without a scheduled flush of its own."""
        if self._buffer:
            self.write(data)
        elif not self._transport.is_closing():
            self._transport.write(data)

    def is_closing(self) -> bool:
        # Defined, not left to __getattr__: asked once per stream and event (direct writes).
        return self._transport.is_closing()

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def _flush(self) -> None:
        self._scheduled = False
        if not self._buffer:
            return
        data = b"".join(self._buffer) if len(self._buffer) > 1 else self._buffer[0]
        self._buffer.clear()
        if not self._transport.is_closing():
            self._transport.write(data)

    def close(self) -> None:
        # Whatever was written before close() is sent first, as with a plain transport.
        self._flush()
        self._transport.close()

    def write_eof(self) -> None:
        self._flush()
        self._transport.write_eof()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + sum(map(len, self._buffer))

    def __getattr__(self, name: str) -> Any:
        # Everything else (is_closing, get_extra_info, pause_reading, abort, ...) is the
        # transport's own.
        return getattr(self._transport, name)


class HeadTooLarge(Exception):
    """Raised from a parser callback to stop parsing a head past the cap."""


class CorkedHttpToolsProtocol(HttpToolsProtocol):
    max_head_bytes = DEFAULT_MAX_HEAD_BYTES
    handoff: Handoff | None = None
    """A command worker's way to its stream workers (None: every stream is served here)."""
    handed_over: bytes | None = None
    """In a stream worker, set on a connection made from a hand-off: the bytes the command
    worker had read already."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:  # type: ignore[override]
        self._head_open = False
        self._heads = 0  # messages begun on this connection
        self._head_parsed = 0  # bytes of the head the parser has handed over
        self._head_unparsed = 0  # bytes of chunks that fell wholly inside the open head
        self._lingering: int | None = None  # bytes dropped since a 431, while lingering
        super().connection_made(CorkedTransport(transport, self.loop))  # type: ignore[arg-type]
        data = self.handed_over
        if data is not None:
            # Before the transport's first read is delivered: the order of the bytes holds.
            self.handed_over = None
            self.data_received(data)

    def _hand_off(self, data: bytes) -> bool:
        """True when this connection went to a stream worker (and is closed here)."""
        assert self.handoff is not None
        stream = stream_target(data)
        if stream is None:
            return False
        transport = self.transport
        sock = transport.get_extra_info("socket")
        if sock is None:
            return False
        # Nothing more may be read here: what the client sends next is the stream worker's.
        transport.pause_reading()
        if not self.handoff.send(stream, sock.fileno(), data):
            transport.resume_reading()
            return False
        # Only our descriptor is closed; the connection lives on in the stream worker.
        transport.close()
        return True

    # The head is measured two ways, each never more than its true size: what the parser
    # hands over (the URL in pieces, each header once complete), and whole chunks received
    # while the head stays open (the part of a long header the parser still holds back).

    def on_message_begin(self) -> None:
        self._head_open = True
        self._heads += 1
        self._head_parsed = self._head_unparsed = 0
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        self._count_parsed(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count_parsed(len(name) + len(value) + 4)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._head_open = False
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is not None and cycle.scope is self.scope:
            # The app's task starts on the next loop turn: the scope can still be extended.
            extensions = self.scope.setdefault("extensions", {})
            extensions[DIRECT_WRITE] = DirectWrite(cycle)

    def _count_parsed(self, size: int) -> None:
        self._head_parsed += size
        if self._head_parsed > self.max_head_bytes:
            raise HeadTooLarge

    def data_received(self, data: bytes) -> None:
        # uvicorn's own, with the head cap (its version answers any parser error 400).
        if self._lingering is not None:
            self._linger(len(data))
            return
        if (
            self.handoff is not None
            and self._heads == 0
            and not self._head_open
            and self._hand_off(data)
        ):
            return
        open_before, heads_before = self._head_open, self._heads
        self._unset_keepalive_if_required()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError:
            if self._head_parsed > self.max_head_bytes:
                self._refuse_head()
                return
            message = "Invalid HTTP request received."
            self.logger.warning(message)
            self.send_400_response(message)
            return
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
            return
        if open_before and self._head_open and self._heads == heads_before:
            self._head_unparsed += len(data)
            if self._head_unparsed > self.max_head_bytes:
                self._refuse_head()

    def _refuse_head(self) -> None:
        log.info("request head over %d bytes refused (431)", self.max_head_bytes)
        body = _REFUSAL_BODY % self.max_head_bytes
        self.transport.write(
            b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
            b"content-type: application/problem+json\r\n"
            b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(body), body)
        )
        self._head_open = False
        self._lingering = 0
        if self.transport.can_write_eof():
            self.transport.write_eof()  # the answer, then FIN; what comes in is dropped
        self.loop.call_later(LINGER_SECONDS, self.transport.close)

    def _linger(self, size: int) -> None:
        assert self._lingering is not None
        self._lingering += size
        if self._lingering > LINGER_BYTES:
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        # uvicorn's answer to a request it cannot parse is plain text; ours is problem details.
        body = json.dumps(
            {
                "type": "about:blank",
                "title": HTTPStatus.BAD_REQUEST.phrase,
                "status": 400,
                "code": "malformed_request",
                "detail": "the request is not valid HTTP/1.1",
            }
        ).encode()
        head = [b"HTTP/1.1 400 Bad Request\r\n"]
        for name, value in self.server_state.default_headers:
            head += [name, b": ", value, b"\r\n"]
        head += [
            b"content-type: application/problem+json\r\n",
            b"content-length: " + str(len(body)).encode() + b"\r\n",
            b"connection: close\r\n\r\n",
        ]
        self.transport.write(b"".join(head) + body)
        self.transport.close()


def protocol_with_head_limit(
    max_head_bytes: int, handoff: Handoff | None = None
) -> type[CorkedHttpToolsProtocol]:
    """The protocol class with another cap on the request head (uvicorn takes a class), and
    in a command worker with stream workers, their hand-off."""
    return type(
        "CorkedHttpToolsProtocol",
        (CorkedHttpToolsProtocol,),
        {"max_head_bytes": max_head_bytes, "handoff": handoff},
    )
