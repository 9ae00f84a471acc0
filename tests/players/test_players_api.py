"""Registered players over HTTP: registration, profile, a player token acting for the seats
its player holds (and only those), seating rules, rotation and revocation."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY

pytestmark = pytest.mark.usefixtures("client")


def register(client: Any, name: str = "alice", **extra: Any) -> dict[str, Any]:
    response = client.post("/players", json={"name": name, **extra})
    assert response.status_code == 201, response.text
    body = response.json()
    assert response.headers["location"] == f"/players/{body['id']}"
    return body


def create_with(client: Any, seats: list[dict[str, Any]], token: str | None = None) -> Any:
    headers = auth(token) if token else {}
    return client.post(
        "/games", json={"game": "azul", "seats": seats, "seed": "players"}, headers=headers
    )


def test_a_player_is_registered_with_a_token_shown_once(client: Any) -> None:
    player = register(client, "alice", contact="https://example.org/hook")
    assert player["token"].startswith("gsp_") and len(player["token"]) == 4 + 43
    profile = client.get(f"/players/{player['id']}").json()
    assert profile == {
        "id": player["id"],
        "name": "alice",
        "created_at": profile["created_at"],
        "revoked": False,
        "ratings": [],
        "recent_games": [],
    }
    assert "token" not in profile and "contact" not in profile
    assert client.get("/players/00000000-0000-0000-0000-000000000000").status_code == 404


def test_bad_registrations_are_4xx(client: Any) -> None:
    assert client.post("/players", json={"name": ""}).status_code == 400
    assert client.post("/players", json={"name": "x", "extra": 1}).status_code == 400
    assert client.post("/players", json={"name": "a\nb"}).status_code == 400
    assert client.post("/players", json={"name": "x", "contact": "y" * 501}).status_code == 400


def test_a_player_seats_itself_and_acts_with_its_player_token(client: Any) -> None:
    alice = register(client, "alice")
    created = create_with(client, [{"player_id": alice["id"]}, {"name": "bob"}], alice["token"])
    assert created.status_code == 201, created.text
    seats = created.json()["seats"]
    # No seat token for a player's seat: the player acts with its own token.
    assert seats[0] == {"seat": 0, "name": "alice", "token": "", "player_id": alice["id"]}
    assert seats[1]["name"] == "bob" and seats[1]["token"]
    game_id = created.json()["id"]
    view = client.get(f"/games/{game_id}", headers=auth(alice["token"])).json()
    assert view["viewer"] == 0
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(alice["token"]))
    assert legal.status_code == 200 and legal.json()["seat"] == 0
    if legal.json()["commands"]:
        answer = client.post(
            f"/games/{game_id}/commands",
            json={"command": legal.json()["commands"][0]},
            headers=auth(alice["token"]),
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["events"][0]["seat"] == 0


def test_a_player_token_cannot_act_for_another_players_seat(client: Any) -> None:
    alice, mallory = register(client, "alice"), register(client, "mallory")
    game = create_with(client, [{"player_id": alice["id"]}, {"name": "bob"}], ADMIN_KEY).json()
    game_id = game["id"]
    # Mallory holds no seat here: a spectator, and every command is refused.
    view = client.get(f"/games/{game_id}", headers=auth(mallory["token"])).json()
    assert view["viewer"] is None
    for path, body in (
        (f"/games/{game_id}/commands", {"command": {"type": "azul.take", "x": 1}}),
        (f"/games/{game_id}/resign", {}),
    ):
        answer = client.post(path, json=body, headers=auth(mallory["token"]))
        assert answer.status_code in (400, 403), answer.text
        if answer.status_code == 403:
            assert answer.json()["code"] == "player_not_seated"
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(mallory["token"]))
    assert legal.status_code == 403 and legal.json()["code"] == "player_not_seated"
    resign = client.post(f"/games/{game_id}/resign", json={}, headers=auth(mallory["token"]))
    assert resign.status_code == 403 and resign.json()["code"] == "player_not_seated"
    # Nor is a player the organiser.
    abandon = client.post(
        f"/games/{game_id}/abandon", json={"reason": "x"}, headers=auth(alice["token"])
    )
    assert abandon.status_code == 403 and abandon.json()["code"] == "admin_required"
    # Alice's token still acts for her own seat.
    mine = client.get(f"/games/{game_id}/legal-commands", headers=auth(alice["token"]))
    assert mine.status_code == 200 and mine.json()["seat"] == 0
    # And an anonymous seat's token for its own seat only.
    bob = game["seats"][1]["token"]
    assert client.get(f"/games/{game_id}", headers=auth(bob)).json()["viewer"] == 1


def test_who_may_seat_a_registered_player(client: Any) -> None:
    alice, bob = register(client, "alice"), register(client, "bob")
    two = [{"player_id": alice["id"]}, {"player_id": bob["id"]}]
    # Nobody (no token, or a stranger's seat token) seats a registered player.
    anonymous = create_with(client, two)
    assert anonymous.status_code == 403 and anonymous.json()["code"] == "player_seat_forbidden"
    # A player token seats only its own player.
    by_alice = create_with(client, two, alice["token"])
    assert by_alice.status_code == 403 and by_alice.json()["code"] == "player_seat_forbidden"
    # The organiser seats anyone.
    assert create_with(client, two, ADMIN_KEY).status_code == 201
    twice = create_with(client, [{"player_id": alice["id"]}] * 2, ADMIN_KEY)
    assert twice.status_code == 422 and twice.json()["code"] == "player_seated_twice"
    unknown = create_with(
        client, [{"player_id": "00000000-0000-0000-0000-000000000001"}, {"name": "x"}], ADMIN_KEY
    )
    assert unknown.status_code == 422 and unknown.json()["code"] == "unknown_player"
    both = create_with(client, [{"player_id": alice["id"], "name": "a"}, {"name": "x"}], ADMIN_KEY)
    assert both.status_code == 422 and both.json()["code"] == "seat_name_or_player"
    neither = create_with(client, [{}, {"name": "x"}])
    assert neither.status_code == 422 and neither.json()["code"] == "seat_name_or_player"
    # Anonymous seats need no token at all, as before.
    assert create_with(client, [{"name": "a"}, {"name": "b"}]).status_code == 201


def test_rotation_invalidates_the_old_token(client: Any) -> None:
    alice = register(client, "alice")
    game_id = create_with(
        client, [{"player_id": alice["id"]}, {"name": "bob"}], alice["token"]
    ).json()["id"]
    old = alice["token"]
    # Cached in this process by use, before the rotation.
    assert client.get(f"/games/{game_id}", headers=auth(old)).json()["viewer"] == 0
    rotated = client.post(f"/players/{alice['id']}/token", headers=auth(old))
    assert rotated.status_code == 200, rotated.text
    new = rotated.json()["token"]
    assert new != old and new.startswith("gsp_")
    refused = client.get(f"/games/{game_id}", headers=auth(old))
    assert refused.status_code == 401 and refused.json()["code"] == "invalid_token"
    assert client.get(f"/games/{game_id}/legal-commands", headers=auth(old)).status_code == 401
    assert client.post(f"/players/{alice['id']}/token", headers=auth(old)).status_code == 401
    assert client.get(f"/games/{game_id}", headers=auth(new)).json()["viewer"] == 0


def test_only_the_player_rotates_its_token(client: Any) -> None:
    alice, bob = register(client, "alice"), register(client, "bob")
    path = f"/players/{alice['id']}/token"
    assert client.post(path).status_code == 401
    other = client.post(path, headers=auth(bob["token"]))
    assert other.status_code == 403 and other.json()["code"] == "token_for_another_player"
    assert client.post(path, headers=auth(ADMIN_KEY)).status_code == 403


def test_a_revoked_token_is_refused_everywhere(client: Any) -> None:
    alice = register(client, "alice")
    game = create_with(client, [{"player_id": alice["id"]}, {"name": "bob"}], alice["token"])
    game_id = game.json()["id"]
    token = alice["token"]
    assert client.get(f"/games/{game_id}/legal-commands", headers=auth(token)).status_code == 200
    # A well-formed command (bodies are checked before tokens).
    bob = auth(game.json()["seats"][1]["token"])
    command = (
        client.get(f"/games/{game_id}/legal-commands", headers=bob).json()["commands"]
        or client.get(f"/games/{game_id}/legal-commands", headers=auth(token)).json()["commands"]
    )[0]
    assert client.post(f"/players/{alice['id']}/revoke", headers=auth(token)).status_code == 403
    assert client.post(f"/players/{alice['id']}/revoke").status_code == 401
    revoked = client.post(f"/players/{alice['id']}/revoke", headers=auth(ADMIN_KEY))
    assert revoked.status_code == 200, revoked.text
    again = client.post(f"/players/{alice['id']}/revoke", headers=auth(ADMIN_KEY))
    assert again.json()["revoked_at"] == revoked.json()["revoked_at"]
    for method, path, body in (
        ("GET", f"/games/{game_id}", None),
        ("GET", f"/games/{game_id}/legal-commands", None),
        ("GET", f"/games/{game_id}/events", None),
        ("GET", f"/games/{game_id}/views/1", None),
        ("GET", f"/games/{game_id}/events/stream", None),
        ("POST", f"/games/{game_id}/commands", {"command": command}),
        ("POST", f"/games/{game_id}/resign", {}),
        ("POST", f"/players/{alice['id']}/token", None),
        ("POST", "/games", {"game": "azul", "seats": [{"player_id": alice["id"]}, {"name": "b"}]}),
    ):
        answer = client.request(method, path, json=body, headers=auth(token))
        assert answer.status_code == 401, (path, answer.text)
        assert answer.json()["code"] == "invalid_token", path
    assert client.get(f"/players/{alice['id']}").json()["revoked"] is True
    # A revoked player cannot be seated any more, even by the organiser.
    seated = create_with(client, [{"player_id": alice["id"]}, {"name": "b"}], ADMIN_KEY)
    assert seated.status_code == 422 and seated.json()["code"] == "unknown_player"
    assert (
        client.post(
            "/players/00000000-0000-0000-0000-000000000000/revoke", headers=auth(ADMIN_KEY)
        ).status_code
        == 404
    )
