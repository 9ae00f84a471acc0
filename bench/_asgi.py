"""An ASGI client that calls an app in this process as a server would, with a complete scope:
for the in-process benches (``bench.asgi_path``, ``bench.turn_instructions``). It imports
nothing of the service, so that ``bench.turn_instructions``' driver can use it with an older
checkout's code."""

from __future__ import annotations

import asyncio


class Asgi:
    """Calls the app as an ASGI server would, with a complete scope."""

    def __init__(self, app) -> None:
        self.app = app

    async def request(
        self, method: str, path: str, body: bytes = b"", token: str | None = None
    ) -> tuple[int, bytes]:
        raw_path, _, query = path.partition("?")
        headers = [(b"host", b"bench"), (b"user-agent", b"bench"), (b"accept", b"*/*")]
        if body:
            headers += [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ]
        if token is not None:
            headers.append((b"authorization", b"Bearer " + token.encode()))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": raw_path,
            "raw_path": raw_path.encode(),
            "query_string": query.encode(),
            "root_path": "",
            "headers": headers,
            "client": ("127.0.0.1", 40000),
            "server": ("127.0.0.1", 8000),
            "state": {},
        }
        sent = False
        status = 0
        chunks: list[bytes] = []

        async def receive():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.sleep(3600)  # the client stays (no disconnect)
            return {"type": "http.disconnect"}

        async def send(message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        return status, b"".join(chunks)
