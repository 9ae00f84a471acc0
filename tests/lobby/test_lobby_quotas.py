"""Issue 31 item 4: free registrations filled the service-wide lobby cap (11 players x 20
tables reached GAMESTATE_LOBBY_MAX_WAITING=200 and every newcomer was refused). The cap is
shared fairly now (service/lobby/room.py) and registrations are rate limited per address.
Each test runs against its own database: the cap counts every waiting table there."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY, fresh_database

CAP, QUOTA = 12, 4


def _table(client: Any, player: dict) -> Any:
    body = {"game": "azul", "seats": [{"player_id": player["id"]}, {"open": True}]}
    return client.post("/games", json=body, headers=auth(player["token"]))


def _open_tables(client: Any) -> int:
    listed = client.get("/games", params={"status": "waiting", "limit": 200})
    assert listed.status_code == 200, listed.text
    return len(listed.json()["items"])


@pytest.fixture
def lobby(pg_server: str) -> Iterator[Any]:
    from litestar.testing import TestClient

    from service.api.app import create_app
    from service.lobby.tables import LobbyLimits
    from service.store.database import migrate

    with fresh_database(pg_server) as url:
        migrate(url)
        app = create_app(
            url,
            admin_key=ADMIN_KEY,
            lobby_limits=LobbyLimits(max_waiting=CAP, max_waiting_per_caller=QUOTA),
        )
        with TestClient(app, raise_server_exceptions=False) as client:
            yield client


def test_a_newcomer_opens_a_table_while_abusers_sit_at_their_quota(lobby: Any) -> None:
    # The script, scaled down: many free players each open as many tables as they can.
    abusers = [lobby.post("/players", json={"name": f"abuser{i}"}).json() for i in range(6)]
    for abuser in abusers:
        for _ in range(QUOTA + 2):
            answer = _table(lobby, abuser)
            assert answer.status_code in (201, 409), answer.text
    assert _open_tables(lobby) == CAP

    newcomer = lobby.post("/players", json={"name": "newcomer"}).json()
    made = _table(lobby, newcomer)
    assert made.status_code == 201, made.text
    assert _open_tables(lobby) == CAP, "room was made, the cap still holds"
    # A second newcomer too: nobody is locked out while someone holds two tables more.
    other = lobby.post("/players", json={"name": "newcomer2"}).json()
    assert _table(lobby, other).status_code == 201
    # Anonymous callers (keyed by their address) are callers like any other.
    anonymous = lobby.post("/games", json={"game": "azul", "seats": 2})
    assert anonymous.status_code == 201, anonymous.text


def test_the_table_that_gives_way_is_cancelled_and_the_largest_holder_is_refused(
    lobby: Any,
) -> None:
    hog = lobby.post("/players", json={"name": "hog"}).json()
    others = [lobby.post("/players", json={"name": f"p{i}"}).json() for i in range(3)]
    tables = [_table(lobby, hog).json()["id"] for _ in range(QUOTA)]
    for player, count in zip(others, (3, 3, 2), strict=True):
        for _ in range(count):
            assert _table(lobby, player).status_code == 201
    assert _open_tables(lobby) == CAP
    # At the cap, below its quota, but nobody holds two more: nobody may push another below
    # the caller's own count.
    refused = _table(lobby, others[0])
    assert refused.status_code == 409 and refused.json()["code"] == "lobby/too_many_waiting"
    assert "GAMESTATE_LOBBY_MAX_WAITING" in refused.json()["detail"]

    newcomer = lobby.post("/players", json={"name": "late"}).json()
    assert _table(lobby, newcomer).status_code == 201
    states = {t: lobby.get(f"/games/{t}/lobby").json()["status"] for t in tables}
    cancelled = [t for t, status in states.items() if status == "cancelled"]
    assert len(cancelled) == 1, states  # the hog's table nearest to expiry (its first)
    assert cancelled == [tables[0]]
    late_join = lobby.post(f"/games/{cancelled[0]}/join", json={"name": "bob"})
    assert late_join.status_code == 409 and late_join.json()["code"] == "lobby/game_cancelled"


def test_registrations_are_limited_per_address(database_url: str) -> None:
    from litestar.testing import TestClient

    from service.api.app import create_app
    from service.api.limits import RateLimits

    app = create_app(database_url, admin_key=ADMIN_KEY, rate_limits=RateLimits(players="3/hour"))
    with TestClient(app, raise_server_exceptions=False) as client:
        made = [client.post("/players", json={"name": f"r{i}"}).status_code for i in range(3)]
        assert made == [201, 201, 201]
        refused = client.post("/players", json={"name": "r3"})
        assert refused.status_code == 429, refused.text
        assert refused.json()["code"] == "too_many_requests"
        assert int(refused.headers["retry-after"]) >= 1


def test_registrations_are_limited_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.ops.commands.server import rate_limits
    from service.support.config import Settings

    monkeypatch.delenv("GAMESTATE_RATE_PLAYERS", raising=False)
    assert ("players", "ip", ("hour", 30)) in rate_limits(Settings.from_env()).policies()
    monkeypatch.setenv("GAMESTATE_RATE_PLAYERS", "off")
    assert all(p[0] != "players" for p in rate_limits(Settings.from_env()).policies())
