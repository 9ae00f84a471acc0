"""A live stream opened with a player token ends within a second of the token's revocation
or rotation, when that happens through another process (two servers, each with its own
registry, cache and LISTEN connection; keep-alives too rare to help)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.api.helpers import auth
from tests.api.test_live import WAIT, Sse, _thread_server
from tests.conftest import ADMIN_KEY


@pytest.fixture(scope="module")
def servers(database_url: str) -> Iterator[tuple[str, str]]:
    with _thread_server(database_url, 60) as a, _thread_server(database_url, 60) as b:
        yield a, b


def _player_game(http: httpx.Client) -> tuple[dict, str]:
    player = http.post("/players", json={"name": "streamer"}).json()
    created = http.post(
        "/games",
        json={"game": "azul", "seats": [{"player_id": player["id"]}, {"name": "b"}]},
        headers=auth(player["token"]),
    )
    assert created.status_code == 201, created.text
    return player, created.json()["id"]


def _ends_within_a_second(stream: Sse, started: float) -> dict:
    while True:
        message = stream.next()
        assert message is not None, "closed without an end message"
        if message.get("event") == "end":
            assert time.monotonic() - started < 1.0
            return json.loads(message["data"])


@pytest.mark.parametrize("how", ["revoke", "rotate"])
def test_an_open_stream_ends_when_its_player_token_stops_being_valid(
    servers: tuple[str, str], how: str
) -> None:
    a, b = servers
    with httpx.Client(base_url=b, timeout=WAIT) as http:
        player, game_id = _player_game(http)
        token = player["token"]
        stream = Sse(f"{a}/games/{game_id}/events/stream", headers=auth(token))
        assert stream.status == 200
        # An anonymous spectator's stream of the same game is not affected.
        spectator = Sse(f"{a}/games/{game_id}/events/stream", timeout=3)
        stream.events_until(1)
        started = time.monotonic()
        if how == "revoke":
            answer = http.post(f"/players/{player['id']}/revoke", headers=auth(ADMIN_KEY))
        else:
            answer = http.post(f"/players/{player['id']}/token", headers=auth(token))
        assert answer.status_code == 200, answer.text
        assert _ends_within_a_second(stream, started)["reason"] == "revoked"
        assert stream.next() is None
        # The other process refuses the old token from now on too (its cache forgot it).
        with httpx.Client(base_url=a, timeout=WAIT) as other:
            refused = other.get(f"/games/{game_id}", headers=auth(token))
            assert refused.status_code == 401
        assert json.loads(spectator.rest()[-1]["data"])["reason"] == "timeout"


def test_a_stream_with_a_valid_player_token_survives_a_listener_reconnect(
    servers: tuple[str, str],
) -> None:
    """A reconnect makes every player stream check its token again; a valid one goes on."""
    from tests.api.test_live import APPS

    a, b = servers
    with httpx.Client(base_url=b, timeout=WAIT) as http:
        player, game_id = _player_game(http)
        stream = Sse(f"{a}/games/{game_id}/events/stream", headers=auth(player["token"]), timeout=2)
        stream.events_until(1)
        hub = APPS[a].state.live
        hub._loop.call_soon_threadsafe(hub.wake_all)
        rest = stream.rest()
        assert json.loads(rest[-1]["data"])["reason"] == "timeout"
