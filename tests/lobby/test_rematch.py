"""Rematches: the same table with a fresh seed and the seats rotated by one, dealt once every
seat has asked; repeated requests answer with the same game and the same seat token."""

from __future__ import annotations

import asyncio

import httpx
import psycopg

from service.lobby.rematch import rotated
from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY


def finished_game(client, players: int = 2, **extra) -> dict:
    body = {"game": "azul", "seats": [{"name": f"p{i}"} for i in range(players)], **extra}
    created = client.post("/games", json=body).json()
    resigned = client.post(
        f"/games/{created['id']}/resign", json={}, headers=auth(created["seats"][0]["token"])
    )
    assert resigned.status_code == 200, resigned.text
    if players > 2:
        for seat in created["seats"][1:-1]:
            client.post(f"/games/{created['id']}/resign", json={}, headers=auth(seat["token"]))
    assert client.get(f"/games/{created['id']}").json()["status"] == "finished"
    return created


def test_seats_rotate_by_one() -> None:
    assert rotated(2) == [1, 0]
    assert rotated(4) == [1, 2, 3, 0]


def test_a_rematch_is_the_same_table_rotated_with_a_fresh_seed(client, database_url) -> None:
    old = finished_game(
        client, seed="first", options={"grey_wall": True}, clock={"turn_seconds": 600}
    )
    p0, p1 = (seat["token"] for seat in old["seats"])
    first = client.post(f"/games/{old['id']}/rematch", headers=auth(p1))
    assert first.status_code == 200, first.text
    first = first.json()
    assert (first["rematch_of"], first["seat"], first["status"]) == (old["id"], 0, "waiting")
    again = client.post(f"/games/{old['id']}/rematch", headers=auth(p1)).json()
    assert again == first, "a repeated request answers the same"
    lobby = client.get(f"/games/{first['id']}/lobby").json()
    assert lobby["open_seats"] == [], "the other seat is kept for p0"
    assert [(s["name"], s["reserved"]) for s in lobby["seats"]] == [("p1", False), (None, True)]
    assert client.post(f"/games/{first['id']}/join", json={"name": "x"}).json()["code"] == (
        "lobby/table_full"
    )

    second = client.post(f"/games/{old['id']}/rematch", headers=auth(p0)).json()
    assert (second["id"], second["seat"], second["status"]) == (first["id"], 1, "active")
    assert client.post(f"/games/{old['id']}/rematch", headers=auth(p0)).json() == second

    view = client.get(f"/games/{first['id']}", headers=auth(first["token"])).json()
    assert view["viewer"] == 0
    assert [seat["name"] for seat in view["seats"]] == ["p1", "p0"]
    assert view["options"] == client.get(f"/games/{old['id']}").json()["options"]
    assert view["clock"] is not None and view["clock"]["turn_seconds"] == 600
    assert view["seed_commitment"] != old["seed_commitment"]
    legal = client.get(f"/games/{first['id']}/legal-commands", headers=auth(first["token"]))
    assert legal.status_code == 200 and legal.json()["seat"] == 0
    with psycopg.connect(database_url) as conn:
        count = conn.execute(
            "SELECT count(*) FROM lobby_tables WHERE rematch_of = %s", (old["id"],)
        ).fetchone()[0]
    assert count == 1


def test_rematch_needs_a_finished_game_and_its_seat(client) -> None:
    created = client.post("/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]})
    game = created.json()
    answer = client.post(f"/games/{game['id']}/rematch", headers=auth(game["seats"][0]["token"]))
    assert answer.status_code == 409 and answer.json()["code"] == "lobby/game_not_finished"
    assert client.post(f"/games/{game['id']}/rematch").status_code == 401
    other = finished_game(client)
    answer = client.post(f"/games/{other['id']}/rematch", headers=auth(game["seats"][0]["token"]))
    assert answer.status_code == 403


def test_concurrent_rematch_requests_make_one_rematch(live_url: str, client) -> None:
    old = finished_game(client, players=3)
    tokens = [seat["token"] for seat in old["seats"]]

    async def scenario() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=live_url, timeout=30) as http:
            return await asyncio.gather(
                *(
                    http.post(f"/games/{old['id']}/rematch", headers=auth(tokens[i % 3]))
                    for i in range(12)
                )
            )

    answers = asyncio.run(scenario())
    assert {a.status_code for a in answers} == {200}, [a.text for a in answers]
    bodies = [a.json() for a in answers]
    assert len({b["id"] for b in bodies}) == 1
    by_seat = {}
    for body in bodies:
        by_seat.setdefault(body["seat"], set()).add(body["token"])
    assert sorted(by_seat) == [0, 1, 2] and all(len(t) == 1 for t in by_seat.values())
    view = client.get(f"/games/{bodies[0]['id']}").json()
    assert view["status"] == "active"
    assert [seat["name"] for seat in view["seats"]] == ["p1", "p2", "p0"]


