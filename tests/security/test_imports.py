"""Issue #18, items 4 and 11: imports need a key, are capped, are verified off the event loop
without holding a database connection, are stored once, and imported games are told apart
from games played here (origin, when, by whom, the verification passed)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import threading
import time
from collections.abc import Iterator

import httpx
import msgspec
import pytest

import service.games.audit as audit_module
from tests.api.helpers import auth, create
from tests.conftest import ADMIN_KEY, _free_port
from tests.recordkit import play_finished

ADMIN = auth(ADMIN_KEY)


@pytest.fixture(scope="module")
def record(client) -> dict:
    """A finished game's record; the tests import it into apps of their own."""
    game = play_finished(client, "azul", "imports-security")
    answer = client.get(f"/games/{game['id']}/record")
    assert answer.status_code == 200
    return answer.json()


def _fresh(record: dict, client) -> dict:
    """Another finished game's record (each record is imported once)."""
    game = play_finished(client, "azul", f"imports-{time.monotonic_ns()}")
    return client.get(f"/games/{game['id']}/record").json()


@contextlib.contextmanager
def _app_client(database_url: str, **settings) -> Iterator:
    from litestar.testing import TestClient

    from service.api.app import create_app

    app = create_app(database_url, admin_key=ADMIN_KEY, **settings)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def test_an_import_needs_the_admin_key_or_an_import_key(client, record) -> None:
    nobody = client.post("/games/import", json=record)
    assert nobody.status_code == 401 and nobody.json()["code"] == "import_key_required"
    seat = create(client, "azul", 2)["seats"][0]["token"]
    for token in (seat, "not-a-key"):
        refused = client.post("/games/import", json=record, headers=auth(token))
        assert refused.status_code == 403 and refused.json()["code"] == "import_forbidden"


def test_an_import_key_and_open_imports_say_who_imported(client, database_url, record) -> None:
    key = "import-key-for-tests"
    with _app_client(database_url, import_keys=("old-key", key)) as keyed:
        answer = keyed.post("/games/import", json=_fresh(record, client), headers=auth(key))
        assert answer.status_code == 201, answer.text
        key_id = hashlib.sha256(key.encode()).hexdigest()[:12]
        assert answer.json()["imported"]["imported_by"] == f"import-key:{key_id}"
        assert keyed.post("/games/import", json=record).status_code == 401
    with _app_client(database_url, imports_open=True) as open_:
        answer = open_.post("/games/import", json=_fresh(record, client))
        assert answer.status_code == 201, answer.text
        assert answer.json()["imported"]["imported_by"] == "open"


def test_a_record_is_imported_once(client, record) -> None:
    first = client.post("/games/import", json=record, headers=ADMIN)
    assert first.status_code == 201, first.text
    assert first.headers["location"] == f"/games/{first.json()['id']}"
    again = client.post("/games/import", json=record, headers=ADMIN)
    assert again.status_code == 409, again.text
    problem = again.json()
    assert problem["code"] == "record_already_imported"
    assert problem["game_id"] == first.json()["id"]
    assert again.headers["location"] == f"/games/{first.json()['id']}"
    assert first.json()["id"] in problem["detail"]


def test_imported_games_are_told_apart_in_the_view_and_the_list(client, record) -> None:
    imported = client.post("/games/import", json=_fresh(record, client), headers=ADMIN)
    assert imported.status_code == 201, imported.text
    game_id = imported.json()["id"]
    view = client.get(f"/games/{game_id}").json()
    assert view["origin"] == "imported"
    info = view["imported"]
    assert info["imported_by"] == "admin" and info["imported_at"]
    assert info["original_id"] == imported.json()["imported_from"]["id"]
    assert info["verification"]["ok"] is True
    assert info["verification"]["checks"]["replay"] == "passed"
    listed = client.get("/games", params={"game": "azul", "status": "finished", "limit": 200})
    (item,) = [g for g in listed.json()["items"] if g["id"] == game_id]
    assert item["origin"] == "imported" and item["imported"] == info

    played = create(client, "azul", 2)
    assert client.get(f"/games/{played['id']}").json()["origin"] == "played"
    assert client.get(f"/games/{played['id']}").json()["imported"] is None


