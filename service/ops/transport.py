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
``uvicorn.Config(http=...)``.
"""

from __future__ import annotations

import asyncio
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


class CorkedHttpToolsProtocol(HttpToolsProtocol):
    def connection_made(self, transport: asyncio.BaseTransport) -> None:  # type: ignore[override]
        super().connection_made(CorkedTransport(transport, self.loop))  # type: ignore[arg-type]
