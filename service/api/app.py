"""The Litestar application: ``create_app`` wires the pool (owned by the lifespan), the game
service, the route modules and the one mapping from exceptions to problem details."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

import psycopg
from litestar import Litestar
from litestar.config.cors import CORSConfig
from litestar.datastructures import State
from litestar.di import Provide
from litestar.exceptions import HTTPException, ValidationException
from psycopg_pool import PoolClosed, PoolTimeout

from domain._kernel import DomainError
from service.api import hot, tracing
from service.api.direct import DirectRoutes
from service.api.docs import DocsHeaders
from service.api.http import (
    check_body,
    handle_api_error,
    handle_database,
    handle_domain_error,
    handle_http,
    handle_interface_error,
    handle_unexpected,
    handle_validation,
    provide_conn,
    provide_games,
    provide_read_conn,
)
from service.api.limits import RateLimits, sweep_expired
from service.api.limits import middleware as limit_middleware
from service.api.middleware import AllowHeader, HeadAsGet
from service.api.observability import Observability
from service.api.openapi import config as openapi_config
from service.api.openapi import install as install_openapi
from service.api.routes import modules
from service.clocks.bots import BOT_PROCESS, PLAY_HERE, PLAYERS, BotSettings
from service.games.audits import Audits
from service.games.clocked import ClockLimits
from service.games.imports import Importer, ImportLimits
from service.games.service import GameService
from service.games.snapshots import SNAPSHOT_EVERY
from service.lobby.matchmaking import MatchLimits
from service.lobby.tables import LobbyLimits
from service.notify.sealing import derived_key
from service.notify.settings import NotifySettings
from service.players.ratings import RatingRules
from service.players.registry import PLAYERS_CHANNEL, PlayerRegistry
from service.store.announce import Announcer
from service.store.batching import AppendBatcher
from service.store.chain import NOTIFY_CHANNEL
from service.store.events import EventStore
from service.store.pool import ServicePool
from service.store.replica import ReadRouter
from service.store.retention import Retention
from service.store.retention import start as start_retention
from service.support.errors import ApiError
from service.support.heavy import HeavyReadLimits, HeavyReads
from service.support.tasks import stop


def _with_derived_key(notify: NotifySettings, admin_key: str) -> NotifySettings:
    """The webhook secrets' keys and, last, the one derived from the admin key: it seals
    when no key is set, and opens what it sealed once keys are (service/notify/sealing.py)."""
    derived = derived_key(admin_key)
    if derived in notify.secret_keys:
        return notify
    return dataclasses.replace(notify, secret_keys=(*notify.secret_keys, derived))


def create_app(
    database_url: str,
    *,
    admin_key: str,
    pool_min: int = 2,
    pool_max: int = 10,
    max_body_bytes: int = 65536,
    state_cache_size: int = 2048,
    cors_origins: Sequence[str] = (),
    metrics_token: str | None = None,
    import_keys: tuple[str, ...] = (),
    imports_open: bool = False,
    import_limits: ImportLimits | None = None,
    rate_limits: RateLimits | None = None,
    max_tournament_players: int = 256,
    snapshot_every: int = SNAPSHOT_EVERY,
    leaderboard_min_games: int = 5,
    rating_rules: RatingRules | None = None,
    tracer_provider: Any = None,
    read_database_url: str | None = None,
    read_wait: float = 0.05,
    lobby_limits: LobbyLimits | None = None,
    clock_limits: ClockLimits | None = None,
    match_limits: MatchLimits | None = None,
    notify: NotifySettings | None = None,
    retention: Retention | None = None,
    background: bool = True,
    heavy_reads: HeavyReadLimits | None = None,
    bots: BotSettings | None = None,
    bot_player: str = PLAY_HERE,
) -> Litestar:
    """``tracer_provider``: an OpenTelemetry tracer provider to trace requests and their SQL
    with (service/api/tracing.py); None, no tracing. ``read_database_url``: a streaming
    replica that reads go to when it has what they must see, waiting up to ``read_wait``
    seconds for it (service/store/replica.py); None, every read on the primary.
    ``background``: run this process's share of the background work (the clock scheduler,
    the notification deriver and webhook deliveries, the rating projector, the tournaments'
    start-up repair). Each of them is safe with any number of processes and needs only one,
    so a stream worker (service/ops/handoff.py) runs none: it serves every route all the same,
    and the command workers do that work. ``retention``: how long the rows that are not a
    game's record are kept (service/store/retention.py); pruned by the command workers.
    ``bots``: the bot player's pool size, CPU cap, polling and lease (service/clocks/bots.py).
    ``bot_player``: where bot turns are played (``PLAYERS``): ``here``, ``elsewhere`` (by the
    bot process, which this process's commits wake), or ``process`` (this is the bot process:
    it plays with ``background`` off, and serves no request, so it has no live listener)."""
    if bot_player not in PLAYERS:
        raise ValueError(f"bot_player must be one of {PLAYERS}, not {bot_player!r}")
    route_modules = modules()
    players = PlayerRegistry()
    app = Litestar(
        route_handlers=[route for module in route_modules for route in module.ROUTES],
        lifespan=[
            core_lifespan(
                database_url,
                pool_min,
                pool_max,
                state_cache_size,
                import_limits or ImportLimits(),
                snapshot_every,
                read_database_url,
                read_wait,
            ),
            *(span for module in route_modules for span in getattr(module, "LIFESPANS", ())),
            *([sweep_expired] if rate_limits else []),
            *([retention_lifespan(retention or Retention())] if background else []),
        ],
        middleware=limit_middleware(rate_limits),
        dependencies={
            "conn": Provide(provide_conn),
            "read_conn": Provide(provide_read_conn),
            "games": Provide(provide_games, sync_to_thread=False),
        },
        exception_handlers=EXCEPTION_HANDLERS,
        before_request=check_body,
        request_max_body_size=max_body_bytes,
        state=State(
            {
                "admin_key": admin_key,
                "token_cache": {},
                "players": players,
                "listen_channels": {PLAYERS_CHANNEL: players.heard},
                "metrics_token": metrics_token,
                "import_keys": tuple(key for key in import_keys if key),
                "imports_open": imports_open,
                "max_tournament_players": max_tournament_players,
                "lobby_limits": lobby_limits or LobbyLimits(),
                "clock_limits": clock_limits or ClockLimits(),
                "match_limits": match_limits or MatchLimits(),
                "notify_settings": _with_derived_key(notify or NotifySettings(), admin_key),
                "leaderboard_min_games": leaderboard_min_games,
                "rating_rules": rating_rules or RatingRules(),
                "background": background,
                "heavy_reads": HeavyReads(heavy_reads),
                "bot_settings": bots or BotSettings(),
                "bot_player": bot_player,
                "live_listener": bot_player != BOT_PROCESS,
            }
        ),
        openapi_config=OPENAPI_CONFIG,
        cors_config=cors_config(cors_origins),
    )
    install_openapi(app)
    hot.install(app)
    # The hot routes are served before the middleware that only acts on other requests
    # (docs pages, HEAD, OPTIONS): three coroutine levels fewer for each of them.
    direct = DirectRoutes(
        DocsHeaders(
            HeadAsGet(
                AllowHeader(app.asgi_handler, app.routes, cors=bool(cors_origins)), app.routes
            )
        ),
        app,
        counted=frozenset(group for group, _per, _rate in (rate_limits or RateLimits()).policies()),
        cors=bool(cors_origins),
    )
    app.asgi_handler = Observability(direct)
    if tracer_provider is not None:
        tracing.instrument_psycopg(tracer_provider)
        app.asgi_handler = tracing.traced(app.asgi_handler, tracer_provider)
    return app


def core_lifespan(
    database_url: str,
    pool_min: int,
    pool_max: int,
    state_cache_size: int,
    import_limits: ImportLimits,
    snapshot_every: int = SNAPSHOT_EVERY,
    read_database_url: str | None = None,
    read_wait: float = 0.05,
) -> Callable[[Litestar], contextlib.AbstractAsyncContextManager[None]]:
    """The pool (and the read replica's, when there is one), the commit announcer, the game
    service and the importer of records, owned by the app's lifespan."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        pool = ServicePool(
            database_url,
            min_size=pool_min,
            max_size=pool_max,
            timeout=5,
            open=False,
            kwargs={"autocommit": True},
        )
        await pool.open(wait=False)
        replica = None
        if read_database_url:
            # Reads only, autocommit: no transaction holds back the standby's replay.
            replica = ServicePool(
                read_database_url,
                min_size=pool_min,
                max_size=pool_max,
                timeout=1,
                open=False,
                kwargs={"autocommit": True},
            )
            await replica.open(wait=False)
        app.state.reads = ReadRouter(pool, replica, read_wait)
        announcer = Announcer(database_url, pool.kwargs)
        announcing = asyncio.create_task(announcer.run(NOTIFY_CHANNEL), name="announcer")
        app.state.pool = pool
        store = EventStore(pool, announcer)
        app.state.games = GameService(
            store, state_cache_size, batcher=AppendBatcher(store), snapshot_every=snapshot_every
        )
        app.state.importer = Importer(store, pool, import_limits)
        app.state.audits = Audits(store, app.state.reads, app.state.heavy_reads.limits.audit_cache)
        try:
            yield
        finally:
            await stop(announcing)
            await announcer.flush(NOTIFY_CHANNEL)
            if replica is not None:
                await replica.close()
            await pool.close()

    return lifespan


