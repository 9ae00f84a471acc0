"""Running the app in a process: the app as ``serve`` builds it, uvicorn or granian, the
worker, stream-worker and bot processes of ``serve --workers``, and the process tuning
(garbage collection, the GIL hand-off, SIGTERM) done just before serving. ``core.serve``
decides what to run; this module runs it."""

from __future__ import annotations

import gc
import logging
import signal
import sys
from typing import Any

from service.support.config import Settings


def exit_on_sigterm() -> None:
    # uvicorn restores the previous handler and re-raises SIGTERM after its graceful
    # shutdown; with this handler that becomes SystemExit, so `finally` blocks (stopping the
    # embedded PostgreSQL) still run instead of the process dying on the spot.
    def handler(signum: int, frame: object) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, handler)


GRACEFUL_SHUTDOWN = 10
"""Seconds uvicorn gives open requests (and live streams, told first) to finish on SIGTERM."""

GC_YOUNG_THRESHOLD = 20_000
"""Allocations between young-generation collections (CPython's default is 700)."""


def tune_gc() -> None:
    """Garbage collection for a long-running server, just before it serves.

    Everything alive by now (modules, the app, the games' static data) lives as long as the
    process: frozen, it is never scanned again. Each request allocates and frees thousands of
    objects that reference counting reclaims, so collecting the young generation every 700
    allocations is mostly wasted work, and it drives full collections, which walk every cached
    game state. Measured under bench.http_load (two workers, 20 s): full-collection pauses of
    up to 97 ms with the defaults; frozen and at 20,000, about five young collections per
    worker and no full one (GC time about 200 -> 20 ms per worker)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 10, 10)


SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold the GIL while another waits for it (CPython's default: 5 ms)."""


def tune_threads() -> None:
    """The GIL hand-off for a serving process, just before it serves.

    Audits and long folds run in worker threads that hold the GIL for as long as CPython
    lets them; the event loop, waking for any I/O or timer meanwhile, waits for the GIL up to
    the switch interval every time. Measured (bench/README.md@48c9c2f, "Loop blocks"): a 1 ms ticker
    on the loop woke 5.3 ms late at p50 beside a CPU-bound worker thread with the default
    5 ms, 1.2-1.3 ms with 1 ms. The worker pays a thread switch per millisecond, only while
    the loop wants the GIL."""
    sys.setswitchinterval(SWITCH_INTERVAL)


def rate_limits(settings: Settings) -> Any:
    from service.api.limits import RateLimits

    return RateLimits(
        create=settings.rate_create,
        imports=settings.rate_import,
        register=settings.rate_register,
        players=settings.rate_players,
        commands=settings.rate_commands,
        commands_per_token=settings.rate_commands_per_token,
    )


def rating_rules(settings: Settings) -> Any:
    from service.players.ratings import RatingRules

    return RatingRules(
        min_moves=settings.rated_min_moves,
        repeat_window_hours=settings.rating_repeat_window_hours,
        repeat_max=settings.rating_repeat_max,
        provisional_sigma=settings.rating_provisional_sigma,
    )


def run_worker(
    url: str,
    key: str,
    settings: Settings,
    host: str,
    port: int,
    handoff: tuple[str, int] | None = None,
    bot_player: str = "here",
) -> None:
    """A worker process of ``serve --workers N`` (spawned: nothing is inherited but the
    arguments). The supervisor has migrated the database already. ``handoff``: the stream
    workers' socket directory and their number; ``bot_player``: ``elsewhere`` when bot
    processes play (create_app)."""
    from service.ops.workers import listen

    _worker_start(settings)
    run_server(
        listen(host, port), url, key, settings, host, port, handoff=handoff, bot_player=bot_player
    )


def run_stream_worker(
    url: str,
    key: str,
    settings: Settings,
    host: str,
    port: int,
    sockets: str,
    index: int,
    bot_player: str = "here",
) -> None:
    """A stream worker of ``serve --stream-workers M``: the same app, at a lower priority,
    serving only the connections the workers hand over on ``sockets``/stream-``index``.sock
    (service/ops/handoff.py)."""
    from service.ops.handoff import socket_path

    _worker_start(settings)
    run_server(
        None,
        url,
        key,
        settings,
        host,
        port,
        receive=socket_path(sockets, index),
        bot_player=bot_player,
    )


BOT_PROCESS_NICE = 19
"""Added to a bot process's nice value (os.nice) before its player starts: as a stream
worker's (service/ops/handoff.py), where the workers' measurement found 19 better for the
commands than 10. Its thinkers add ``THINKER_NICE`` to it (19 at most)."""
BOT_PROCESS_NAME = "gamestate-bots"
"""A bot process's name (ps, top, /proc/PID/comm; service/ops/workers.py ``name_process``)."""


