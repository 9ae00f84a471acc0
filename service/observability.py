"""Request ids, access logs and Prometheus metrics.

``Observability`` is plain ASGI middleware around the whole app (installed by ``create_app``):

- every request gets a request id: a valid incoming ``X-Request-ID`` (1 to 128 of
  ``A-Z a-z 0-9 . _ : -``) is kept, anything else is replaced by a fresh one. The id is put
  in the structlog context (so every log line written while handling the request carries
  ``request_id``), in the request headers the handlers see (so the event metadata stores the
  validated id), and echoed in the response's ``X-Request-ID`` header;
- one access log line per request (``gamestate.access``: method, path, route, status,
  duration_ms);
- request counters and latency histograms labelled by route *template* (bounded cardinality).

The other metrics are observed with one call where they happen (``command_outcome`` from the
game service, ``timed_append`` on the event store) or read at scrape time (active games,
pool statistics; see ``render``). Nothing here is imported by the domain.
"""

from __future__ import annotations

import functools
import logging
import re
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import structlog
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

access_log = structlog.get_logger("gamestate.access")
_access_level = logging.getLogger("gamestate.access")
"""The stdlib logger behind ``access_log``: asked first, so that a filtered access line costs
nothing (structlog would run its processors before the level check drops it)."""

REQUEST_ID_HEADER = b"x-request-id"
_VALID_ID = re.compile(rb"^[A-Za-z0-9._:-]{1,128}$")

METRICS_CONTENT_TYPE = CONTENT_TYPE_LATEST

_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUESTS = Counter(
    "gamestate_http_requests_total",
    "HTTP requests answered, by method, route template and status",
    ["method", "route", "status"],
)
LATENCY = Histogram(
    "gamestate_http_request_duration_seconds",
    "HTTP request latency by method and route template",
    ["method", "route"],
    buckets=_LATENCY_BUCKETS,
)
COMMANDS = Counter(
    "gamestate_commands_total",
    "Game commands by game and outcome (accepted, rejected: a rule said no, conflict: a "
    "stale or contested version); code is the problem code of a refusal",
    ["game", "outcome", "code"],
)
APPEND_LATENCY = Histogram(
    "gamestate_event_store_append_duration_seconds",
    "Time to append a command's events to its stream (a batched append: from joining the"
    " batch queue to its batch's commit)",
    buckets=_LATENCY_BUCKETS,
)
APPEND_BATCHES = Counter(
    "gamestate_event_store_append_batches_total",
    "Batches of hot appends sent by this process (group commit: one statement and one commit"
    " for the appends that were waiting together)",
)
APPEND_BATCHED = Counter(
    "gamestate_event_store_batched_appends_total",
    "Hot appends sent in those batches (divided by the batches: the mean batch size)",
)
ANNOUNCE_SENDS = Counter(
    "gamestate_live_announce_sends_total",
    "NOTIFY statements sent by this process's announcer (each carries one or more commits)",
)
ANNOUNCED = Counter(
    "gamestate_live_announced_total",
    "Stream versions announced by this process's announcer (commits of the last window,"
    " the newest per stream)",
)
ACTIVE_GAMES = Gauge(
    "gamestate_active_games",
    "Games not finished yet (all processes; counted in the database, cached a few seconds)",
)
POOL = Gauge(
    "gamestate_db_pool",
    "Connection pool statistics of this process (psycopg_pool get_stats())",
    ["stat"],
)

_request_metrics: dict[tuple[str, str, int], tuple[Any, Any]] = {}
"""The labelled children per (method, route template, status): ``labels()`` takes a lock and
builds its key on every call. Bounded like the labels themselves (route templates)."""

ACTIVE_GAMES_TTL = 5.0
_POOL_STATS = (
    "pool_min",
    "pool_max",
    "pool_size",
    "pool_available",
    "requests_waiting",
    "requests_num",
    "requests_queued",
    "requests_errors",
    "connections_num",
    "connections_errors",
    "connections_lost",
)


def new_request_id() -> str:
    return uuid.uuid4().hex


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
        headers = [(k, v) for k, v in scope["headers"] if k != REQUEST_ID_HEADER]
        incoming = next((v for k, v in scope["headers"] if k == REQUEST_ID_HEADER), None)
        request_id = valid_request_id(incoming) or new_request_id()
        headers.append((REQUEST_ID_HEADER, request_id.encode()))
        scope["headers"] = headers  # handlers see the validated id
        method, path = scope["method"], scope["path"]
        status = 500
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [
                    *(
                        (k, v)
                        for k, v in message.get("headers", ())
                        if k.lower() != REQUEST_ID_HEADER
                    ),
                    (REQUEST_ID_HEADER, request_id.encode()),
                ]
            await send(message)

        with structlog.contextvars.bound_contextvars(request_id=request_id):
            try:
                await self.app(scope, receive, send_with_id)
            finally:
                duration = time.perf_counter() - started
                route = scope.get("path_template") or "unmatched"
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


# -- one-call instrumentation ------------------------------------------------------------


def command_outcome(game: str, outcome: str, code: str = "") -> None:
    COMMANDS.labels(game, outcome, code).inc()


F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


def timed_append(method: F) -> F:
    """Decorates ``EventStore.append``: its latency goes to the append histogram."""

    @functools.wraps(method)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return await method(*args, **kwargs)
        finally:
            APPEND_LATENCY.observe(time.perf_counter() - started)

    return wrapper  # type: ignore[return-value]


# -- scrape time -------------------------------------------------------------------------


class ActiveGames:
    """Counts active game streams at most every ``ttl`` seconds (one cheap indexed query);
    the last known value stays when the database cannot be asked."""

    def __init__(self, ttl: float = ACTIVE_GAMES_TTL) -> None:
        self.ttl = ttl
        self.checked = float("-inf")

    async def refresh(self, pool: Any) -> None:
        now = time.monotonic()
        if now - self.checked < self.ttl:
            return
        self.checked = now
        try:
            async with pool.connection(timeout=1) as conn:
                cursor = await conn.execute(
                    "SELECT count(*) FROM streams WHERE kind = 'game' AND status = 'active'"
                )
                row = await cursor.fetchone()
        except Exception as exc:  # the metrics page must not fail with the database
            logging.getLogger("gamestate.metrics").warning("active games not counted: %s", exc)
            return
        ACTIVE_GAMES.set(row[0] if row else 0)


async def render(pool: Any, active_games: ActiveGames) -> bytes:
    """The Prometheus text page for this process."""
    if pool is not None:
        stats = pool.get_stats()
        for name in _POOL_STATS:
            POOL.labels(name).set(stats.get(name, 0))
        await active_games.refresh(pool)
    return generate_latest(REGISTRY)
