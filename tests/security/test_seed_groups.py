"""Issue #18, item 2: the tables of a duplicate-seed round are dealt the same seed, so while
any of them plays, nothing that shows that seed's chance outcomes beyond what each table has
revealed itself is served to anyone: the finished tables' records, audits, seeds, full events,
full states, and every table's spectator views and feeds. A four-table Splendor round is
played out of step: one table finished, one half-way, two not started."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from tests.api.helpers import auth
from tests.api.tournament_bots import ADMIN, create_tournament, register, seats_now, start
from tests.conftest import ADMIN_KEY

IN_PLAY = "seed_group_in_play"


def _play(client, game_id: str, tokens: dict[int, str], rng: random.Random, commands: int):
    """Play up to ``commands`` random legal commands (fewer if the game ends); the view of
    the game's first seat afterwards (a seat sees whose turn it is)."""
    me = auth(tokens[min(tokens)])
    for _ in range(commands):
        view = client.get(f"/games/{game_id}", headers=me).json()
        if view["status"] == "finished":
            break
        seat = rng.choice(view["to_act"])
        legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(tokens[seat]))
        answer = client.post(
            f"/games/{game_id}/commands",
            json={"command": rng.choice(legal.json()["commands"])},
            headers=auth(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text
    return client.get(f"/games/{game_id}", headers=me).json()


def _withheld(answer: httpx.Response) -> None:
    assert answer.status_code == 409, (answer.status_code, answer.text[:300])
    problem = answer.json()
    assert problem["code"] == IN_PLAY
    assert "until every table" in problem["detail"]


def _decks(events: list[dict[str, Any]]) -> list:
    (setup,) = [e for e in events if e["type"] == "splendor.game_set_up"]
    return setup["data"]["decks"]


@pytest.fixture(scope="module")
def round_of_four(client) -> dict[str, Any]:
    created = create_tournament(
        client, game="splendor", name="Duplicate Cup", format="swiss", duplicate=True, rounds=1
    )
    tid = created["id"]
    tokens = register(client, tid, [f"D{i}" for i in range(8)])
    start(client, tid)
    games = seats_now(client, tid, tokens)
    assert len(games) == 4
    return {"id": tid, "games": list(games.items())}


def test_a_duplicate_round_played_out_of_step_reveals_nothing_early(client, round_of_four) -> None:
    (ahead, ahead_seats), (behind, behind_seats), *rest = round_of_four["games"]
    rng = random.Random(18)
    final = _play(client, ahead, ahead_seats, rng, 5000)
    assert final["status"] == "finished"
    assert final["seed"] is None  # not even to its own seats, while the others play
    _play(client, behind, behind_seats, rng, 10)

    # The finished table: withheld from everyone who is not one of its seats.
    for headers in ({}, ADMIN):
        _withheld(client.get(f"/games/{ahead}", headers=headers))
        _withheld(client.get(f"/games/{ahead}/events", headers=headers))
        _withheld(client.get(f"/games/{ahead}/views/3", headers=headers))
        _withheld(client.get(f"/games/{ahead}/events/stream", headers=headers))
        _withheld(client.get(f"/games/{ahead}/record", headers=headers))
        _withheld(client.get(f"/games/{ahead}/audit", headers=headers))
    # A seat of another table of the round: its token is for its own game only.
    foreign = client.get(f"/games/{ahead}", headers=auth(behind_seats[0]))
    assert foreign.status_code == 403
    # Its own seats read it as during play: no seed, redacted events, no full state.
    own = auth(ahead_seats[0])
    assert _decks(client.get(f"/games/{ahead}/events", headers=own).json()["events"]) == [
        [],
        [],
        [],
    ]
    assert client.get(f"/games/{ahead}/views/3", headers=own).json()["full_state"] is None
    _withheld(client.get(f"/games/{ahead}/record", headers=own))
    _withheld(client.get(f"/games/{ahead}/audit", headers=own))
    with client.stream("GET", f"/games/{ahead}/events/stream", headers=own) as live:
        assert live.status_code == 200
        text = "".join(live.iter_text())
    assert '"decks":[[],[],[]]' in text.replace(" ", "")

    # The tables still playing: their seats only; spectators would see what the finished
    # table drew, or what the table behind is about to draw.
    for game_id, _ in round_of_four["games"][1:]:
        for headers in ({}, ADMIN):
            _withheld(client.get(f"/games/{game_id}", headers=headers))
            _withheld(client.get(f"/games/{game_id}/events", headers=headers))
            _withheld(client.get(f"/games/{game_id}/views/1", headers=headers))
            _withheld(client.get(f"/games/{game_id}/events/stream", headers=headers))
    assert client.get(f"/games/{behind}", headers=auth(behind_seats[0])).status_code == 200
    assert all(t["seed"] == "" for t in _tables(client, round_of_four["id"]))

    # Three tables done, one still playing: still withheld.
    _play(client, behind, behind_seats, rng, 5000)
    (third, third_seats), (last, last_seats) = rest
    _play(client, third, third_seats, rng, 5000)
    _play(client, last, last_seats, rng, 10)
    _withheld(client.get(f"/games/{ahead}/record"))
    _withheld(client.get(f"/games/{behind}"))

    # The last table finishes: everything is public, as for any finished game.
    _play(client, last, last_seats, rng, 5000)
    seeds = set()
    for game_id, _ in round_of_four["games"]:
        view = client.get(f"/games/{game_id}")
        assert view.status_code == 200, view.text
        seeds.add(view.json()["seed"])
        assert client.get(f"/games/{game_id}/record").status_code == 200
        assert client.get(f"/games/{game_id}/audit").json()["ok"]
        assert client.get(f"/games/{game_id}/views/3").json()["full_state"]
        assert all(_decks(client.get(f"/games/{game_id}/events").json()["events"]))
    assert len(seeds) == 1 and None not in seeds
    assert {t["seed"] for t in _tables(client, round_of_four["id"])} == seeds


def _tables(client, tournament_id: str) -> list[dict[str, Any]]:
    view = client.get(f"/tournaments/{tournament_id}").json()["view"]
    return [t for t in view["rounds"][0]["tables"]]


def test_games_outside_seed_groups_are_public_as_before(client) -> None:
    """A game created with a chosen seed shares it with nobody it could be withheld for."""
    body = {"game": "azul", "seats": [{"name": "a"}, {"name": "b"}], "seed": "shared-seed"}
    one = client.post("/games", json=body).json()
    client.post("/games", json=body)  # the same seed, never finished
    assert client.get(f"/games/{one['id']}").status_code == 200
    assert client.get(f"/games/{one['id']}/audit").status_code == 200
    assert ADMIN_KEY  # the admin reads ungrouped games as a spectator
    assert client.get(f"/games/{one['id']}", headers=ADMIN).status_code == 200
