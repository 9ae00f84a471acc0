"""Prometheus metrics of this process: their definitions, one-call instrumentation
(``command_outcome`` from the game service, ``timed_append`` on the event store,
``batch_sent`` from the batcher, ``live_stream`` around an SSE stream, ``POOL_WAIT`` from the
pool) and the
scrape-time page (active games, pool statistics; see ``render``). The request middleware that
counts requests lives in ``service/api/observability.py``. Imports nothing of service/."""

from __future__ import annotations

import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
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
COMMAND_LATENCY = Histogram(
    "gamestate_command_duration_seconds",
    "Time from a command's arrival at the game service to its answer (decide, append, every"
    " retry), by game and outcome",
    ["game", "outcome"],
    buckets=_LATENCY_BUCKETS,
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
APPEND_BATCH_SIZE = Histogram(
    "gamestate_event_store_append_batch_size",
    "Appends per group-commit batch (one statement and one commit each)",
    buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256),
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
LIVE_STREAMS = Gauge(
    "gamestate_live_streams",
    "Server-Sent Events connections open in this process, by kind (game, tournament)",
    ["kind"],
)
LIVE_STREAMS.labels("game")
LIVE_STREAMS.labels("tournament")
POOL_WAIT = Histogram(
    "gamestate_db_pool_wait_seconds",
    "Time a request of this process waited for a pooled database connection",
    buckets=(0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0),
)
REPLICA_READS = Counter(
    "gamestate_replica_reads_total",
    "Reads routed with a read replica set (GAMESTATE_READ_DATABASE_URL), by the database that"
    " served them: the replica, or the primary when the replica was behind for longer than"
    " GAMESTATE_READ_WAIT_MS or unreachable",
    ["served_by"],
)
REPLICA_WAIT = Histogram(
    "gamestate_replica_wait_seconds",
    "Time a routed read spent finding out whether the replica had what it must see (and"
    " waiting for it)",
    buckets=(0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)
ACTIVE_GAMES = Gauge(
    "gamestate_active_games",
    "Games not finished yet (all processes; counted in the database, cached a few seconds)",
)
BOT_TURNS = Gauge(
    "gamestate_bot_turns",
    "Pending turns of games with bot seats (all processes; counted in the database with the"
    " active games): waiting (nobody holds it: to be claimed) or held (a bot player's lease)."
    " A bot process has no /metrics of its own: a growing waiting count says its bots fall"
    " behind",
    ["state"],
)
POOL = Gauge(
    "gamestate_db_pool",
    "Connection pool statistics of this process (psycopg_pool get_stats())",
    ["stat"],
)
REPLICA_POOL = Gauge(
    "gamestate_db_replica_pool",
    "Connection pool statistics of this process's read replica pool (GAMESTATE_READ_DATABASE_URL)",
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


_command_metrics: dict[tuple[str, str, str], tuple[Any, Any]] = {}
"""The labelled children per (game, outcome, code), as ``service/api/observability.py``
keeps the request metrics': ``labels()`` validates, builds its key and takes a lock on every
call (issue #32: 5.9 against 2.8 us a command, timeit on the bench box). Bounded like the
labels: games times outcomes times the problem codes."""


def command_outcome(game: str, outcome: str, code: str = "", started: float | None = None) -> None:
    """Counts a command's outcome; with ``started`` (``time.perf_counter()`` at its arrival)
    its latency goes to the command histogram too."""
    counted = _command_metrics.get((game, outcome, code))
    if counted is None:
        counted = _command_metrics[(game, outcome, code)] = (
            COMMANDS.labels(game, outcome, code),
            COMMAND_LATENCY.labels(game, outcome),
        )
    counted[0].inc()
    if started is not None:
        counted[1].observe(time.perf_counter() - started)


def batch_sent(size: int) -> None:
    APPEND_BATCHES.inc()
    APPEND_BATCHED.inc(size)
    APPEND_BATCH_SIZE.observe(size)


@contextlib.contextmanager
def live_stream(kind: str) -> Iterator[None]:
    """Counts an open Server-Sent Events connection while the block runs."""
    gauge = LIVE_STREAMS.labels(kind)
    gauge.inc()
    try:
        yield
    finally:
        gauge.dec()


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
    """Counts active game streams and pending bot turns at most every ``ttl`` seconds (one
    statement of cheap counts); the last known values stay when the database cannot be
    asked."""

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
                cursor = await conn.execute(COUNTS)
                row = await cursor.fetchone()
        except Exception as exc:  # the metrics page must not fail with the database
            logging.getLogger("gamestate.metrics").warning("active games not counted: %s", exc)
            return
        active, waiting, held = row if row else (0, 0, 0)
        ACTIVE_GAMES.set(active)
        BOT_TURNS.labels("waiting").set(waiting)
        BOT_TURNS.labels("held").set(held)


COUNTS = """
SELECT (SELECT count(*) FROM streams WHERE kind = 'game' AND status = 'active'),
       count(*) FILTER (WHERE claimed_until IS NULL OR claimed_until < now()),
       count(*) FILTER (WHERE claimed_until >= now())
FROM bot_turns
"""


async def render(pool: Any, active_games: ActiveGames, replica: Any = None) -> bytes:
    """The Prometheus text page for this process (``replica``: the read replica's pool)."""
    if pool is not None:
        stats = pool.get_stats()
        for name in _POOL_STATS:
            POOL.labels(name).set(stats.get(name, 0))
        await active_games.refresh(pool)
    if replica is not None:
        stats = replica.get_stats()
        for name in _POOL_STATS:
            REPLICA_POOL.labels(name).set(stats.get(name, 0))
    return generate_latest(REGISTRY)
