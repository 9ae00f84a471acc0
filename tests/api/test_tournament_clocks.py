"""Tournaments with clocks: a bot that stops mid-round does not stall a bracket (its seat times
out, is auto-played, then a zombie), forfeits become table results and the next rounds follow by
themselves, withdrawn participants are resigned and locked out, and the director pauses and
resumes every table's clock."""

from __future__ import annotations

import random
import time
from typing import Any

import psycopg
import pytest

from tests.api.helpers import auth
from tests.api.tournament_bots import (
    ADMIN,
    create_tournament,
    register,
    start,
    tournament,
)

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fa"]
SHORT = {"turn_seconds": 0.2, "on_timeout": "auto_play", "zombie_after": 2}
WAIT = 120.0


def _me(client: Any, tournament_id: str, token: str) -> dict:
    answer = client.get(f"/tournaments/{tournament_id}/me", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def _resolve_finished_ties(client: Any, tournament_id: str) -> None:
    """The organiser's part: a finished game the format cannot take (a tie at the cut)."""
    for table in (
        t for r in tournament(client, tournament_id)["view"]["rounds"] for t in r["tables"]
    ):
        if table["status"] != "open" or not table["game_id"]:
            continue
        game = client.get(f"/games/{table['game_id']}").json()
        if game["status"] != "finished" or game["result"] is None:
            continue
        order = sorted(game["result"]["ranking"], key=lambda s: (s["place"], s["seat"]))
        placements = [
            {"player_id": table["players"][s["seat"]], "place": i + 1, "score": s["score"]}
            for i, s in enumerate(order)
        ]
        client.post(
            f"/tournaments/{tournament_id}/tables/{table['table_id']}/resolve",
            json={"placements": placements, "reason": "tie at the cut"},
            headers=ADMIN,
        )


def _run(
    client: Any, tournament_id: str, tokens: dict[int, str], stopped: set[int], rng: random.Random
) -> dict:
    """Bots play their seats (the ``stopped`` players never do, once the tournament runs)
    until the tournament finishes; returns its final resource."""
    deadline = time.monotonic() + WAIT
    while True:
        current = tournament(client, tournament_id)
        if current["view"]["status"] == "finished":
            return current
        assert time.monotonic() < deadline, current["view"]["awaiting_game"]
        moved = False
        for player_id, token in tokens.items():
            if player_id in stopped:
                continue
            me = _me(client, tournament_id, token)
            if me["game_id"] is None:
                continue
            seat_auth = auth(me["seat_token"])
            legal = client.get(f"/games/{me['game_id']}/legal-commands", headers=seat_auth).json()
            if legal.get("commands"):
                client.post(
                    f"/games/{me['game_id']}/commands",
                    json={"command": rng.choice(legal["commands"])},
                    headers=seat_auth,
                )
                moved = True
        _resolve_finished_ties(client, tournament_id)
        if not moved:
            time.sleep(0.05)


def _games_of(view: dict) -> list[str]:
    return [t["game_id"] for r in view["rounds"] for t in r["tables"] if t["game_id"]]


@pytest.mark.parametrize(
    "settings",
    [
        {"format": "single_elimination"},
        {"format": "swiss", "duplicate": True, "rounds": 2},
    ],
    ids=["single_elimination", "duplicate_swiss"],
)
def test_a_bot_that_stops_mid_round_does_not_stall_the_tournament(client, settings) -> None:
    created = create_tournament(client, game="azul", name="Clocked", clock=SHORT, **settings)
    tid = created["id"]
    tokens = register(client, tid, NAMES[:4])
    start(client, tid)
    final = _run(client, tid, tokens, stopped={2}, rng=random.Random(3))
    view = final["view"]
    assert view["config"]["clock"]["turn_ms"] == 200
    assert len(view["ranking"]) == 4
    stopped_games = []
    for game_id in _games_of(view):
        game = client.get(f"/games/{game_id}").json()
        assert game["status"] == "finished" and game["clock"]["turn_seconds"] == 0.2
        names = [s["name"] for s in game["seats"]]
        if "Bo" in names:
            stopped_games.append(game)
            status = game["seat_status"][names.index("Bo")]["status"]
            assert status == "zombie", game["seat_status"]
    assert stopped_games, "the stopped player played no game"
    for game_id in _games_of(view)[:3]:
        assert client.get(f"/games/{game_id}/audit").json()["ok"]


def test_forfeits_become_results_and_the_rounds_go_on_by_themselves(client) -> None:
    clock = {"turn_seconds": 0.2, "on_timeout": "forfeit"}
    created = create_tournament(client, game="splendor", name="Forfeits", format="round_robin",
                                clock=clock)  # fmt: skip
    tid = created["id"]
    register(client, tid, NAMES[:3])
    start(client, tid)
    # Nobody plays: whoever is to act first at each table forfeits, and the rest follows.
    deadline = time.monotonic() + WAIT
    while (view := tournament(client, tid)["view"])["status"] != "finished":
        assert time.monotonic() < deadline, view["awaiting_game"]
        time.sleep(0.2)
    played = [t for r in view["rounds"] for t in r["tables"] if not t["bye"]]
    assert played and all(t["source"] == "game" for t in played)
    for table in played:
        game = client.get(f"/games/{table['game_id']}").json()
        assert game["ending"] == {"how": "forfeited", "reason": "forfeited"}
        loser = next(s["seat"] for s in game["seat_status"] if s["status"] == "forfeited")
        places = {p["player_id"]: p["place"] for p in table["placements"]}
        assert places[table["players"][loser]] == 2
    assert sum(row["points"] for row in view["ranking"]) == 2 * len(played) + 2 * sum(
        1 for r in view["rounds"] for t in r["tables"] if t["bye"]
    )


def test_a_withdrawn_participant_is_resigned_at_once_and_can_no_longer_act(client) -> None:
    created = create_tournament(client, game="azul", name="Leaving", format="round_robin",
                                table_size=3, rounds=1)  # fmt: skip
    tid = created["id"]
    tokens = register(client, tid, NAMES[:3])
    start(client, tid)
    me = _me(client, tid, tokens[1])
    game_id, seat, seat_token = me["game_id"], me["seat"], me["seat_token"]
    # The participant withdraws themselves.
    answer = client.post(f"/tournaments/{tid}/players/1/withdraw", headers=auth(tokens[1]))
    assert answer.status_code == 200, answer.text
    assert answer.json()["view"]["players"][0]["status"] == "withdrawn"
    game = client.get(f"/games/{game_id}").json()
    assert game["seat_status"][seat]["status"] == "resigned"
    assert game["status"] == "active" and seat not in game["to_act"]
    # Neither /me nor the seat token lets them act any more.
    refused = client.get(f"/tournaments/{tid}/me", headers=auth(tokens[1]))
    assert refused.status_code == 403 and refused.json()["code"] == "participant_withdrawn"
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(seat_token)).json()
    assert legal["commands"] == []
    command = client.post(
        f"/games/{game_id}/commands",
        json={"command": {"type": "azul.take_tiles", "factory": 0, "colour": "blue", "line": -1}},
        headers=auth(seat_token),
    )
    assert command.status_code == 422 and command.json()["code"] == "game/seat_resigned"
    events = client.get(f"/games/{game_id}/events").json()["events"]
    resigned = [e for e in events if e["type"] == "game.seat_resigned"]
    assert resigned[0]["data"]["reason"] == "withdrew from the tournament"
    # The others finish the game; the withdrawn player ranks last at the table.
    final = _run(client, tid, {p: t for p, t in tokens.items() if p != 1}, set(), random.Random(1))
    [table] = [t for r in final["view"]["rounds"] for t in r["tables"]]
    assert {p["player_id"]: p["place"] for p in table["placements"]}[1] == 3


