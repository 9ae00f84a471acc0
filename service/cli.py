"""The ``gamestate`` command line: serve, migrate (and more as the project grows).

Exit codes: 0 success, 1 a check failed, 2 usage error (argparse)."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import secrets
import signal
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

from service.config import Settings

log = logging.getLogger("gamestate")


def _stderr(message: str) -> None:
    print(message, file=sys.stderr)


@contextlib.contextmanager
def database(settings: Settings) -> Iterator[str]:
    """DATABASE_URL when set; otherwise an embedded PostgreSQL in the data folder."""
    if settings.database_url:
        yield settings.database_url
        return
    warnings.filterwarnings("ignore", module="platformdirs")
    from service.database import embedded_postgres

    settings.data_dir.mkdir(parents=True, exist_ok=True)
    _stderr(
        f"gamestate: no DATABASE_URL, starting embedded PostgreSQL in {settings.data_dir / 'pg'}"
    )
    with embedded_postgres(settings.data_dir / "pg") as url:
        yield url


def admin_key(settings: Settings) -> str:
    """GAMESTATE_ADMIN_KEY, or a random key kept in the data folder (made at first start)."""
    if settings.admin_key:
        return settings.admin_key
    path: Path = settings.data_dir / "admin_key"
    if path.exists():
        return path.read_text().strip()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(32)
    path.write_text(key + "\n")
    path.chmod(0o600)
    return key


def _exit_on_sigterm() -> None:
    # uvicorn restores the previous handler and re-raises SIGTERM after its graceful
    # shutdown; with this handler that becomes SystemExit, so `finally` blocks (stopping the
    # embedded PostgreSQL) still run instead of the process dying on the spot.
    def handler(signum: int, frame: object) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, handler)


def cmd_serve(args: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    from service.app import create_app
    from service.database import migrate
    from service.logs import configure_logging

    configure_logging(settings.log_level, settings.log_json)
    _exit_on_sigterm()
    with database(settings) as url:
        migrate(url)
        key = admin_key(settings)
        if not settings.admin_key:
            _stderr(f"gamestate: admin key (from {settings.data_dir / 'admin_key'}): {key}")
        app = create_app(
            url,
            admin_key=key,
            pool_min=settings.pool_min,
            pool_max=settings.pool_max,
            max_body_bytes=settings.max_body_bytes,
            state_cache_size=settings.state_cache_size,
        )
        host = args.host or settings.host
        port = args.port if args.port is not None else settings.port
        _stderr(f"gamestate: serving on http://{host}:{port} (docs at /schema)")
        server = uvicorn.Server(
            uvicorn.Config(
                app,
                host=host,
                port=port,
                log_config=None,
                access_log=False,
                timeout_graceful_shutdown=10,
            )
        )
        server.run()
    return 0


def cmd_migrate(args: argparse.Namespace, settings: Settings) -> int:
    from service.database import migrate

    with database(settings) as url:
        migrate(url)
    _stderr("gamestate: schema is up to date")
    return 0


def cmd_openapi(args: argparse.Namespace, settings: Settings) -> int:
    from service.openapi import write_document

    write_document(Path(args.output))
    return 0


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="gamestate", description="Event-sourced board-game state service"
    )
    commands = root.add_subparsers(dest="command", required=True)
    serve = commands.add_parser(
        "serve", help="run the HTTP service (DATABASE_URL, or an embedded PostgreSQL)"
    )
    serve.add_argument(
        "--host", default=None, help="interface to bind (default GAMESTATE_HOST or 127.0.0.1)"
    )
    serve.add_argument(
        "--port", type=int, default=None, help="port (default GAMESTATE_PORT or 8000)"
    )
    serve.set_defaults(run=cmd_serve)
    migrate = commands.add_parser("migrate", help="bring the database schema up to date and exit")
    migrate.set_defaults(run=cmd_migrate)
    openapi = commands.add_parser(
        "openapi", help="write the OpenAPI document generated from the app"
    )
    openapi.add_argument("--output", default="openapi/openapi.json")
    openapi.set_defaults(run=cmd_openapi)
    return root


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    settings = Settings.from_env()
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    try:
        return args.run(args, settings)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
