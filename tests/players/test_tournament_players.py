"""Registered players as tournament participants: the tables' games seat them by id, their
player token acts there and asks GET /me; who may register whom."""

from __future__ import annotations

from typing import Any

from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY
from tests.players.test_players_api import register


def _cup(client: Any, **extra: Any) -> str:
    body = {"game": "azul", "name": "Player Cup", "format": "swiss", "rounds": 1, **extra}
    created = client.post("/tournaments", json=body, headers=auth(ADMIN_KEY))
    assert created.status_code == 201, created.text
    return created.json()["id"]


def test_registered_participants_play_with_their_player_token(client: Any) -> None:
    alice, bob, eve = register(client, "alice"), register(client, "bob"), register(client, "eve")
    cup = _cup(client, open_registration=True)
    path = f"/tournaments/{cup}/players"
    # The admin registers anyone; a player token only its own player.
    by_admin = client.post(
        path, json={"name": "Alice", "registered_player_id": alice["id"]}, headers=auth(ADMIN_KEY)
    )
    assert by_admin.status_code == 201, by_admin.text
    stranger = client.post(
        path, json={"name": "Bob", "registered_player_id": bob["id"]}, headers=auth(eve["token"])
    )
    assert stranger.status_code == 403 and stranger.json()["code"] == "player_seat_forbidden"
    anonymous = client.post(path, json={"name": "Bob", "registered_player_id": bob["id"]})
    assert anonymous.status_code == 403
    itself = client.post(
        path, json={"name": "Bob", "registered_player_id": bob["id"]}, headers=auth(bob["token"])
    )
    assert itself.status_code == 201, itself.text
    again = client.post(
        path, json={"name": "Bob2", "registered_player_id": bob["id"]}, headers=auth(bob["token"])
    )
    assert again.status_code == 409 and again.json()["code"] == "player_already_registered"
    started = client.post(f"/tournaments/{cup}/start", headers=auth(ADMIN_KEY))
    assert started.status_code in (200, 201), started.text

    me = client.get(f"/tournaments/{cup}/me", headers=auth(alice["token"]))
    assert me.status_code == 200, me.text
    me = me.json()
    assert me["game_id"] and me["seat_token"] is None
    game_id, seat = me["game_id"], me["seat"]
    assert client.get(f"/games/{game_id}", headers=auth(alice["token"])).json()["viewer"] == seat
    bob_seat = client.get(f"/tournaments/{cup}/me", headers=auth(bob["token"])).json()["seat"]
    assert client.get(f"/games/{game_id}", headers=auth(bob["token"])).json()["viewer"] == bob_seat
    # The game's seats belong to the players: no seat token was ever made for them. They are
    # named as the tournament names its participants (its standings say "Alice", not the
    # registered player's own "alice"), and keep the player's id.
    view = client.get(f"/games/{game_id}").json()
    assert {s["name"] for s in view["seats"]} == {"Alice", "Bob"}
    assert {s["player_id"] for s in view["seats"]} == {alice["id"], bob["id"]}
    standings = client.get(f"/tournaments/{cup}/standings").json()["standings"]
    assert {r["name"] for r in standings} == {s["name"] for s in view["seats"]}
    outsider = client.get(f"/tournaments/{cup}/me", headers=auth(eve["token"]))
    assert outsider.status_code == 403 and outsider.json()["code"] == "not_a_participant"