def test_the_director_pauses_and_resumes_every_tables_clock(client, database_url) -> None:
    clock = {"turn_seconds": 0.5, "on_timeout": "auto_play"}
    created = create_tournament(client, game="azul", name="Paused", format="swiss", clock=clock)
    tid = created["id"]
    register(client, tid, NAMES[:4])
    assert client.post(f"/tournaments/{tid}/clocks/pause", json={}).status_code == 401
    start(client, tid)
    paused = client.post(
        f"/tournaments/{tid}/clocks/pause", json={"reason": "lunch"}, headers=ADMIN
    )
    assert paused.status_code == 200, paused.text
    assert paused.json()["view"]["clocks_paused"] is True
    again = client.post(f"/tournaments/{tid}/clocks/pause", json={}, headers=ADMIN)
    assert again.status_code == 422 and again.json()["code"] == "tournament/clocks_paused"
    games = _games_of(paused.json()["view"])
    versions = {}
    for game_id in games:
        view = client.get(f"/games/{game_id}").json()
        assert view["clock"]["paused"] and view["clock"]["to_act"] == []
        versions[game_id] = view["version"]
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT count(*) FROM game_deadlines WHERE stream_id = ANY(%s)", (games,)
        ).fetchone()
    assert rows == (0,)
    time.sleep(1.2)  # more than two turns: nothing times out while paused
    assert all(client.get(f"/games/{g}").json()["version"] == v for g, v in versions.items())
    resumed = client.post(f"/tournaments/{tid}/clocks/resume", headers=ADMIN)
    assert resumed.status_code == 200 and resumed.json()["view"]["clocks_paused"] is False
    deadline = time.monotonic() + WAIT
    for game_id in games:
        while not any(
            e["type"] == "game.turn_timed_out"
            for e in client.get(f"/games/{game_id}/events").json()["events"]
        ):
            assert time.monotonic() < deadline
            time.sleep(0.1)
        kinds = [e["type"] for e in client.get(f"/games/{game_id}/events").json()["events"]]
        assert kinds.index("game.clocks_paused") < kinds.index("game.clocks_resumed")
    plain = create_tournament(client, game="azul", name="No clock", format="swiss")
    register(client, plain["id"], NAMES[:2])
    start(client, plain["id"])
    refused = client.post(f"/tournaments/{plain['id']}/clocks/pause", json={}, headers=ADMIN)
    assert refused.status_code == 422 and refused.json()["code"] == "tournament/no_clock"
