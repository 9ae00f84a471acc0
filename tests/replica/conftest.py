"""Two embedded PostgreSQL clusters on this machine: a primary and a physical streaming standby
of it (``pg_basebackup``, bench/replica.py), and the app with GAMESTATE_READ_DATABASE_URL set to
the standby. Started once for this folder's tests (about 10 s)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import psycopg
import pytest
from psycopg import conninfo

from bench.replica import primary_and_standby, replica_url, wait_for_replay
from tests.conftest import ADMIN_KEY

READ_WAIT = 0.3
"""The app's GAMESTATE_READ_WAIT_MS, in seconds: long enough to tell a wait from none."""


class Pair:
    def __init__(self, primary: str, replica: str) -> None:
        self.primary = primary
        self.replica = replica

    def sync(self) -> None:
        """Until the standby has replayed everything committed so far."""
        wait_for_replay(self.primary, self.replica)

    def replay(self, on: bool) -> None:
        """Pause or resume the standby's replay (it keeps receiving WAL, applies none)."""
        with psycopg.connect(self.replica, autocommit=True) as conn:
            conn.execute("SELECT pg_wal_replay_resume()" if on else "SELECT pg_wal_replay_pause()")
            if not on:  # paused once the state says so, not when asked
                while conn.execute("SELECT pg_get_wal_replay_pause_state()").fetchone() != (
                    "paused",
                ):
                    time.sleep(0.01)


@pytest.fixture(scope="package")
def pair() -> Iterator[Pair]:
    from service.store.database import migrate

    with primary_and_standby() as (primary_server, standby_server):
        with psycopg.connect(primary_server, autocommit=True) as admin:
            admin.execute("CREATE DATABASE gamestate")
        primary = conninfo.make_conninfo(primary_server, dbname="gamestate")
        migrate(primary)
        found = Pair(primary, replica_url(primary, standby_server))
        found.sync()
        yield found


@pytest.fixture(scope="package")
def replica_client(pair: Pair) -> Iterator:
    from litestar.testing import TestClient

    from service.api.app import create_app

    app = create_app(
        pair.primary, admin_key=ADMIN_KEY, read_database_url=pair.replica, read_wait=READ_WAIT
    )
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def replaying(pair: Pair) -> Iterator[Pair]:
    """The pair, with replay resumed afterwards whatever the test did."""
    try:
        yield pair
    finally:
        pair.replay(True)
