"""Drive the service over HTTP as a 2.0.0 client and its random bots would. Used by both
make_fixture.py (run against the old release's code) and the upgrade test (against main), so
it imports nothing of the service: only an HTTP client with ``get`` and ``post``."""

from __future__ import annotations

import random
from typing import Any

GAMES = ("azul", "splendor", "carcassonne", "castles", "three_kingdoms")
PLAYERS = {"azul": 2, "splendor": 2, "carcassonne": 2, "castles": 2, "three_kingdoms": 3}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def ok(answer: Any, *statuses: int) -> Any:
    assert answer.status_code in (statuses or (200,)), f"{answer.status_code} {answer.text}"
    return answer.json()


def create(client: Any, game: str, seed: str, **extra: Any) -> dict[str, Any]:
    body = {
        "game": game,
        "seats": [{"name": f"{game}-p{i}"} for i in range(PLAYERS[game])],
        "seed": seed,
        **extra,
    }
    return ok(client.post("/games", json=body), 201)


def seat_statuses(view: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["status"] for s in view.get("seat_status") or ()}


def play(
    client: Any,
    game_id: str,
    tokens: dict[int, str],
    rng: random.Random,
    moves: int = 20_000,
    look_as: str | None = None,
) -> dict[str, Any]:
    """Play up to ``moves`` random legal commands (all of them: to the end) and return the
    last view. Two requests a turn: the seat's legal commands, then one of them; the answer
    says who acts next. A seat that became a zombie (its clock ran out too often) rejoins
    first; a 409 (a clock or another process moved the game on) is looked at again, not an
    error."""
    headers = auth(look_as or tokens[min(tokens)])

    def look() -> tuple[str, list[int], dict[int, str]]:
        view = ok(client.get(f"/games/{game_id}", headers=headers))
        return view["status"], view["to_act"], seat_statuses(view)

    status, to_act, statuses = look()
    for _ in range(moves):
        if status != "active" or not to_act:
            break
        seat = rng.choice(to_act)
        token = tokens[seat]
        if statuses.get(seat) == "zombie":
            ok(client.post(f"/games/{game_id}/join", headers=auth(token)), 200, 409, 422)
            status, to_act, statuses = look()
            continue
        legal = ok(client.get(f"/games/{game_id}/legal-commands", headers=auth(token)))
        if not legal["commands"]:
            status, to_act, statuses = look()
            continue
        answer = client.post(
            f"/games/{game_id}/commands",
            json={"command": rng.choice(legal["commands"]), "expected_version": legal["version"]},
            headers=auth(token),
        )
        accepted = ok(answer, 200, 409)
        if answer.status_code == 200:
            status, to_act = accepted["status"], accepted["to_act"]
        else:
            status, to_act, statuses = look()
    return ok(client.get(f"/games/{game_id}", headers=headers))


def tournament_seats(client: Any, tournament_id: str, tokens: dict[int, str]) -> dict[str, dict]:
    """Game id -> {seat: seat token} of the tables open now, from every participant's /me."""
    games: dict[str, dict[int, str]] = {}
    for token in tokens.values():
        me = client.get(f"/tournaments/{tournament_id}/me", headers=auth(token))
        if me.status_code == 403:
            continue
        me = ok(me)
        if me["game_id"] is not None and me["status"] != "finished":
            games.setdefault(me["game_id"], {})[me["seat"]] = me["seat_token"]
    return games


def resolve_ties(client: Any, tournament_id: str, admin: dict[str, str]) -> None:
    """The organiser breaks, in seat order, a tie the format cannot take."""
    view = ok(client.get(f"/tournaments/{tournament_id}"))["view"]
    for table in (t for r in view["rounds"] for t in r["tables"]):
        if table["status"] != "open" or table.get("game_id") is None:
            continue
        answer = client.get(f"/games/{table['game_id']}")
        if answer.status_code != 200:  # a duplicate round hides its tables while one plays
            continue
        game = answer.json()
        if game["status"] != "finished" or not game.get("result"):
            continue
        order = sorted(game["result"]["ranking"], key=lambda s: (s["place"], s["seat"]))
        placements = [
            {"player_id": table["players"][s["seat"]], "place": i + 1, "score": s["score"]}
            for i, s in enumerate(order)
        ]
        ok(
            client.post(
                f"/tournaments/{tournament_id}/tables/{table['table_id']}/resolve",
                json={"placements": placements, "reason": "tie broken by seat order"},
                headers=admin,
            )
        )


def tournament_status(client: Any, tournament_id: str) -> str:
    return ok(client.get(f"/tournaments/{tournament_id}"))["view"]["status"]


def play_tournament(
    client: Any,
    tournament_id: str,
    tokens: dict[int, str],
    rng: random.Random,
    admin: dict[str, str],
    games: int = 10_000,
) -> str:
    """Play up to ``games`` of its tables to their end (all of them: the whole tournament);
    returns the tournament's status."""
    played = 0
    for _ in range(200):
        if tournament_status(client, tournament_id) == "finished":
            break
        open_games = tournament_seats(client, tournament_id, tokens)
        if not open_games:
            resolve_ties(client, tournament_id, admin)
            if not tournament_seats(client, tournament_id, tokens):
                break
            continue
        for game_id, seat_tokens in open_games.items():
            if played >= games:
                return tournament_status(client, tournament_id)
            play(client, game_id, seat_tokens, rng)
            played += 1
        resolve_ties(client, tournament_id, admin)
    return tournament_status(client, tournament_id)
