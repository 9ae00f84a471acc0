"""Which seats registered players hold, as every reader of a game shows it: the game view
(from this process's memory and from the database), the game list (``SeatInfo``) and the
record; anonymous seats say null (and a record leaves the field out, as release 2.0.0 wrote
it)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY
from tests.players.test_players_api import create_with, register

pytestmark = pytest.mark.usefixtures("client")


def _seats(resource: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(s["name"], s["player_id"]) for s in resource["seats"]]


def test_views_lists_and_records_show_the_registered_seats(client: Any) -> None:
    ann = register(client, "ann-seated")
    created = create_with(client, [{"name": "anon"}, {"player_id": ann["id"]}], ADMIN_KEY)
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    expected = [("anon", None), ("ann-seated", ann["id"])]

    hot = client.get(f"/games/{game_id}")
    assert hot.status_code == 200 and _seats(hot.json()) == expected
    # The same answer when the seats are read from the database, not this process's memory.
    client.app.state.games.repo.seats.pop(uuid.UUID(game_id))
    client.app.state.games.repo.cache.drop(uuid.UUID(game_id))
    cold = client.get(f"/games/{game_id}", headers=auth(ann["token"]))
    assert cold.status_code == 200 and _seats(cold.json()) == expected
    assert cold.json()["viewer"] == 1

    listed = client.get("/games", params={"player": "ann-seated", "limit": 100}).json()
    mine = [g for g in listed["items"] if g["id"] == game_id]
    assert len(mine) == 1 and _seats(mine[0]) == expected

    done = client.post(
        f"/games/{game_id}/abandon", json={"reason": "test"}, headers=auth(ADMIN_KEY)
    )
    assert done.status_code == 200, done.text
    record = client.get(f"/games/{game_id}/record")
    assert record.status_code == 200, record.text
    players = record.json()["players"]
    assert players == [
        {"seat": 0, "name": "anon"},
        {"seat": 1, "name": "ann-seated", "player_id": ann["id"]},
    ]


def test_an_anonymous_game_says_null_everywhere(client: Any) -> None:
    created = create_with(client, [{"name": "p0"}, {"name": "p1"}]).json()
    view = client.get(f"/games/{created['id']}").json()
    assert _seats(view) == [("p0", None), ("p1", None)]
