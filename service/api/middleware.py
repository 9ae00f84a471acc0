"""Small ASGI middleware that Litestar 2.x needs."""

from __future__ import annotations

import re
from typing import Any

from litestar.types import ASGIApp, Receive, Scope, Send


def _pattern(path: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^}]+\})", path)
    return re.compile(
        "^" + "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts) + "/?$"
    )


class AllowHeader:
    """Answers OPTIONS itself: Litestar 2.x reports only some methods in ``Allow`` when GET and
    POST share a path (litestar issue 4169, fixed in 3.x). CORS preflights (when CORS is on)
    go to Litestar's CORS middleware."""

    def __init__(self, app: ASGIApp, routes: list[Any], *, cors: bool = False) -> None:
        self.app = app
        self.cors = cors
        methods: dict[str, set[str]] = {}
        for route in routes:
            methods.setdefault(route.path, set()).update(getattr(route, "methods", ()) or ())
        # Fewer parameters first, so that a fixed path (/games/import) is not taken for a
        # parameterised one it also matches (/games/{game_id}).
        self.table = [
            (_pattern(path), ", ".join(sorted(m | {"OPTIONS"})))
            for path, m in sorted(methods.items(), key=lambda item: item[0].count("{"))
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] == "OPTIONS"
            and not (self.cors and _is_preflight(scope))
        ):
            for pattern, allow in self.table:
                if pattern.match(scope["path"]):
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


def _is_preflight(scope: Scope) -> bool:
    """A CORS preflight, which Litestar's CORS middleware answers."""
    return any(name == b"access-control-request-method" for name, _ in scope["headers"])