def test_a_rematch_of_players_is_dealt_at_once(client) -> None:
    ada = client.post("/players", json={"name": "Ada"}).json()
    bea = client.post("/players", json={"name": "Bea"}).json()
    admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
    body = {"game": "azul", "seats": [{"player_id": ada["id"]}, {"player_id": bea["id"]}]}
    game = client.post("/games", json=body, headers=admin).json()
    assert (
        client.post(f"/games/{game['id']}/resign", json={}, headers=auth(ada["token"])).status_code
        == 200
    )
    answer = client.post(f"/games/{game['id']}/rematch", headers=auth(bea["token"]))
    assert answer.status_code == 200, answer.text
    rematch = answer.json()
    assert (rematch["seat"], rematch["token"], rematch["status"]) == (0, None, "active")
    other = client.post(f"/games/{game['id']}/rematch", headers=auth(ada["token"])).json()
    assert (other["id"], other["seat"], other["status"]) == (rematch["id"], 1, "active")
    view = client.get(f"/games/{rematch['id']}", headers=auth(bea["token"])).json()
    assert view["viewer"] == 0 and [s["name"] for s in view["seats"]] == ["Bea", "Ada"]


def test_a_rematch_never_seats_a_revoked_player(client, database_url) -> None:
    """Issue 31 item 9: a revoked player was seated in the rematch (dealt at once), a seat
    that could never act. The rematch is refused instead, and nothing is created."""
    ada = client.post("/players", json={"name": "Ada"}).json()
    bea = client.post("/players", json={"name": "Bea"}).json()
    admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
    body = {"game": "azul", "seats": [{"player_id": ada["id"]}, {"player_id": bea["id"]}]}
    game = client.post("/games", json=body, headers=admin).json()
    assert client.post(
        f"/games/{game['id']}/resign", json={}, headers=auth(ada["token"])
    ).is_success
    assert client.post(f"/players/{ada['id']}/revoke", headers=admin).is_success
    answer = client.post(f"/games/{game['id']}/rematch", headers=auth(bea["token"]))
    assert answer.status_code == 409, answer.text
    assert answer.json()["code"] == "lobby/player_revoked"
    with psycopg.connect(database_url) as conn:
        made = conn.execute(
            "SELECT count(*) FROM lobby_tables WHERE rematch_of = %s", (game["id"],)
        )
        assert made.fetchone()[0] == 0


def test_a_waiting_rematch_is_cancelled_when_its_player_is_revoked(client) -> None:
    """A rematch of a player and an anonymous seat seats the player at once; revoked before
    the anonymous seat asks, the rematch is cancelled rather than dealt with that seat."""
    ada = client.post("/players", json={"name": "Ada"}).json()
    admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
    game = client.post(
        "/games",
        json={"game": "azul", "seats": [{"player_id": ada["id"]}, {"name": "guest"}]},
        headers=auth(ada["token"]),
    ).json()
    guest = game["seats"][1]["token"]
    assert client.post(f"/games/{game['id']}/resign", json={}, headers=auth(guest)).is_success
    first = client.post(f"/games/{game['id']}/rematch", headers=auth(ada["token"]))
    assert first.status_code == 200 and first.json()["status"] == "waiting", first.text
    assert client.post(f"/players/{ada['id']}/revoke", headers=admin).is_success
    answer = client.post(f"/games/{game['id']}/rematch", headers=auth(guest))
    assert answer.status_code == 409, answer.text
    assert answer.json()["code"] == "lobby/player_revoked"
    lobby = client.get(f"/games/{first.json()['id']}/lobby").json()
    assert lobby["status"] == "cancelled"
