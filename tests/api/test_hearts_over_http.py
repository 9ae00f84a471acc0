"""Hearts, a game package (plugins/hearts), served by default: what its seats see and what
it refuses over HTTP, with stable codes (the whole game is played in test_playthrough.py)."""

from __future__ import annotations

from tests.api.helpers import auth, create


def test_hearts_is_listed_with_its_options(client) -> None:
    types = {t["game"]: t for t in client.get("/games/types").json()}
    hearts = types["hearts"]
    assert (hearts["min_players"], hearts["max_players"]) == (3, 5)
    assert "target_score" in str(hearts["options_schema"])


def test_a_simultaneous_pass_hides_each_seats_cards_and_refuses_bad_passes(client) -> None:
    created = create(client, "hearts", 4)
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    view = client.get(f"/games/{game_id}").json()
    assert view["to_act"] == [0, 1, 2, 3]
    assert view["state"]["hand"] is None  # a spectator sees no hand
    mine = client.get(f"/games/{game_id}", headers=auth(tokens[1])).json()["state"]["hand"]
    assert len(mine) == 13

    def send(cards: list[str]):
        command = {"type": "hearts.pass_cards", "cards": cards}
        return client.post(
            f"/games/{game_id}/commands", json={"command": command}, headers=auth(tokens[1])
        )

    short = send(mine[:2])
    assert short.status_code == 400 and short.json()["code"] == "malformed_request"
    other = client.get(f"/games/{game_id}", headers=auth(tokens[0])).json()["state"]["hand"]
    foreign = send([*mine[:2], other[0]])
    assert foreign.status_code == 422, foreign.text
    assert foreign.json()["code"] == "hearts/card_not_in_hand"
    assert send(mine[:3]).status_code == 200
    seen_by_0 = client.get(f"/games/{game_id}", headers=auth(tokens[0])).json()
    assert seen_by_0["to_act"] == [0, 2, 3]
    events = client.get(f"/games/{game_id}/events", headers=auth(tokens[0])).json()["events"]
    passed = [e["data"] for e in events if e["type"] == "hearts.cards_passed"]
    assert passed == [{"type": "hearts.cards_passed", "seat": 1, "to_seat": 2, "cards": []}]


def test_options_outside_their_range_are_refused(client) -> None:
    seats = [{"name": f"p{i}"} for i in range(4)]
    for options in ({"target_score": 5}, {"moon": "sometimes"}, {"passing": "left"}):
        answer = client.post("/games", json={"game": "hearts", "seats": seats, "options": options})
        assert answer.status_code == 400, (options, answer.text)
        assert answer.json()["code"] == "malformed_request"
    created = create(client, "hearts", 3, options={"target_score": 10, "jack_of_diamonds": True})
    game = client.get(f"/games/{created['id']}").json()
    assert game["options"]["target_score"] == 10 and game["state"]["target_score"] == 10
