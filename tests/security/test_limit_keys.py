"""Issue #31, item 8: what the rate limits count. The per-token command limit counts per
authenticated identity (a seat, a player, the admin), not per spelling of the Authorization
header; X-Forwarded-For is believed only from configured proxies (none by default), so a
client cannot name itself a fresh address for every request; and a rematch is a creation."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import httpx
import pytest

from service.store.database import migrate
from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY, fresh_database

GAME = {"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}


@pytest.fixture
def own_database(pg_server: str) -> Iterator[str]:
    """A database of its own: the lobby counts every open table from 127.0.0.1 in it."""
    with fresh_database(pg_server) as url:
        migrate(url)
        yield url


@contextlib.contextmanager
def _client(database_url: str, **settings) -> Iterator:
    from litestar.testing import TestClient

    from service.api.app import create_app

    app = create_app(database_url, admin_key=ADMIN_KEY, **settings)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def test_spellings_of_bearer_share_one_budget(database_url) -> None:
    from service.api.limits import RateLimits

    with _client(database_url, rate_limits=RateLimits(commands_per_token="3/minute")) as client:
        created = client.post("/games", json=GAME).json()
        token = created["seats"][0]["token"]
        spellings = [f"Bearer {token}", f"bearer {token}", f"BEARER {token}"]
        spellings += [f"BeArEr {token}", f"Bearer   {token}", f"bEARER {token}"]
        statuses = [
            client.post(
                f"/games/{created['id']}/commands",
                json={"command": {"type": "azul.take_tiles"}},
                headers={"Authorization": header},
            ).status_code
            for header in spellings
        ]
        assert 429 not in statuses[:3] and statuses[3:] == [429] * 3, statuses
        # A token that authenticates nobody is refused as the handler would, not counted.
        for header in ("Bearer not-a-token", "Basic YTpi"):
            refused = client.post(
                f"/games/{created['id']}/commands",
                json={"command": {"type": "azul.take_tiles"}},
                headers={"Authorization": header},
            )
            assert refused.status_code == 401, refused.text
            assert refused.json()["code"] == "invalid_token"


def test_a_player_token_is_one_budget_across_its_games(database_url) -> None:
    """A player acts with one token in every game it sits in: one budget, whatever the game."""
    from service.api.limits import RateLimits

    with _client(database_url, rate_limits=RateLimits(commands_per_token="2/minute")) as client:
        player = client.post("/players", json={"name": "keyed"}).json()
        headers = auth(player["token"])
        games = [
            client.post(
                "/games",
                json={"game": "azul", "seats": [{"player_id": player["id"]}, {"name": "x"}]},
                headers=headers,
            ).json()["id"]
            for _ in range(3)
        ]
        statuses = [
            client.post(
                f"/games/{game_id}/commands",
                json={"command": {"type": "azul.take_tiles"}},
                headers=headers,
            ).status_code
            for game_id in games
        ]
        assert 429 not in statuses[:2] and statuses[2] == 429, statuses


def test_a_rematch_counts_as_a_creation(database_url) -> None:
    from service.api.limits import RateLimits

    with _client(database_url, rate_limits=RateLimits(create="2/minute")) as client:
        created = client.post("/games", json=GAME).json()
        p0, p1 = (seat["token"] for seat in created["seats"])
        resigned = client.post(f"/games/{created['id']}/resign", json={}, headers=auth(p0))
        assert resigned.status_code == 200, resigned.text
        first = client.post(f"/games/{created['id']}/rematch", headers=auth(p0))
        assert first.status_code == 200, first.text
        over = client.post(f"/games/{created['id']}/rematch", headers=auth(p1))
        assert over.status_code == 429, over.text
        assert over.json()["code"] == "too_many_requests"
        assert int(over.headers["retry-after"]) >= 1


def test_forwarded_addresses_are_not_believed_by_default(own_database, tmp_path) -> None:
    """`gamestate serve` with no GAMESTATE_TRUSTED_PROXIES: a client on 127.0.0.1 (as a
    local attacker, or any client when the service is exposed directly) that names a new
    X-Forwarded-For address per request still has one budget and one lobby quota."""
    from tests.faults.support import Server

    server = Server(
        own_database,
        tmp_path,
        env={
            "GAMESTATE_RATE_CREATE": "2/minute",
            "GAMESTATE_TRUSTED_PROXIES": "",
        },
    )
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            statuses = [
                http.post(
                    "/games", json=GAME, headers={"X-Forwarded-For": f"203.0.113.{i}"}
                ).status_code
                for i in range(1, 4)
            ]
            assert statuses == [201, 201, 429], statuses
    finally:
        server.stop()
    lobby = Server(
        own_database,
        tmp_path,
        env={"GAMESTATE_LOBBY_MAX_WAITING_PER_CALLER": "1", "GAMESTATE_TRUSTED_PROXIES": ""},
    )
    lobby.start()
    try:
        with httpx.Client(base_url=lobby.url, timeout=10) as http:
            open_table = {"game": "azul", "seats": 2}
            answers = [
                http.post("/games", json=open_table, headers={"X-Forwarded-For": f"198.51.100.{i}"})
                for i in range(1, 3)
            ]
            assert answers[0].status_code == 201, answers[0].text
            assert answers[1].status_code == 409, answers[1].text
            assert answers[1].json()["code"] == "lobby/too_many_waiting_for_caller"
    finally:
        lobby.stop()


def test_forwarded_addresses_of_a_configured_proxy_are_believed(database_url, tmp_path) -> None:
    """The deploy example's setting: behind the proxy, each client has its own budget."""
    from tests.faults.support import Server

    server = Server(
        database_url,
        tmp_path,
        env={"GAMESTATE_RATE_CREATE": "1/minute", "GAMESTATE_TRUSTED_PROXIES": "127.0.0.1"},
    )
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            one, two = {"X-Forwarded-For": "203.0.113.7"}, {"X-Forwarded-For": "203.0.113.8"}
            assert http.post("/games", json=GAME, headers=one).status_code == 201
            assert http.post("/games", json=GAME, headers=one).status_code == 429
            assert http.post("/games", json=GAME, headers=two).status_code == 201
    finally:
        server.stop()
