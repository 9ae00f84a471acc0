"""Issue #18, item 1: an Idempotency-Key is scoped to (game, seat, key). Another seat sending
the same key (with the same body or another) never gets the first seat's stored answer, nor
learns from a 409 that the key was used; a request without a seat token has no replay; and a
replayed answer is redacted for the asking seat exactly as a fresh answer would be."""

from __future__ import annotations

import random

from tests.api.helpers import auth, create


def _blind_reserve_body(client, game_id: str, tokens: list[str], rng: random.Random):
    """Play random legal moves until the seat to act may reserve blind; (seat, body)."""
    for _ in range(500):
        seat = client.get(f"/games/{game_id}").json()["to_act"][0]
        legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(tokens[seat])).json()
        blind = [c for c in legal["commands"] if c["type"] == "splendor.reserve_from_deck"]
        if blind:
            return seat, {"command": blind[0]}
        answer = client.post(
            f"/games/{game_id}/commands",
            json={"command": rng.choice(legal["commands"])},
            headers=auth(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError("no blind reserve came up")


def test_another_seat_reusing_a_key_gets_its_own_answer_never_the_first_seats(client) -> None:
    created = create(client, "splendor", 2)
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    owner, body = _blind_reserve_body(client, game_id, tokens, random.Random(11))
    other = 1 - owner
    key = {"Idempotency-Key": "blind-reserve-1"}

    first = client.post(
        f"/games/{game_id}/commands", json=body, headers={**auth(tokens[owner]), **key}
    )
    assert first.status_code == 200, first.text
    (reserved,) = [e for e in first.json()["events"] if e["type"] == "splendor.card_reserved"]
    assert reserved["data"]["card"] is not None  # the owner sees the card it drew blind

    # Not an oracle: the other seat sending the key with another body is not told that the
    # key was used (a refused command stores nothing under its own key either).
    probe = client.post(
        f"/games/{game_id}/commands",
        json={"command": {"type": "splendor.take_gems", "white": 9}},
        headers={**auth(tokens[other]), **key},
    )
    assert probe.status_code == 422, probe.text

    # The other seat replays the owner's key and body: never the owner's answer (the card).
    stolen = client.post(
        f"/games/{game_id}/commands", json=body, headers={**auth(tokens[other]), **key}
    )
    if stolen.status_code == 200:
        assert stolen.json()["version"] != first.json()["version"], "got the owner's answer"
        assert all(e["seat"] == other for e in stolen.json()["events"])
    else:
        assert stolen.status_code == 422, stolen.text

    # The owner's own replay is its first answer, redacted for it as before; another body
    # under its key is still a clash.
    replay = client.post(
        f"/games/{game_id}/commands", json=body, headers={**auth(tokens[owner]), **key}
    )
    assert replay.status_code == 200 and replay.json() == first.json()
    clash = client.post(
        f"/games/{game_id}/commands",
        json={"command": {"type": "splendor.take_gems", "white": 9}},
        headers={**auth(tokens[owner]), **key},
    )
    assert clash.status_code == 409 and clash.json()["code"] == "idempotency_key_reused"


def test_without_a_seat_token_there_is_no_replay(client) -> None:
    created = create(client, "azul", 2)
    game_id = created["id"]
    seat = client.get(f"/games/{game_id}").json()["to_act"][0]
    token = created["seats"][seat]["token"]
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(token)).json()
    body = {"command": legal["commands"][0]}
    key = {"Idempotency-Key": "anon-replay"}
    first = client.post(f"/games/{game_id}/commands", json=body, headers={**auth(token), **key})
    assert first.status_code == 200
    anonymous = client.post(f"/games/{game_id}/commands", json=body, headers=key)
    assert anonymous.status_code == 401
    assert anonymous.json()["code"] == "seat_token_required"
