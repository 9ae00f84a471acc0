"""Every way the database can fail under a request is a 503 problem+json with the code
database_unavailable (retry later), never a 500; a bug of ours stays a 500."""

from __future__ import annotations

import psycopg
import pytest
from psycopg import errors
from psycopg_pool import PoolClosed, PoolTimeout

from tests.api.helpers import create

DATABASE_FAILURES = [
    psycopg.OperationalError("consuming input failed: server closed the connection unexpectedly"),
    psycopg.OperationalError("the connection is closed"),
    errors.AdminShutdown("terminating connection due to administrator command"),
    errors.CannotConnectNow("the database system is starting up"),
    psycopg.InterfaceError("cannot execute operations: the connection is in status 2"),
    PoolTimeout("couldn't get a connection after 5.00 sec"),
    PoolClosed("the pool 'pool-1' is already closed"),
]


@pytest.mark.parametrize("failure", DATABASE_FAILURES, ids=lambda e: type(e).__name__)
def test_a_database_failure_during_a_request_is_a_503(client, monkeypatch, failure) -> None:
    created = create(client, "azul", 2)

    async def fail(*args, **kwargs):
        raise failure

    monkeypatch.setattr(client.app.state.games.reads, "resource", fail)
    response = client.get(f"/games/{created['id']}")
    assert response.status_code == 503
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["code"] == "database_unavailable"
    assert response.headers["retry-after"] == "1"


@pytest.mark.parametrize(
    "bug", [psycopg.InterfaceError("None dumper not found"), RuntimeError("boom")]
)
def test_a_bug_stays_a_500(client, monkeypatch, bug) -> None:
    created = create(client, "azul", 2)

    async def fail(*args, **kwargs):
        raise bug

    monkeypatch.setattr(client.app.state.games.reads, "resource", fail)
    response = client.get(f"/games/{created['id']}")
    assert response.status_code == 500
    assert response.json()["code"] == "internal_error"
