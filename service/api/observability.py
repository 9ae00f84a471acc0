"""Request ids, access logs and request metrics: ``Observability`` is plain ASGI middleware
around the whole app (installed by ``create_app``):

- every request gets a request id: a valid incoming ``X-Request-ID`` (1 to 128 of
  ``A-Z a-z 0-9 . _ : -``) is kept, anything else is replaced by a fresh one. The id is put
  in the structlog context (so every log line written while handling the request carries
  ``request_id``), in the request headers the handlers see (so the event metadata stores the
  validated id), and echoed in the response's ``X-Request-ID`` header;
- one access log line per request (``gamestate.access``: method, path, route, status,
  duration_ms);
- request counters and latency histograms labelled by route *template* (bounded cardinality);
- a client that goes away before its request was read (mid-body) is its own doing, not a
  server error: the request is marked (``CLIENT_GONE`` in the scope, for the exception
  handlers), logged as status 499 and counted in ``gamestate_client_disconnects_total``
  instead of the request counters.
"""

from __future__ import annotations

import logging
import re
import time
from typing import Any

import structlog
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.support.ids import new_request_id
from service.support.metrics import CLIENT_DISCONNECTS, LATENCY, REQUESTS

access_log = structlog.get_logger("gamestate.access")
_access_level = logging.getLogger("gamestate.access")
"""The stdlib logger behind ``access_log``: asked first, so that a filtered access line costs
nothing (structlog would run its processors before the level check drops it)."""

REQUEST_ID_HEADER = b"x-request-id"
CLIENT_GONE = "gamestate.client_gone"
"""Scope key set when the client disconnected before the response started."""
CLIENT_CLOSED_REQUEST = 499
"""The status logged for such a request (nginx's "client closed request"); never sent."""
_VALID_ID = re.compile(rb"^[A-Za-z0-9._:-]{1,128}$")

_request_metrics: dict[tuple[str, str, int], tuple[Any, Any]] = {}
"""The labelled children per (method, route template, status): ``labels()`` takes a lock and
builds its key on every call. Bounded like the labels themselves (route templates)."""


def valid_request_id(raw: bytes | None) -> str | None:
    if raw is not None and _VALID_ID.match(raw):
        return raw.decode()
    return None


class Observability:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = None
        for name, value in scope["headers"]:
            if name == REQUEST_ID_HEADER:
                incoming = value
                break
        request_id = valid_request_id(incoming) or new_request_id()
        encoded_id = request_id.encode()
        # Handlers see the validated id (and only it).
        if incoming is None:
            scope["headers"] = [*scope["headers"], (REQUEST_ID_HEADER, encoded_id)]
        else:
            scope["headers"] = [
                *((k, v) for k, v in scope["headers"] if k != REQUEST_ID_HEADER),
                (REQUEST_ID_HEADER, encoded_id),
            ]
        method, path = scope["method"], scope["path"]
        status = 500
        responded = False
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status, responded
            if message["type"] == "http.response.start":
                status = message["status"]
                responded = True
                headers = message.get("headers", ())
                if any(k.lower() == REQUEST_ID_HEADER for k, _ in headers):
                    headers = [(k, v) for k, v in headers if k.lower() != REQUEST_ID_HEADER]
                message["headers"] = [*headers, (REQUEST_ID_HEADER, encoded_id)]
            await send(message)

        async def receive_watching() -> Message:
            message = await receive()
            if message["type"] == "http.disconnect" and not responded:
                scope[CLIENT_GONE] = True
            return message

        # bind/reset rather than the bound_contextvars() context manager: the same, without a
        # generator per request.
        tokens = structlog.contextvars.bind_contextvars(request_id=request_id)
        try:
            await self.app(scope, receive_watching, send_with_id)
        finally:
            _record(
                method,
                path,
                scope.get("path_template") or "unmatched",
                CLIENT_CLOSED_REQUEST if scope.get(CLIENT_GONE) else status,
                time.perf_counter() - started,
            )
            structlog.contextvars.reset_contextvars(**tokens)


def _record(method: str, path: str, route: str, status: int, duration: float) -> None:
    """Count and log one request; a client gone before the answer is counted apart."""
    if status == CLIENT_CLOSED_REQUEST:
        CLIENT_DISCONNECTS.inc()
    else:
        counted = _request_metrics.get((method, route, status))
        if counted is None:
            counted = _request_metrics[(method, route, status)] = (
                REQUESTS.labels(method, route, str(status)),
                LATENCY.labels(method, route),
            )
        counted[0].inc()
        counted[1].observe(duration)
    if _access_level.isEnabledFor(logging.INFO):
        access_log.info(
            "request",
            method=method,
            path=path,
            route=route,
            status=status,
            duration_ms=round(duration * 1000, 3),
        )
