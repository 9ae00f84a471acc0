"""A minimal HTTP/1.1 keep-alive client for the load generator.

The load generator shares the machine's two cores with the service and PostgreSQL, so every
millisecond it spends is taken from what it measures. httpx costs about 1 ms of CPU per request
here (measured: 65% of a core at 650 requests/s); this client, one connection per simulated
bot, a fixed request shape and msgspec for JSON, costs a small fraction of that. It speaks just
the HTTP the service answers with: ``Content-Length`` bodies or chunked bodies, keep-alive,
and ``Connection: close`` (then it reconnects on the next request).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import msgspec

_encode = msgspec.json.encode
_decode = msgspec.json.decode


class HttpError(Exception):
    """A transport failure (connection refused or lost, malformed answer)."""


class Response:
    __slots__ = ("body", "status")

    def __init__(self, status: int, body: bytes) -> None:
        self.status = status
        self.body = body

    def json(self) -> Any:
        return _decode(self.body)

    @property
    def text(self) -> str:
        return self.body.decode(errors="replace")


class Connection:
    """One keep-alive connection to ``host:port``; requests are sent one at a time."""

    def __init__(self, host: str, port: int, timeout: float = 30.0) -> None:
        self.host = host
        self.port = port
        self.timeout = timeout
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._host_header = f"Host: {host}:{port}\r\n".encode()

    @classmethod
    def for_url(cls, base: str, timeout: float = 30.0) -> Connection:
        rest = base.split("://", 1)[-1].rstrip("/")
        host, _, port = rest.partition(":")
        return cls(host, int(port or 80), timeout)

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError):
                await self._writer.wait_closed()
        self._reader = self._writer = None

    async def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        content: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Response:
        """``json`` is encoded as the body; ``content`` is sent as it is (JSON already)."""
        body = _encode(json) if json is not None else content
        try:
            # asyncio.timeout, not wait_for: no extra task per request.
            async with asyncio.timeout(self.timeout):
                return await self._request(method, path, body, headers)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
            await self.close()
            raise HttpError(f"{type(exc).__name__}: {exc}") from exc

    async def _request(
        self, method: str, path: str, body: bytes | None, headers: dict[str, str] | None
    ) -> Response:
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        head = [f"{method} {path} HTTP/1.1\r\n".encode(), self._host_header]
        if headers:
            head.extend(f"{k}: {v}\r\n".encode() for k, v in headers.items())
        if body is not None:
            head.append(b"Content-Type: application/json\r\n")
        else:
            body = b""
        if body or method in ("POST", "PUT", "PATCH"):
            head.append(f"Content-Length: {len(body)}\r\n".encode())
        head.append(b"\r\n")
        self._writer.write(b"".join(head) + body)
        reader = self._reader
        assert reader is not None
        raw = await reader.readuntil(b"\r\n\r\n")
        lines = raw.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        length = None
        chunked = close = False
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
            elif name == b"connection":
                close = b"close" in value.lower()
        if chunked:
            parts = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await reader.readuntil(b"\r\n")
                    break
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
            data = b"".join(parts)
        elif length is not None:
            data = await reader.readexactly(length)
        else:
            data = await reader.read()
            close = True
        if close:
            await self.close()
        return Response(status, data)
