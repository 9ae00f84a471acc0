"""Small helpers for driving the API as a client would."""

from __future__ import annotations

import random
from typing import Any

from domain.registry import GAMES


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: Any, game: str, players: int, **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": [{"name": f"player{i}"} for i in range(players)], **extra}
    response = client.post("/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def play_to_the_end(
    client: Any, created: dict[str, Any], rng: random.Random, max_commands: int = 20000
) -> dict[str, Any]:
    """Play with random legal commands only, as a bot would, and return the final spectator view."""
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for _ in range(max_commands):
        view = client.get(f"/games/{game_id}").json()
        if view["status"] == "finished":
            return view
        seat = rng.choice(view["to_act"])
        legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(tokens[seat])).json()
        assert legal["commands"], f"seat {seat} must act but has no legal command"
        command = rng.choice(legal["commands"])
        answer = client.post(
            f"/games/{game_id}/commands",
            json={"command": command, "expected_version": legal["version"]},
            headers=auth(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["version"] > legal["version"]
    raise AssertionError("the game did not end")


def any_game() -> tuple[str, int]:
    slug = sorted(GAMES)[0]
    return slug, GAMES[slug].min_players if GAMES[slug].min_players > 1 else 2
