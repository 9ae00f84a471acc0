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
``uvicorn.Config(http=...)``. It also answers what never reaches the app as problem details,
like every other error: a request whose headers pass ``MAX_HEADER_BYTES`` with 431
(``request_header_fields_too_large``), one that does not parse with 400 (``malformed_request``);
uvicorn's own answer to both is a plain-text 400.
"""

from __future__ import annotations

import asyncio
import json
from http import HTTPStatus
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


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


MAX_HEADER_BYTES = 32 * 1024
"""The most a request's header lines may hold together (names and values)."""


class _HeadersTooLarge(Exception):
    pass


class CorkedHttpToolsProtocol(HttpToolsProtocol):
    _header_bytes = 0
    _headers_too_large = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:  # type: ignore[override]
        super().connection_made(CorkedTransport(transport, self.loop))  # type: ignore[arg-type]

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._header_bytes = 0

    def on_header(self, name: bytes, value: bytes) -> None:
        self._header_bytes += len(name) + len(value) + 4
        if self._header_bytes > MAX_HEADER_BYTES:
            # Raised inside the parser's callback: uvicorn catches it as a parser error and
            # calls send_400_response, which answers 431 for this.
            self._headers_too_large = True
            raise _HeadersTooLarge
        super().on_header(name, value)

    def send_400_response(self, msg: str) -> None:
        if self._headers_too_large:
            status, code = 431, "request_header_fields_too_large"
            detail = f"the request's headers exceed {MAX_HEADER_BYTES} bytes"
        else:
            status, code, detail = 400, "malformed_request", "the request is not valid HTTP/1.1"
        body = json.dumps(
            {
                "type": "about:blank",
                "title": HTTPStatus(status).phrase,
                "status": status,
                "code": code,
                "detail": detail,
            }
        ).encode()
        head = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n".encode()]
        for name, value in self.server_state.default_headers:
            head += [name, b": ", value, b"\r\n"]
        head += [
            b"content-type: application/problem+json\r\n",
            b"content-length: " + str(len(body)).encode() + b"\r\n",
            b"connection: close\r\n\r\n",
        ]
        self.transport.write(b"".join(head) + body)
        self.transport.close()
