"""Small ASGI middleware that Litestar 2.x needs: OPTIONS with a complete ``Allow`` header,
and HEAD answered like GET without a body."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from litestar.types import ASGIApp, Message, Receive, Scope, Send


def _pattern(path: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^}]+\})", path)
    return re.compile(
        "^" + "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts) + "/?$"
    )


def route_methods(routes: list[Any]) -> list[tuple[re.Pattern[str], set[str]]]:
    """(path pattern, methods) of every route; a path with GET also answers HEAD. Fewer
    parameters first, so that a fixed path (/games/import) is not taken for a parameterised
    one it also matches (/games/{game_id})."""
    methods: dict[str, set[str]] = {}
    for route in routes:
        methods.setdefault(route.path, set()).update(getattr(route, "methods", ()) or ())
    return [
        (_pattern(path), m | {"HEAD"} if "GET" in m else m)
        for path, m in sorted(methods.items(), key=lambda item: item[0].count("{"))
    ]


def methods_for(table: list[tuple[re.Pattern[str], set[str]]], path: str) -> set[str] | None:
    for pattern, methods in table:
        if pattern.match(path):
            return methods
    return None


class AllowHeader:
    """Answers OPTIONS itself: Litestar 2.x reports only some methods in ``Allow`` when GET and
    POST share a path (litestar issue 4169, fixed in 3.x). CORS preflights (when CORS is on)
    go to Litestar's CORS middleware."""

    def __init__(self, app: ASGIApp, routes: list[Any], *, cors: bool = False) -> None:
        self.app = app
        self.cors = cors
        self.table = route_methods(routes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] == "OPTIONS"
            and not (self.cors and _is_preflight(scope))
        ):
            methods = methods_for(self.table, scope["path"])
            if methods is not None:
                allow = ", ".join(sorted(methods | {"OPTIONS"}))
                await send(
                    {
                        "type": "http.response.start",
                        "status": 204,
                        "headers": [(b"allow", allow.encode())],
                    }
                )
                await send({"type": "http.response.body", "body": b""})
                return
        await self.app(scope, receive, send)


class HeadAsGet:
    """HEAD on a GET route is served as that GET with the body left out (Litestar 2.x answers
    405): same status and headers, Content-Length included. Once the response has started,
    the app is told the client went away, so that a live stream (Server-Sent Events) ends at
    once instead of running for nobody."""

    def __init__(self, app: ASGIApp, routes: list[Any]) -> None:
        self.app = app
        self.table = route_methods(routes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return
        methods = methods_for(self.table, scope["path"])
        if methods is None or "GET" not in methods:
            await self.app(scope, receive, send)
            return
        started = asyncio.Event()

        async def receive_until_started() -> Message:
            if started.is_set():
                return {"type": "http.disconnect"}
            incoming = asyncio.ensure_future(receive())
            waiting = asyncio.ensure_future(started.wait())
            await asyncio.wait((incoming, waiting), return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()
            if incoming.done():
                return incoming.result()
            incoming.cancel()
            return {"type": "http.disconnect"}

        async def send_without_body(message: Message) -> None:
            if message["type"] == "http.response.start":
                await send(message)
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                started.set()
            # The body (and a stream's later messages) are not sent: HEAD has none.

        # The server keeps its own scope (method HEAD), so it sends no body either.
        await self.app({**scope, "method": "GET"}, receive_until_started, send_without_body)


def _is_preflight(scope: Scope) -> bool:
    """A CORS preflight, which Litestar's CORS middleware answers."""
    return any(name == b"access-control-request-method" for name, _ in scope["headers"])
