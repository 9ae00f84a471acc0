"""serve, migrate, openapi (running the app in a process: ``server``)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

from service.ops.commands.server import (
    GRACEFUL_SHUTDOWN,
    exit_on_sigterm,
    rate_limits,
    run_bot_process,
    run_granian,
    run_server,
    run_stream_worker,
    run_worker,
)
from service.ops.environment import admin_key, database, stderr
from service.support.config import Settings


def serve(args: argparse.Namespace, settings: Settings) -> int:
    from service.store.database import UnsupportedDatabase, migrate
    from service.support.logs import configure_logging

    configure_logging(settings.log_level, settings.log_json)
    exit_on_sigterm()
    workers = args.workers if args.workers is not None else settings.workers
    if workers < 1:
        stderr("gamestate: --workers must be at least 1")
        return 2
    streams = getattr(args, "stream_workers", None)
    if streams is None:
        streams = settings.stream_workers
    if streams is None:
        # One process serves everything: no supervisor, so no stream worker.
        streams = 1 if workers >= 2 else 0
    if streams < 0:
        stderr("gamestate: --stream-workers must be 0 or more")
        return 2
    bots = getattr(args, "bot_players", None)
    if bots is None:
        bots = settings.bot_players
    if bots is None:
        bots = 1 if workers >= 2 else 0  # as the stream workers: one process, no supervisor
    if not 0 <= bots <= 8:
        stderr("gamestate: --bot-players must be from 0 to 8")
        return 2
    try:
        rate_limits(settings).policies()
    except ValueError as exc:
        stderr(f"gamestate: {exc}")
        return 2
    from service.notify.settings import NotifySettings

    refused = NotifySettings.of(settings).refusal()
    if refused:
        stderr(f"gamestate: {refused}")
        return 2
    if settings.require_admin_key and not settings.admin_key:
        stderr(
            "gamestate: GAMESTATE_ADMIN_KEY is not set, and GAMESTATE_REQUIRE_ADMIN_KEY=1 asks"
            " for it: set it (e.g. export GAMESTATE_ADMIN_KEY=$(openssl rand -hex 32))"
        )
        return 2
    with database(settings) as url:
        try:
            migrate(url)
        except UnsupportedDatabase as exc:
            stderr(f"gamestate serve: {exc}")
            return 1
        key = admin_key(settings)
        if not settings.admin_key:
            stderr(f"gamestate: admin key (kept in {settings.data_dir / 'admin_key'}): {key}")
        host = args.host or settings.host
        port = args.port if args.port is not None else settings.port
        if getattr(args, "server", "uvicorn") == "granian":
            try:
                import granian  # noqa: F401
            except ImportError:
                stderr("gamestate: --server granian needs granian (pip install granian)")
                return 2
            stderr(f"gamestate: serving on http://{host}:{port} with granian, {workers} workers")
            _where(host, port)
            run_granian(url, key, settings, host, port, workers)
            return 0
        if workers == 1 and streams == 0 and bots == 0:
            stderr(f"gamestate: serving on http://{host}:{port}")
            _where(host, port)
            with busy_board():
                run_server(None, url, key, settings, host, port)
            return 0
        from service.ops.handoff import private_directory
        from service.ops.workers import reserve, supervise

        reserved = reserve(host, port)
        port = reserved.getsockname()[1]
        also = [
            f"{count} {what}{'s' if count != 1 else ''}"
            for count, what in ((streams, "stream worker"), (bots, "bot process"))
            if count
        ]
        stderr(
            f"gamestate: serving on http://{host}:{port} with {workers} worker processes"
            + "".join(f" and {part}" for part in also)
        )
        _where(host, port)
        # With bot processes, they play every bot turn; the others' commits wake them.
        bot_player = "elsewhere" if bots else "here"
        with private_directory() if streams else contextlib.nullcontext("") as sockets:
            handoff = (sockets, streams) if streams else None
            others = [
                (run_stream_worker, (url, key, settings, host, port, sockets, i, bot_player))
                for i in range(streams)
            ] + [(run_bot_process, (url, key, settings))] * bots
            return supervise(
                workers,
                reserved,
                run_worker,
                (url, key, settings, host, port, handoff, bot_player),
                shutdown_timeout=GRACEFUL_SHUTDOWN + 5,
                others=others,
            )


def _where(host: str, port: int) -> None:
    from service.ops.where import service_lines

    for line in service_lines(f"http://{host}:{port}"):
        stderr(line)


def migrate(args: argparse.Namespace, settings: Settings) -> int:
    from service.store.database import UnsupportedDatabase
    from service.store.database import migrate as run_migrations

    with database(settings) as url:
        try:
            run_migrations(url)
        except UnsupportedDatabase as exc:
            stderr(f"gamestate migrate: {exc}")
            return 1
    stderr("gamestate: schema is up to date")
    return 0


def openapi(args: argparse.Namespace, settings: Settings) -> int:
    """Write the document as committed in openapi/ (stable key order, trailing newline)."""
    from service.api.app import create_app
    from service.api.openapi import plain_document

    app = create_app("postgresql://unused", admin_key="unused")
    text = json.dumps(plain_document(app), indent=2, sort_keys=True) + "\n"
    path = Path(args.output)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "serve", help="run the HTTP service (DATABASE_URL or embedded PostgreSQL)"
    )
    p.add_argument(
        "--host", default=None, help="interface to bind (default GAMESTATE_HOST or 127.0.0.1)"
    )
    p.add_argument("--port", type=int, default=None, help="port (default GAMESTATE_PORT or 8000)")
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        help="worker processes sharing the port (default GAMESTATE_WORKERS or 1)",
    )
    p.add_argument(
        "--stream-workers",
        type=int,
        default=None,
        help="processes that serve the live streams the workers hand over (default"
        " GAMESTATE_STREAM_WORKERS, or 1 with --workers 2 or more, else 0; 0: none)",
    )
    p.add_argument(
        "--bot-players",
        type=int,
        default=None,
        help="processes that play the bot seats' turns, at a lower priority than the workers"
        " (default GAMESTATE_BOT_PLAYERS, or 1 with --workers 2 or more, else 0; 0: the"
        " workers play them)",
    )
    p.add_argument(
        "--server",
        choices=("uvicorn", "granian"),
        default="uvicorn",
        help=argparse.SUPPRESS,  # granian: measured against uvicorn (bench.http_load --server)
    )
    p.set_defaults(run=serve)
    p = commands.add_parser("migrate", help="bring the database schema up to date and exit")
    p.set_defaults(run=migrate)
    # A developer's tool (`make openapi`): not listed in `gamestate --help`.
    p = commands.add_parser(
        "openapi", description="Write the OpenAPI document generated from the app."
    )
    p.add_argument("--output", default="openapi/openapi.json", help="where to write it")
    p.set_defaults(run=openapi)


@contextlib.contextmanager
def busy_board() -> Iterator[None]:
    """One process serving alone keeps a busy board too (service/support/busy.py): the bot
    thinkers it starts stand aside while its commands are in flight."""
    from service.support import busy

    path = os.environ[busy.BOARD_ENV] = busy.make_board()
    os.environ[busy.SLOT_ENV] = "0"
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)
