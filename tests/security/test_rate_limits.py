"""Issue #18, item 7: game creation, imports, tournament registration and commands are rate
limited per client address (and commands also per token), answered 429 with Retry-After;
off unless configured. Tournaments take a configured number of participants at most."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY

ADMIN = auth(ADMIN_KEY)
GAME = {"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}


@contextlib.contextmanager
def _client(database_url: str, **settings) -> Iterator:
    from litestar.testing import TestClient

    from service.api.app import create_app

    app = create_app(database_url, admin_key=ADMIN_KEY, **settings)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def _limited(answer, setting: str | None = None) -> None:
    assert answer.status_code == 429, answer.text
    assert answer.json()["code"] == "too_many_requests"
    if setting is not None:  # the detail names what to raise
        assert f"(limit: {setting})" in answer.json()["detail"], answer.json()
    assert 1 <= int(answer.headers["retry-after"]) <= 60


@pytest.fixture
def limits():
    from service.api.limits import RateLimits

    return RateLimits(
        create="2/minute",
        imports="1/minute",
        register="2/minute",
        commands="100/minute",
        commands_per_token="3/minute",
    )


def test_game_creation_is_limited_per_client(database_url, limits) -> None:
    with _client(database_url, rate_limits=limits) as client:
        assert [client.post("/games", json=GAME).status_code for _ in range(2)] == [201, 201]
        _limited(client.post("/games", json=GAME), "GAMESTATE_RATE_CREATE")
        assert client.get("/games").status_code == 200  # other routes are not limited


def test_commands_are_limited_per_token(database_url, limits) -> None:
    with _client(database_url, rate_limits=limits) as client:
        created = client.post("/games", json=GAME).json()
        tokens = [seat["token"] for seat in created["seats"]]
        game_id = created["id"]
        statuses = []
        for _ in range(4):
            seat = client.get(f"/games/{game_id}").json()["to_act"][0]
            legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(tokens[0]))
            command = legal.json()["commands"][0] if seat == 0 else {"type": "azul.take_tiles"}
            answer = client.post(
                f"/games/{game_id}/commands", json={"command": command}, headers=auth(tokens[0])
            )
            statuses.append(answer.status_code)
        assert statuses[:3] != [429] * 3 and statuses[3] == 429, statuses
        # Another seat's token has a budget of its own.
        seat = client.get(f"/games/{game_id}").json()["to_act"][0]
        legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(tokens[1]))
        answer = client.post(
            f"/games/{game_id}/commands",
            json={"command": (legal.json()["commands"] or [{"type": "azul.take_tiles"}])[0]},
            headers=auth(tokens[1]),
        )
        assert answer.status_code != 429, (seat, answer.text)


def test_imports_and_registrations_are_limited(database_url, limits) -> None:
    with _client(database_url, rate_limits=limits) as client:
        assert client.post("/games/import", json={}, headers=ADMIN).status_code == 400
        _limited(client.post("/games/import", json={}, headers=ADMIN))
        tournament = client.post(
            "/tournaments",
            json={"game": "azul", "name": "Open", "format": "swiss", "open_registration": True},
            headers=ADMIN,
        ).json()
        path = f"/tournaments/{tournament['id']}/players"
        assert client.post(path, json={"name": "p1"}).status_code == 201
        assert client.post(path, json={"name": "p2"}).status_code == 201
        _limited(client.post(path, json={"name": "p3"}))


def test_rate_limits_are_off_unless_configured(client) -> None:
    assert all(client.post("/games", json=GAME).status_code == 201 for _ in range(5))


def test_a_tournament_takes_a_bounded_number_of_participants(database_url) -> None:
    with _client(database_url, max_tournament_players=3) as client:
        tournament = client.post(
            "/tournaments",
            json={"game": "azul", "name": "Small", "format": "swiss", "open_registration": True},
            headers=ADMIN,
        ).json()
        path = f"/tournaments/{tournament['id']}/players"
        for i in range(3):
            assert client.post(path, json={"name": f"p{i}"}).status_code == 201
        full = client.post(path, json={"name": "p3"})
        assert full.status_code == 409, full.text
        assert full.json()["code"] == "tournament_full"
        assert "GAMESTATE_MAX_TOURNAMENT_PLAYERS" in full.json()["detail"]
        assert "3" in full.json()["detail"]
        assert client.post(path, json={"name": "p4"}, headers=ADMIN).status_code == 409


def test_gamestate_serve_limits_each_forwarded_client(database_url, tmp_path) -> None:
    """Through the settings, as deployed: behind a trusted proxy, the client is the address
    the proxy forwards, so two clients of one proxy have budgets of their own."""
    import httpx

    from tests.faults.support import Server

    server = Server(
        database_url,
        tmp_path,
        env={"GAMESTATE_RATE_CREATE": "2/minute", "GAMESTATE_TRUSTED_PROXIES": "127.0.0.1"},
    )
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            one, two = {"X-Forwarded-For": "203.0.113.1"}, {"X-Forwarded-For": "203.0.113.2"}
            statuses = [http.post("/games", json=GAME, headers=one).status_code for _ in range(3)]
            assert statuses == [201, 201, 429]
            assert http.post("/games", json=GAME, headers=two).status_code == 201
    finally:
        server.stop()


def test_a_malformed_rate_stops_gamestate_serve(tmp_path) -> None:
    from tests.cli.support import gamestate

    run = gamestate(
        "serve",
        "--port",
        "0",
        GAMESTATE_RATE_COMMANDS="lots",
        GAMESTATE_DATA_DIR=str(tmp_path),
        DATABASE_URL="postgresql://unused",
    )
    assert run.returncode == 2 and "N/minute" in run.stderr


def test_requests_outside_a_policys_group_pass_without_a_thread_hop(
    database_url, limits, monkeypatch
) -> None:
    """Issue #32: a policy's check ran in a worker thread for every request (Litestar wraps a
    synchronous ``check_throttle_handler`` in ``sync_to_thread``), and a policy is on by default
    (GAMESTATE_RATE_PLAYERS), so every command paid a thread hop. The checks are coroutines,
    and a request outside the group skips the policy before a ``Request`` is built."""
    import litestar.utils.sync as sync

    hops: list[object] = []
    real = sync.sync_to_thread

    async def counting(fn, *args, **kwargs):
        hops.append(fn)
        return await real(fn, *args, **kwargs)

    monkeypatch.setattr(sync, "sync_to_thread", counting)
    with _client(database_url, rate_limits=limits) as client:
        created = client.post("/games", json=GAME).json()
        token = created["seats"][0]["token"]
        assert client.get(f"/games/{created['id']}").status_code == 200
        assert client.get(f"/games/{created['id']}/legal-commands", headers=auth(token)).is_success
    assert hops == []
