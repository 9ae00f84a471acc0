"""Whole games over HTTP for every registered game and player count, using only what the
API offers a bot: the view's to_act and the seat's legal commands."""

from __future__ import annotations

import hashlib
import random

import pytest

from domain.registry import GAMES
from tests.api.helpers import auth, create, play_to_the_end

CASES = [
    (slug, n)
    for slug, spec in sorted(GAMES.items())
    for n in range(spec.min_players, spec.max_players + 1)
]


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[f"{s}-{n}p" for s, n in CASES])
def test_a_whole_game_is_played_over_http_with_legal_commands_only(
    client, slug: str, players: int
) -> None:
    created = create(client, slug, players)
    final = play_to_the_end(client, created, random.Random(f"{slug}{players}"))

    assert final["to_act"] == []
    ranking = final["result"]["ranking"]
    assert sorted(r["seat"] for r in ranking) == list(range(players))
    assert min(r["place"] for r in ranking) == 1
    # The seed is revealed at the end and matches the commitment published at creation.
    assert final["seed"] is not None
    assert (
        hashlib.sha256(final["seed"].encode()).hexdigest()
        == created["seed_commitment"]
        == final["seed_commitment"]
    )
    # The event feed is complete and contiguous, and unredacted now the game is over.
    versions: list[int] = []
    while not versions or versions[-1] < final["version"]:
        page = client.get(
            f"/games/{created['id']}/events",
            params={"after": versions[-1] if versions else 0},
            headers=auth(created["seats"][0]["token"]),
        ).json()
        versions += [e["version"] for e in page["events"]]
    assert versions == list(range(1, final["version"] + 1))
    listed = client.get(
        "/games", params={"game": slug, "status": "finished", "player": "player0"}
    ).json()
    assert created["id"] in {item["id"] for item in listed["items"]}
