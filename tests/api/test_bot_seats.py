"""Bot seats over HTTP (docs/bots.md, "Bot seats"): a game against the computer in one
request, a game of bots alone, who played in the record, the audit."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY

ADMIN = auth(ADMIN_KEY)
WAIT = 120.0


def wait_finished(client: Any, game_id: str, timeout: float = WAIT) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        view = client.get(f"/games/{game_id}").json()
        if view["status"] == "finished":
            return view
        assert time.monotonic() < deadline, f"game {game_id} stuck at {view['version']}"
        time.sleep(0.05)


def play_human(client: Any, created: dict, seat: int, rng: random.Random) -> dict:
    """Seat ``seat`` plays random legal commands with its token; the bots play the others."""
    game_id, token = created["id"], created["seats"][seat]["token"]
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        view = client.get(f"/games/{game_id}", headers=auth(token)).json()
        if view["status"] == "finished":
            return view
        if seat not in view["to_act"]:
            time.sleep(0.02)
            continue
        legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(token)).json()
        answer = client.post(
            f"/games/{game_id}/commands",
            json={"command": rng.choice(legal["commands"]), "expected_version": legal["version"]},
            headers=auth(token),
        )
        assert answer.status_code in (200, 409), answer.text
    raise AssertionError("the game did not end")


def bot_commands(client: Any, game_id: str) -> list[dict]:
    record = client.get(f"/games/{game_id}/record").json()
    return [e["metadata"] for e in record["events"] if e["metadata"].get("bot")]


def test_the_catalogue_lists_each_games_policies(client) -> None:
    types = {t["game"]: t for t in client.get("/games/types").json()}
    assert types["azul"]["policies"] == ["random", "greedy", "mcts"]
    # The Hearts plug-in brings its own determinizer (plugins/hearts/hearts/hidden.py).
    assert types["hearts"]["policies"] == ["random", "greedy", "mcts"]
    assert all("random" in t["policies"] for t in types.values())


def test_a_person_plays_hearts_against_three_mcts_bots_to_the_end(client) -> None:
    """A game-package game searched by mcts: passes and tricks of a one-hand game."""
    seats = [{"name": "me"}, *({"bot": "mcts", "level": 1} for _ in range(3))]
    body = {"game": "hearts", "seats": seats, "options": {"target_score": 10}}
    answer = client.post("/games", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    view = play_human(client, created, 0, random.Random(4))
    assert view["result"] is not None
    played = bot_commands(client, created["id"])
    assert {m["seat"] for m in played} == {1, 2, 3}
    assert {m["bot"]["policy"] for m in played} == {"mcts"}
    assert {m["command"]["type"] for m in played if "command" in m} >= {
        "hearts.pass_cards",
        "hearts.play_card",
    }
    assert client.get(f"/games/{created['id']}/audit").json()["ok"]


def test_one_request_makes_a_game_against_the_computer_played_to_the_end(client) -> None:
    body = {"game": "azul", "seats": [{"name": "me"}, {"bot": "mcts", "level": 1}]}
    answer = client.post("/games", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    me, bot = created["seats"]
    assert me["token"] and bot["token"] == "" and bot["bot"] == "mcts" and bot["level"] == 1
    seats = client.get(f"/games/{created['id']}").json()["seats"]
    assert [s["bot"] for s in seats] == [None, "mcts"]  # who plays, for the viewer too
    view = play_human(client, created, 0, random.Random(1))
    assert view["result"] is not None
    played = bot_commands(client, created["id"])
    assert played and all(m["seat"] == 1 for m in played)
    from domain.bots import VERSION

    assert {(m["bot"]["policy"], m["bot"]["level"], m["bot"]["version"]) for m in played} == {
        ("mcts", 1, VERSION)
    }
    audit = client.get(f"/games/{created['id']}/audit").json()
    assert audit["ok"], audit


def test_a_game_of_bots_alone_plays_itself_with_the_admin_key(client) -> None:
    body = {"game": "splendor", "seats": [{"bot": "greedy"}, {"bot": "random", "level": 3}]}
    refused = client.post("/games", json=body)
    assert refused.status_code == 403 and refused.json()["code"] == "bot/bots_only_needs_admin"
    created = client.post("/games", json=body, headers=ADMIN).json()
    wait_finished(client, created["id"])
    seats = {m["seat"]: m["bot"]["policy"] for m in bot_commands(client, created["id"])}
    assert seats == {0: "greedy", 1: "random"}
    assert client.get(f"/games/{created['id']}/audit").json()["ok"]


@pytest.mark.parametrize(
    ("seat", "code"),
    [
        ({"bot": "alphazero"}, "bot/unknown_policy"),
        ({"name": "x", "level": 2}, "bot/level_without_bot"),
    ],
)
def test_a_bad_bot_seat_is_refused(client, seat: dict, code: str) -> None:
    answer = client.post("/games", json={"game": "azul", "seats": [{"name": "me"}, seat]})
    assert answer.status_code == 422 and answer.json()["code"] == code, answer.text


def test_a_bot_level_out_of_range_is_a_malformed_request(client) -> None:
    body = {"game": "azul", "seats": [{"name": "me"}, {"bot": "mcts", "level": 9}]}
    answer = client.post("/games", json=body)
    assert answer.status_code == 400, answer.text


def test_an_open_lobby_seat_is_filled_by_a_bot_at_a_seats_request(client) -> None:
    body = {"game": "azul", "seats": [{"name": "me"}, {"open": True}]}
    table = client.post("/games", json=body).json()
    assert table["status"] == "waiting"
    game = f"/games/{table['id']}"
    outsider = client.post(f"{game}/join", json={"bot": "greedy"})
    assert outsider.status_code == 403 and outsider.json()["code"] == "lobby/bot_by_outsider"
    unknown = client.post(
        f"{game}/join", json={"bot": "alphazero"}, headers=auth(table["seats"][0]["token"])
    )
    assert unknown.status_code == 422 and unknown.json()["code"] == "bot/unknown_policy"
    joined = client.post(
        f"{game}/join", json={"bot": "greedy", "level": 1}, headers=auth(table["seats"][0]["token"])
    )
    assert joined.status_code == 200, joined.text
    answer = joined.json()
    assert answer["seat"] == 1 and answer["status"] == "active" and answer.get("token") is None
    assert answer["name"] == "greedy bot (level 1)"
    view = play_human(client, table, 0, random.Random(2))
    assert view["status"] == "finished"
    assert {m["seat"] for m in bot_commands(client, table["id"])} == {1}
    assert client.get(f"{game}/audit").json()["ok"]


def test_a_tournament_of_bot_entrants_runs_to_completion_by_itself(client) -> None:
    from tests.api.tournament_bots import create_tournament, start, tournament

    tid = create_tournament(client, name="Bot cup", game="azul", format="round_robin")["id"]
    entrants = [("Greedy", "greedy", 1), ("Random", "random", 1), ("Search", "mcts", 1)]
    for name, policy, level in entrants:
        body = {"name": name, "bot": policy, "level": level}
        refused = client.post(f"/tournaments/{tid}/players", json=body)
        assert refused.status_code in (401, 403), refused.text
        answer = client.post(f"/tournaments/{tid}/players", json=body, headers=ADMIN)
        assert answer.status_code == 201, answer.text
    unknown = {"name": "X", "bot": "alphazero"}
    answer = client.post(f"/tournaments/{tid}/players", json=unknown, headers=ADMIN)
    assert answer.status_code == 422 and answer.json()["code"] == "bot/unknown_policy"
    start(client, tid)
    deadline = time.monotonic() + 4 * WAIT
    while (view := tournament(client, tid)["view"])["status"] != "finished":
        assert time.monotonic() < deadline, view["awaiting_game"]
        time.sleep(0.2)
    games = [t["game_id"] for r in view["rounds"] for t in r["tables"] if t["game_id"]]
    assert len(games) == 3  # every pair met once (three rounds with a bye each)
    for game_id in games:
        played = bot_commands(client, game_id)
        assert {m["bot"]["policy"] for m in played} <= {"greedy", "random", "mcts"}
        assert client.get(f"/games/{game_id}/audit").json()["ok"]


def test_a_table_with_open_seats_takes_its_bots_by_join(client) -> None:
    body = {"game": "azul", "seats": [{"name": "me", "bot": "greedy"}, {"open": True}]}
    answer = client.post("/games", json=body)
    assert answer.status_code == 422 and answer.json()["code"] == "bot/join_a_bot", answer.text


def test_a_game_without_bots_has_no_bot_turn_row(client, database_url) -> None:
    import psycopg

    from tests.api.helpers import create

    created = create(client, "azul", 2)
    game = f"/games/{created['id']}"
    token = auth(created["seats"][0]["token"])
    legal = client.get(f"{game}/legal-commands", headers=token).json()
    client.post(f"{game}/commands", json={"command": legal["commands"][0]}, headers=token)
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT 1 FROM bot_turns WHERE stream_id = %s", (created["id"],)
        ).fetchone()
    assert row is None


def test_a_bye_bot_fills_a_swiss_field_so_nobody_gets_a_bye(client) -> None:
    from tests.api.tournament_bots import create_tournament, start, tournament

    body = {"name": "No byes", "game": "azul", "format": "swiss", "rounds": 2}
    tid = create_tournament(client, **body, bye_bot={"bot": "greedy", "level": 1})["id"]
    for name in ("A", "B", "C"):
        entrant = {"name": name, "bot": "random", "level": 1}
        client.post(f"/tournaments/{tid}/players", json=entrant, headers=ADMIN).raise_for_status()
    start(client, tid)
    deadline = time.monotonic() + 4 * WAIT
    while (view := tournament(client, tid)["view"])["status"] != "finished":
        assert time.monotonic() < deadline, view["awaiting_game"]
        time.sleep(0.2)
    assert len(view["players"]) == 4
    assert any(p["name"].startswith("House bot") for p in view["players"])
    tables = [t for r in view["rounds"] for t in r["tables"]]
    assert len(tables) == 4 and not any(t["bye"] for t in tables)
    # Without a bye bot the same field has a bye each round.
    plain = create_tournament(client, **body)["id"]
    for name in ("A", "B", "C"):
        entrant = {"name": name, "bot": "random", "level": 1}
        client.post(f"/tournaments/{plain}/players", json=entrant, headers=ADMIN).raise_for_status()
    start(client, plain)
    first = tournament(client, plain)["view"]["rounds"][0]["tables"]
    assert any(t["bye"] for t in first)


def test_a_bye_bot_with_an_unknown_policy_is_refused(client) -> None:
    body = {"name": "Bad", "game": "azul", "format": "swiss", "bye_bot": {"bot": "zz"}}
    answer = client.post("/tournaments", json=body, headers=ADMIN)
    assert answer.status_code == 422 and answer.json()["code"] == "bot/unknown_policy"


def test_the_event_list_names_the_bot_that_played_each_event(client, database_url) -> None:
    """GET /games/{id}/events: every event of the bot seat's moves says which bot played it
    (``played_by``); a person's events and the set-up's do not."""
    from domain.bots import VERSION

    body = {"game": "splendor", "seats": [{"name": "me"}, {"bot": "greedy", "level": 1}]}
    created = client.post("/games", json=body).json()
    game, token = f"/games/{created['id']}", auth(created["seats"][0]["token"])
    rng = random.Random(3)
    deadline = time.monotonic() + WAIT
    moves = 0
    while moves < 4:
        assert time.monotonic() < deadline, "the bot did not answer"
        legal = client.get(f"{game}/legal-commands", headers=token).json()
        if 0 not in legal["to_act"]:
            time.sleep(0.02)
            continue
        command = {"command": rng.choice(legal["commands"]), "expected_version": legal["version"]}
        client.post(f"{game}/commands", json=command, headers=token).raise_for_status()
        moves += 1
    while 0 not in client.get(f"{game}/legal-commands", headers=token).json()["to_act"]:
        assert time.monotonic() < deadline, "the bot did not answer"
        time.sleep(0.02)
    events = client.get(f"{game}/events", headers=token).json()["events"]
    import psycopg

    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT version, metadata FROM events WHERE stream_id = %s", (created["id"],)
        ).fetchall()
    record = dict(rows)
    bot = {"policy": "greedy", "level": 1, "version": VERSION}
    by_seat: dict[int | None, list] = {}
    for event in events:
        by_seat.setdefault(event["seat"], []).append(event["played_by"])
        # The stored metadata (the record's) says the same, on every event of the move.
        assert ("bot" in record[event["version"]]) == (event["played_by"] is not None)
    assert by_seat[1] and all(p == bot for p in by_seat[1]), by_seat[1]
    assert len(by_seat[0]) >= 4 and all(p is None for p in by_seat[0])
    assert all(p is None for p in by_seat.get(None, []))
    # A spectator's page that starts at a bot's move names it too.
    first_bot = min(e["version"] for e in events if e["seat"] == 1)
    page = client.get(f"{game}/events", params={"after": first_bot - 1}).json()["events"]
    assert page[0]["played_by"] == bot