def retention_lifespan(
    retention: Retention,
) -> Callable[[Litestar], contextlib.AbstractAsyncContextManager[None]]:
    """The pruning loop of a command worker (hourly by default; docs/operations.md)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        task = start_retention(app.state.pool, retention)
        try:
            yield
        finally:
            await stop(task)

    return lifespan


def cors_config(origins: Sequence[str]) -> CORSConfig | None:
    """Browsers on these origins may call the API (``GAMESTATE_CORS_ORIGINS``; none: no CORS
    headers at all). Credentials are bearer tokens, never cookies."""
    if not origins:
        return None
    return CORSConfig(
        allow_origins=list(origins),
        allow_methods=["GET", "POST", "OPTIONS"],
        allow_headers=[
            "Authorization",
            "Content-Type",
            "Idempotency-Key",
            "If-None-Match",
            "Last-Event-ID",
            "X-Request-ID",
        ],
        expose_headers=["ETag", "Location", "Link", "Retry-After", "X-Request-ID"],
        allow_credentials=False,
        max_age=600,
    )


EXCEPTION_HANDLERS: dict[type[Exception], Any] = {
    ApiError: handle_api_error,
    DomainError: handle_domain_error,
    ValidationException: handle_validation,
    HTTPException: handle_http,
    psycopg.OperationalError: handle_database,
    psycopg.InterfaceError: handle_interface_error,
    PoolTimeout: handle_database,
    PoolClosed: handle_database,
    Exception: handle_unexpected,
}
"""The one mapping from exceptions to problem details."""

OPENAPI_CONFIG = openapi_config()
