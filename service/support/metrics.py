"""Prometheus metrics of this process: their definitions, one-call instrumentation
(``command_outcome`` from the game service, ``timed_append`` on the event store) and the
scrape-time page (active games, pool statistics; see ``render``). The request middleware that
counts requests lives in ``service/api/observability.py``. Imports nothing of service/."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

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
CLIENT_DISCONNECTS = Counter(
    "gamestate_client_disconnects_total",
    "Requests whose client went away before the request was read (counted here, not as"
    " answered requests: nothing could be answered)",
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
