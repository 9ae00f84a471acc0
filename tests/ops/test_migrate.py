"""`gamestate migrate` on a database it cannot use: refused before any change, with a message
and exit code 1 (it used to crash deep in alembic with a TypeError on SQL_ASCII)."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import conninfo

from service.store.database import UnsupportedDatabase, check_database, migrate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def sql_ascii_database(pg_server: str) -> Iterator[str]:
    name = f"gamestate_ascii_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE \"{name}\" ENCODING 'SQL_ASCII' TEMPLATE template0")
    try:
        yield conninfo.make_conninfo(pg_server, dbname=name)
    finally:
        with psycopg.connect(pg_server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _tables(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
        ).fetchall()
    return [row[0] for row in rows]


def test_check_database_refuses_sql_ascii(sql_ascii_database: str) -> None:
    with pytest.raises(UnsupportedDatabase, match="encoding SQL_ASCII; gamestate needs UTF8"):
        migrate(sql_ascii_database)
    assert _tables(sql_ascii_database) == [], "nothing was created"


def test_check_database_accepts_utf8(database_url: str) -> None:
    check_database(database_url)


def test_the_migrate_command_says_why_and_exits_1(sql_ascii_database: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "service.ops.cli", "migrate"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_URL": sql_ascii_database},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr
    assert "has encoding SQL_ASCII; gamestate needs UTF8" in run.stderr
    assert "ENCODING 'UTF8' TEMPLATE template0" in run.stderr
    assert _tables(sql_ascii_database) == []
