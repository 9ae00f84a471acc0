"""Drive tournaments over HTTP as organisers and random bots would."""

from __future__ import annotations

import random
from typing import Any

from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY

ADMIN = auth(ADMIN_KEY)


def create_tournament(client: Any, **body: Any) -> dict[str, Any]:
    response = client.post("/tournaments", json=body, headers=ADMIN)
    assert response.status_code == 201, response.text
    return response.json()


def register(client: Any, tournament_id: str, names: list[str]) -> dict[int, str]:
    """Player id -> participant token."""
    tokens = {}
    for i, name in enumerate(names):
        answer = client.post(
            f"/tournaments/{tournament_id}/players",
            json={"name": name, "rating": len(names) - i},
            headers=ADMIN,
        )
        assert answer.status_code == 201, answer.text
        tokens[answer.json()["player_id"]] = answer.json()["token"]
    return tokens


def start(client: Any, tournament_id: str) -> dict[str, Any]:
    answer = client.post(f"/tournaments/{tournament_id}/start", headers=ADMIN)
    assert answer.status_code == 200, answer.text
    return answer.json()


def seats_now(client: Any, tournament_id: str, tokens: dict[int, str]) -> dict[str, dict]:
    """Game id -> {seat: seat token}, from every participant's GET /me (a withdrawn
    participant gets no seat)."""
    games: dict[str, dict[int, str]] = {}
    for token in tokens.values():
        me = client.get(f"/tournaments/{tournament_id}/me", headers=auth(token))
        if me.status_code == 403 and me.json()["code"] == "participant_withdrawn":
            continue
        assert me.status_code == 200, me.text
        me = me.json()
        if me["game_id"] is not None:
            games.setdefault(me["game_id"], {})[me["seat"]] = me["seat_token"]
    return games


def play_game(client: Any, game_id: str, seat_tokens: dict[int, str], rng: random.Random) -> dict:
    # Looked at as one of its seats: the tables of a duplicate round are not shown to
    # spectators while any of them plays (service/games/seed_groups.py).
    me = auth(seat_tokens[min(seat_tokens)])
    for _ in range(20000):
        view = client.get(f"/games/{game_id}", headers=me).json()
        if view["status"] == "finished":
            return view
        seat = rng.choice(view["to_act"])
        token = seat_tokens[seat]
        legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(token)).json()
        command = rng.choice(legal["commands"])
        answer = client.post(
            f"/games/{game_id}/commands", json={"command": command}, headers=auth(token)
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


def play_round(
    client: Any, tournament_id: str, tokens: dict[int, str], rng: random.Random
) -> dict[str, dict]:
    """Play every game open now to its end; returns game id -> final game view."""
    finished = {}
    for game_id, seat_tokens in seats_now(client, tournament_id, tokens).items():
        finished[game_id] = play_game(client, game_id, seat_tokens, rng)
    return finished


def resolve_ties(client: Any, tournament_id: str, games: dict[str, dict]) -> int:
    """The organiser's part: a finished game that the format cannot take (a tie across the
    cut) is decided by breaking the tie in seat order. Returns the tables resolved."""
    view = tournament(client, tournament_id)["view"]
    resolved = 0
    for table in (t for r in view["rounds"] for t in r["tables"]):
        game = games.get(table["game_id"])
        if table["status"] != "open" or game is None:
            continue
        order = sorted(game["result"]["ranking"], key=lambda s: (s["place"], s["seat"]))
        placements = [
            {"player_id": table["players"][s["seat"]], "place": i + 1, "score": s["score"]}
            for i, s in enumerate(order)
        ]
        answer = client.post(
            f"/tournaments/{tournament_id}/tables/{table['table_id']}/resolve",
            json={"placements": placements, "reason": "tie broken by seat order"},
            headers=ADMIN,
        )
        assert answer.status_code == 200, answer.text
        resolved += 1
    return resolved


def tournament(client: Any, tournament_id: str) -> dict[str, Any]:
    answer = client.get(f"/tournaments/{tournament_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def play_out(
    client: Any, tournament_id: str, tokens: dict[int, str], rng: random.Random
) -> tuple[dict[str, Any], dict[str, dict]]:
    """Play rounds until the tournament finishes; returns its resource and every game."""
    games: dict[str, dict] = {}
    for _ in range(100):
        current = tournament(client, tournament_id)
        if current["view"]["status"] == "finished":
            return current, games
        played = play_round(client, tournament_id, tokens, rng)
        assert played, f"nothing to play: {current['view']['awaiting_game']}"
        games.update(played)
        resolve_ties(client, tournament_id, games)
    raise AssertionError("the tournament did not finish")