def run_bot_process(url: str, key: str, settings: Settings) -> None:
    """A bot process of ``serve --bot-players B`` (service/clocks/bots.py): the same app on
    no port, running no background work but the bot player, at a lower priority."""
    from service.clocks.bots import BOT_PROCESS
    from service.ops.workers import name_process

    name_process(BOT_PROCESS_NAME)
    _worker_start(settings)
    run_server(None, url, key, settings, "", 0, bot_player=BOT_PROCESS)


def _worker_start(settings: Settings) -> None:
    from service.ops.workers import exit_with_parent
    from service.support.logs import configure_logging

    configure_logging(settings.log_level, settings.log_json)
    exit_on_sigterm()
    exit_with_parent()
    # Spawned: nothing of the supervisor's start-up is inherited, the games and packs included.
    from domain import registry
    from service.ops.packs import load_content_packs

    registry.select(settings.games)
    load_content_packs(settings.content_packs, settings.content_pack_max_bytes)


def build_app(
    url: str, key: str, settings: Settings, *, background: bool = True, bot_player: str = "here"
) -> Any:
    """The app as ``serve`` runs it, from the settings (``background``, ``bot_player``: see
    create_app; a stream worker and the bot process run no background work)."""
    from domain import registry

    registry.select(settings.games)  # before the API's types are built from the games
    from service.api.app import create_app
    from service.clocks.bots import BotSettings
    from service.games.clocked import ClockLimits
    from service.games.imports import ImportLimits
    from service.lobby.matchmaking import MatchLimits
    from service.lobby.pairing import Window
    from service.lobby.tables import LobbyLimits
    from service.notify.settings import NotifySettings
    from service.store.retention import Retention
    from service.support.heavy import HeavyReadLimits
    from service.support.logs import configure_logging

    tracer_provider = None
    if settings.tracing:
        from service.api.tracing import tracer_provider_from_env

        tracer_provider = tracer_provider_from_env()
    app = create_app(
        url,
        admin_key=key,
        pool_min=settings.pool_min,
        pool_max=settings.pool_max,
        max_body_bytes=settings.max_body_bytes,
        state_cache_size=settings.state_cache_size,
        cors_origins=settings.cors_origins,
        metrics_token=settings.metrics_token,
        import_keys=settings.import_keys,
        imports_open=settings.imports_open,
        import_limits=ImportLimits(
            max_bytes=settings.max_record_bytes,
            max_events=settings.max_record_events,
            concurrency=settings.import_concurrency,
        ),
        rate_limits=rate_limits(settings),
        max_tournament_players=settings.max_tournament_players,
        snapshot_every=settings.snapshot_every,
        leaderboard_min_games=settings.leaderboard_min_games,
        rating_rules=rating_rules(settings),
        tracer_provider=tracer_provider,
        read_database_url=settings.read_database_url,
        read_wait=settings.read_wait_ms / 1000,
        lobby_limits=LobbyLimits(
            wait_seconds=settings.lobby_wait_seconds,
            max_waiting=settings.lobby_max_waiting,
            max_waiting_per_caller=settings.lobby_max_waiting_per_caller,
        ),
        clock_limits=ClockLimits(
            min_turn_seconds=settings.min_turn_seconds,
            max_clocked_per_caller=settings.clocked_games_per_caller,
            timeout_events_per_minute=settings.timeout_events_per_minute,
        ),
        match_limits=MatchLimits(
            window=Window(
                base=settings.match_window,
                growth=settings.match_window_growth,
                cap=settings.match_window_cap,
            ),
            ticket_seconds=settings.match_ticket_seconds,
        ),
        notify=NotifySettings.of(settings),
        retention=Retention.of(settings),
        background=background,
        heavy_reads=HeavyReadLimits(
            per_process=settings.heavy_reads,
            per_caller=settings.heavy_reads_per_caller,
            audit_cache=settings.audit_cache,
        ),
        bots=BotSettings(
            workers=settings.bot_workers,
            cpu_ms=settings.bot_cpu_ms,
            poll=settings.bot_poll_seconds,
            lease=settings.bot_lease_seconds,
        ),
        bot_player=bot_player,
    )
    if bot_player == "process":
        app.state.bot_nice = BOT_PROCESS_NICE
    # The live hub reads these from the app's state (service/live/hub.py).
    if settings.sse_keepalive is not None:
        app.state.live_keepalive = settings.sse_keepalive
    if settings.live_batch_ms is not None:
        app.state.live_batch_ms = settings.live_batch_ms
    # Litestar's default logging config takes over the root logger when the app is made:
    # configure ours again so that every line stays JSON.
    configure_logging(settings.log_level, settings.log_json)
    return app


def granian_app() -> Any:
    """The app factory of a granian worker (``serve --server granian``): the supervisor
    passed the database and the admin key in the environment."""
    import os

    from domain import registry
    from service.ops.packs import load_content_packs

    settings = Settings.from_env()
    registry.select(settings.games)
    load_content_packs(settings.content_packs)
    app = build_app(os.environ["DATABASE_URL"], os.environ["GAMESTATE_ADMIN_KEY"], settings)
    tune_gc()
    tune_threads()
    return app


