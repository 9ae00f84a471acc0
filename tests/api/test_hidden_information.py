"""Hidden information stays hidden over HTTP while a game is active, in views and in the
event feed, and becomes public when it ends."""

from __future__ import annotations

import random

import pytest

from domain.registry import GAMES
from tests.api.helpers import auth, create, play_to_the_end


def _act(client, game_id: str, token: str, command: dict) -> dict:
    answer = client.post(
        f"/games/{game_id}/commands", json={"command": command}, headers=auth(token)
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def _blind_reserve(client, created: dict, rng: random.Random) -> tuple[int, int]:
    """Play random legal moves until a seat reserves blind from a deck; return (seat, version)."""
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    for _ in range(500):
        seat = client.get(f"/games/{game_id}").json()["to_act"][0]
        legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(tokens[seat])).json()[
            "commands"
        ]
        blind = [c for c in legal if c["type"] == "splendor.reserve_from_deck"]
        if blind:
            return seat, _act(client, game_id, tokens[seat], blind[0])["version"]
        _act(client, game_id, tokens[seat], rng.choice(legal))
    raise AssertionError("no blind reserve happened")


def test_splendor_another_seat_cannot_learn_a_blind_reserved_card_before_the_end(client) -> None:
    created = create(client, "splendor", 2)
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    owner, version = _blind_reserve(client, created, random.Random(3))
    other = 1 - owner

    def reserved(headers: dict) -> list[dict]:
        view = client.get(f"/games/{game_id}", headers=headers).json()["state"]
        return [r for r in view["seats"][owner]["reserved"] if r["blind"]]

    def reserve_event(headers: dict) -> dict:
        events = client.get(
            f"/games/{game_id}/events", params={"after": max(0, version - 5)}, headers=headers
        ).json()["events"]
        return next(
            e["data"]
            for e in events
            if e["type"] == "splendor.card_reserved" and e["data"]["slot"] is None
        )

    assert reserved(auth(tokens[owner]))[-1]["card"] is not None
    assert reserve_event(auth(tokens[owner]))["card"] is not None
    for headers in (auth(tokens[other]), {}):
        assert reserved(headers)[-1]["card"] is None
        assert reserved(headers)[-1]["level"] in (1, 2, 3)
        assert reserve_event(headers)["card"] is None
        then = client.get(f"/games/{game_id}/views/{version}", headers=headers).json()["state"]
        assert all(r["card"] is None for r in then["seats"][owner]["reserved"] if r["blind"])

    # Once the game is over the record is public.
    play_to_the_end(client, created, random.Random(4))
    assert reserve_event({})["card"] is not None


@pytest.mark.parametrize("river", [False, True])
def test_carcassonne_draw_order_is_hidden_from_everyone_until_the_end(client, river: bool) -> None:
    created = create(client, "carcassonne", 2, options={"river": river})
    game_id = created["id"]
    for headers in ({}, auth(created["seats"][0]["token"]), auth(created["seats"][1]["token"])):
        events = client.get(f"/games/{game_id}/events", headers=headers).json()["events"]
        shuffled = next(e["data"] for e in events if e["type"] == "carcassonne.deck_shuffled")
        assert not any(shuffled.get(field) for field in shuffled if field != "type"), shuffled
    play_to_the_end(client, created, random.Random(5))
    events = client.get(f"/games/{game_id}/events").json()["events"]
    assert any(next(e["data"] for e in events if e["type"] == "carcassonne.deck_shuffled").values())


VARIANTS = [
    (slug, players, index)
    for slug, spec in sorted(GAMES.items())
    for index in range(len(spec.variants))
    for players in sorted({spec.min_players, spec.max_players})
]


@pytest.mark.parametrize(
    ("slug", "players", "index"), VARIANTS, ids=[f"{s}-{n}p-variant{i}" for s, n, i in VARIANTS]
)
def test_declared_option_variants_play_to_the_end_over_http(
    client, slug: str, players: int, index: int
) -> None:
    import msgspec

    options = msgspec.to_builtins(GAMES[slug].variants[index])
    created = create(client, slug, players, options=options)
    final = play_to_the_end(client, created, random.Random(f"{slug}{players}{index}"))
    assert final["options"] == options | final["options"]
    assert final["result"]["ranking"]
