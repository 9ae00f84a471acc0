"""Shared fixtures. A database is started only for tests that ask for one: TEST_DATABASE_URL's
server when set (a fresh database is created in it and dropped afterwards), otherwise a
throwaway embedded PostgreSQL."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import tempfile
import threading
import time
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from hypothesis import settings
from psycopg import conninfo

ADMIN_KEY = "test-admin-key"

# Hypothesis fails an example that runs longer than 200 ms by default: a timing assertion,
# which a loaded machine trips (the lobby's pairing property did once). Speed is measured by
# the benches under bench/, never by tests.
settings.register_profile("gamestate", deadline=None)
settings.load_profile("gamestate")


@contextlib.contextmanager
def _server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base = os.environ.get("TEST_DATABASE_URL")
    if base:
        yield base
        return
    warnings.filterwarnings("ignore", module="platformdirs")
    from service.store.database import embedded_postgres

    # Not under pytest's basetemp: pytest prunes old basetemps, and a concurrent pytest run
    # would delete the data folder of a server still in use.
    parent = Path(tempfile.mkdtemp(prefix="gamestate-test-"))
    try:
        with embedded_postgres(parent / "pg", delete=True) as url:
            yield url
    finally:
        shutil.rmtree(parent, ignore_errors=True)


@contextlib.contextmanager
def fresh_database(server_url: str) -> Iterator[str]:
    name = f"gamestate_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = conninfo.make_conninfo(server_url, dbname=name)
    try:
        yield url
    finally:
        with psycopg.connect(server_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def database(pg_server: str) -> Iterator[str]:
    """A fresh, migrated database of its own (tests that count rows or kill processes)."""
    from service.store.database import migrate

    with fresh_database(pg_server) as url:
        migrate(url)
        yield url


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _server_url(tmp_path_factory) as url:
        yield url


@pytest.fixture(scope="session")
def database_url(pg_server: str) -> Iterator[str]:
    """One migrated database for the session (streams are keyed by fresh UUIDs)."""
    from service.store.database import migrate

    with fresh_database(pg_server) as url:
        migrate(url)
        yield url


def _shared_lobby_limits():
    """The shared apps serve every test from one address: the per-caller cap on waiting
    games (tested on its own in tests/lobby) would otherwise count all tests' open tables."""
    from service.lobby.tables import LobbyLimits

    return LobbyLimits(max_waiting_per_caller=100_000)


def _shared_clock_limits():
    """The shared apps play the tests' clocked games at test speed (turns of 0.2 s, as a bot
    ladder would configure) from one address, with no budget on their timeouts: the limits
    on clocks are tested on their own (tests/security/test_clock_limits.py)."""
    from service.games.clocked import ClockLimits

    return ClockLimits(
        min_turn_seconds=0.001, max_clocked_per_caller=0, timeout_events_per_minute=0
    )


@pytest.fixture(scope="session")
def app(database_url: str):
    from service.api.app import create_app

    return create_app(
        database_url,
        admin_key=ADMIN_KEY,
        pool_max=20,
        lobby_limits=_shared_lobby_limits(),
        clock_limits=_shared_clock_limits(),
    )


@pytest.fixture(scope="session")
def client(app) -> Iterator:
    from litestar.testing import TestClient

    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def live_url(database_url: str) -> Iterator[str]:
    """The real HTTP stack (uvicorn) in a thread, for schemathesis and concurrency tests."""
    import uvicorn

    from service.api.app import create_app
    from service.ops.transport import CorkedHttpToolsProtocol

    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(
                database_url,
                admin_key=ADMIN_KEY,
                pool_max=20,
                lobby_limits=_shared_lobby_limits(),
                clock_limits=_shared_clock_limits(),
            ),
            host="127.0.0.1",
            port=port,
            log_level="warning",
            http=CorkedHttpToolsProtocol,  # as `gamestate serve` runs it
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