def run_granian(url: str, key: str, settings: Settings, host: str, port: int, workers: int) -> None:
    """Evaluation (issue #23, bench/README.md): the same app served by granian's workers instead
    of ours. Not the default: on a quiet machine it spent as much CPU per command turn as
    uvicorn or more (4 of 5 paired runs); it answers a request it cannot parse, or a head over
    the cap, with an empty 400 or 431 instead of our problem details; and the live streams'
    early end on shutdown (``server_exit_hooks``, called from uvicorn's ``handle_exit``) is
    not wired to it."""
    import os

    from granian.constants import HTTPModes, Interfaces, Loops
    from granian.http import HTTP1Settings
    from granian.server import Server

    os.environ["DATABASE_URL"] = url
    os.environ["GAMESTATE_ADMIN_KEY"] = key
    Server(
        "service.ops.commands.server:granian_app",
        address=host,
        port=port,
        interface=Interfaces.ASGI,
        workers=workers,
        loop=Loops.uvloop,
        http=HTTPModes.http1,
        websockets=False,
        factory=True,
        log_enabled=False,
        http1_settings=HTTP1Settings(max_buffer_size=max(8192, settings.max_header_bytes)),
        workers_kill_timeout=GRACEFUL_SHUTDOWN,
    ).serve()


def run_server(
    sock: Any,
    url: str,
    key: str,
    settings: Settings,
    host: str,
    port: int,
    *,
    handoff: tuple[str, int] | None = None,
    receive: str | None = None,
    bot_player: str = "here",
) -> None:
    """Serve the app in this process, on ``sock`` when given (a worker) or on host:port;
    with ``handoff`` (directory, count) passing live streams on to the stream workers; with
    ``receive`` (a stream worker's socket path) on no port, only the connections handed over
    there; as the bot process (``bot_player``) on no port at all."""
    import functools
    import os

    import uvicorn

    from service.ops.handoff import STREAM_WORKER_NICE, Handoff, Receiver
    from service.ops.transport import protocol_with_head_limit
    from service.support.sched import request_slice

    bots_only = bot_player == "process"
    app = build_app(
        url, key, settings, background=receive is None and not bots_only, bot_player=bot_player
    )
    handing = Handoff(*handoff) if handoff else None
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN,
        # One socket write per response, and the request head capped (431 above it); the
        # second line caps it under the h11 protocol too (not used by default).
        http=protocol_with_head_limit(settings.max_header_bytes, handing),
        h11_max_incomplete_event_size=settings.max_header_bytes,
        # The client address (rate limits, logs) is the one these proxies forward; with none
        # configured, forwarded headers are ignored (uvicorn would trust 127.0.0.1's, or
        # FORWARDED_ALLOW_IPS's, by default).
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=settings.trusted_proxies or "",
    )

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            # Live streams never end by themselves: told first, they finish within the
            # graceful shutdown instead of holding it until its timeout. Hooks must be
            # safe to call from a signal handler.
            for hook in list(getattr(app.state, "server_exit_hooks", ())):
                hook()
            super().handle_exit(sig, frame)

    class StreamServer(Server):
        """No listening socket: connections come from the Unix socket ``receive``."""

        receiver: Receiver | None = None

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets=[])  # the app's lifespan, no listener
            assert receive is not None
            factory = functools.partial(
                self.config.http_protocol_class,
                config=self.config,
                server_state=self.server_state,
                app_state=self.lifespan.state,
            )
            self.receiver = Receiver(receive, factory)
            # Lowered only now: at full priority its start-up (imports, the app, the pool)
            # is not starved by the workers starting beside it, which serve every stream
            # until it takes hand-offs.
            os.nice(STREAM_WORKER_NICE)
            wanted = settings.stream_worker_slice_us
            if wanted and not request_slice(wanted * 1000):
                # Once, at start-up: an operator who set the slice learns it does nothing here.
                logging.getLogger("gamestate.handoff").info(
                    "stream worker: no CPU slice of %d us on this system (sched_setattr)", wanted
                )

        async def shutdown(self, sockets: Any = None) -> None:
            # What was handed over before the stop becomes a connection first, so that the
            # graceful shutdown ends it like any other.
            if self.receiver is not None:
                await self.receiver.close()
            await super().shutdown(sockets=sockets)

    tune_gc()
    tune_threads()
    if receive is not None:
        StreamServer(config).run(sockets=[])
    elif bots_only:
        Server(config).run(sockets=[])  # the app's lifespan (its bot player), no listener
    else:
        Server(config).run(sockets=[sock] if sock is not None else None)
    if handing is not None:
        handing.close()