def test_records_are_capped_in_bytes_and_events(client, database_url, record) -> None:
    from service.games.imports import ImportLimits

    size = len(msgspec.json.encode(record))
    with _app_client(database_url, import_limits=ImportLimits(max_bytes=size - 1)) as small:
        answer = small.post("/games/import", json=record, headers=ADMIN)
        assert answer.status_code == 413 and answer.json()["code"] == "request_too_large"
    events = len(record["events"])
    with _app_client(database_url, import_limits=ImportLimits(max_events=events - 1)) as short:
        answer = short.post("/games/import", json=record, headers=ADMIN)
        assert answer.status_code == 413 and answer.json()["code"] == "record_too_large"


@contextlib.contextmanager
def _served(database_url: str, **settings) -> Iterator[str]:
    import uvicorn

    from service.api.app import create_app

    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(database_url, admin_key=ADMIN_KEY, **settings),
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
        thread.join(timeout=30)


def test_verifying_records_holds_no_connection(client, database_url, record, monkeypatch) -> None:
    """Imports used to check their connection out before verifying: two slow ones held a pool
    of two, and everyone else got 503 after the pool's 5 s timeout."""
    replay = audit_module.replay

    def slow_replay(*args, **kwargs):
        time.sleep(6)  # a long record's re-decision
        return replay(*args, **kwargs)

    monkeypatch.setattr(audit_module, "replay", slow_replay)
    records = [_fresh(record, client) for _ in range(2)]
    with _served(database_url, pool_max=2) as url:

        async def scenario() -> tuple[list[int], int, float]:
            async with httpx.AsyncClient(base_url=url, timeout=60) as http:
                imports = [
                    asyncio.create_task(http.post("/games/import", json=r, headers=ADMIN))
                    for r in records
                ]
                await asyncio.sleep(0.5)
                started = time.monotonic()
                listed = await http.get("/games", params={"limit": 1})
                took = time.monotonic() - started
                done = await asyncio.gather(*imports)
                return [r.status_code for r in done], listed.status_code, took

        statuses, listed, took = asyncio.run(scenario())
    assert listed == 200, f"GET /games answered {listed} while records were verified"
    assert took < 3.0, took  # loose (a shared CI box stalls now and then): the point is no 503
    assert statuses == [201, 201]


def test_big_malformed_records_are_refused_off_the_event_loop(
    database_url, record, monkeypatch
) -> None:
    """The issue's 16 MB malformed body held /health for 2.4 s, decoded on the event loop.
    Now a body over the cap is refused before it is read (413), and one just under it (4 MiB:
    numbers to check, one unknown field at the end, so that the strict decode reads it all
    before it fails, then the lenient walk reads it again) is decoded in a worker thread, where
    no event loop runs, while /health keeps answering. How long /health waits meanwhile is a
    figure of ``python -m bench.import_stall``, not a timed assertion."""
    import service.games.imports as imports_module

    decoded_where: list[bool] = []
    decode = imports_module.strict_decode

    def spying_decode(body, body_type):
        try:
            asyncio.get_running_loop()
            decoded_where.append(True)
        except RuntimeError:
            decoded_where.append(False)
        return decode(body, body_type)

    monkeypatch.setattr(imports_module, "strict_decode", spying_decode)
    bodies = [
        msgspec.json.encode({**record, "options": {"pad": [0.5] * n}, "zz_unknown": 1})
        for n in (4_000_000, 900_000)
    ]
    assert len(bodies[0]) > 15 * 1024 * 1024
    assert 3 * 1024 * 1024 < len(bodies[1]) < 4 * 1024 * 1024
    with _served(database_url) as url:

        async def scenario() -> tuple[list[int], list[int]]:
            async with httpx.AsyncClient(base_url=url, timeout=60) as http:
                statuses: list[int] = []
                health: list[int] = []
                for body in (bodies[0], bodies[1], bodies[1]):
                    task = asyncio.create_task(
                        http.post(
                            "/games/import",
                            content=body,
                            headers={**ADMIN, "content-type": "application/json"},
                        )
                    )
                    while not task.done():
                        health.append((await http.get("/health")).status_code)
                        await asyncio.sleep(0.01)
                    try:
                        statuses.append(task.result().status_code)
                    except httpx.TransportError:
                        statuses.append(0)  # refused before the body was read: may be reset
                return statuses, health

        statuses, health = asyncio.run(scenario())
    assert statuses[0] in (413, 0) and statuses[1:] == [400, 400], statuses
    assert health and set(health) == {200}, health
    # The body over the cap is never decoded; the two under it are, never on the loop.
    assert decoded_where == [False, False], decoded_where
