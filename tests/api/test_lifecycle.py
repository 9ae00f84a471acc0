"""Game lifecycle over HTTP: clocks in the view, timeouts fired by the scheduler (auto-play,
zombies, forfeits), resignation, rejoining, abandonment, the event cap, and records of such
games audited and imported (a forged timeout is refused). docs/lifecycle.md."""

from __future__ import annotations

import copy
import datetime as dt
import time
import uuid
from typing import Any

import msgspec
import psycopg
import pytest

from domain.registry import GAMES
from service.games.lifecycle import TooEarly
from tests.api.helpers import auth, create
from tests.conftest import ADMIN_KEY
from tests.recordkit import rehash

ADMIN = auth(ADMIN_KEY)
WAIT = 30.0


def _wait_finished(client: Any, game_id: str, timeout: float = WAIT) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        view = client.get(f"/games/{game_id}").json()
        if view["status"] == "finished":
            return view
        assert time.monotonic() < deadline, f"game {game_id} did not finish: {view['version']}"
        time.sleep(0.1)


def _events(client: Any, game_id: str) -> list[dict]:
    return client.get(f"/games/{game_id}/events").json()["events"]


def _deadline_row(database_url: str, game_id: str) -> tuple | None:
    with psycopg.connect(database_url) as conn:
        return conn.execute(
            "SELECT version, seat, due_at FROM game_deadlines WHERE stream_id = %s", (game_id,)
        ).fetchone()


def test_a_clocked_game_shows_each_deadline_and_bank(client, database_url) -> None:
    before = dt.datetime.now(dt.UTC)
    clock = {"turn_seconds": 60, "bank_seconds": 30, "on_timeout": "forfeit"}
    created = create(client, "azul", 2, clock=clock)
    view = client.get(f"/games/{created['id']}").json()
    assert view["clock"]["turn_seconds"] == 60 and view["clock"]["bank_seconds"] == 30
    assert view["clock"]["banks"] == [30, 30] and not view["clock"]["paused"]
    [seat] = view["clock"]["to_act"]
    assert seat["seat"] == view["to_act"][0] == 0
    since = dt.datetime.fromisoformat(seat["since"])
    deadline = dt.datetime.fromisoformat(seat["deadline"])
    assert before - dt.timedelta(seconds=1) <= since <= dt.datetime.now(dt.UTC)
    assert deadline - since == dt.timedelta(seconds=90)
    assert dt.datetime.fromisoformat(seat["turn_ends"]) - since == dt.timedelta(seconds=60)
    assert [s["status"] for s in view["seat_status"]] == ["playing", "playing"]
    # The database holds the same deadline, at the version a timeout must expect.
    version, row_seat, due_ms = _deadline_row(database_url, created["id"])
    assert (version, row_seat) == (view["version"], 0)
    assert due_ms == round(deadline.timestamp() * 1000)
    # Unclocked games show no clock and have no deadline.
    plain = create(client, "azul", 2)
    assert client.get(f"/games/{plain['id']}").json()["clock"] is None
    assert _deadline_row(database_url, plain["id"]) is None
    # An ended game has no deadline either (and leaves no clock running for later tests).
    body = {"reason": "test over"}
    client.post(f"/games/{created['id']}/abandon", json=body, headers=ADMIN).raise_for_status()
    assert _deadline_row(database_url, created["id"]) is None


def test_seats_that_stop_are_auto_played_then_zombies_and_the_game_finishes(
    client, database_url
) -> None:
    clock = {"turn_seconds": 0.2, "on_timeout": "auto_play", "zombie_after": 2}
    created = create(client, "azul", 2, clock=clock)
    view = _wait_finished(client, created["id"])
    assert view["result"] is not None and view["ending"] is None
    assert [s["status"] for s in view["seat_status"]] == ["zombie", "zombie"]
    kinds = [e["type"] for e in _events(client, created["id"])]
    timeouts = [i for i, k in enumerate(kinds) if k == "game.turn_timed_out"]
    assert len(timeouts) == 4  # two per seat, then both are zombies
    assert all(kinds[i + 1] == "game.seat_auto_played" for i in timeouts)
    assert "game.seat_auto_played" in kinds[timeouts[-1] + 2 :]
    assert _deadline_row(database_url, created["id"]) is None
    # The audit re-decides the timeouts and the bot's choices; the record imports.
    audit = client.get(f"/games/{created['id']}/audit").json()
    assert audit["ok"], audit
    record = client.get(f"/games/{created['id']}/record").json()
    # Four timeouts, then the clock plays the zombies on at most AUTO_PLAY_BATCH decisions
    # at a time (docs/lifecycle.md): every command of the record is the clock's.
    kinds = [c["command"]["type"] for c in record["commands"]]
    assert set(kinds) == {"game.time_out"} and len(kinds) > 4
    assert all(c["seat"] is None for c in record["commands"])
    assert record["events"][0]["metadata"]["terms"]["clock"]["turn_ms"] == 200
    imported = client.post("/games/import", json=record, headers=ADMIN)
    assert imported.status_code == 201, imported.text


def test_a_forfeit_with_two_seats_makes_the_other_the_winner(client) -> None:
    created = create(client, "splendor", 2, clock={"turn_seconds": 0.2, "on_timeout": "forfeit"})
    view = _wait_finished(client, created["id"])
    assert view["ending"] == {"how": "forfeited", "reason": "forfeited"}
    assert [s["status"] for s in view["seat_status"]] == ["forfeited", "playing"]
    assert [(s["seat"], s["place"]) for s in view["result"]["ranking"]] == [(1, 1), (0, 2)]
    assert [e["type"] for e in _events(client, created["id"])][-2:] == [
        "game.turn_timed_out",
        "game.ended",
    ]
    assert client.get(f"/games/{created['id']}/audit").json()["ok"]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_resigning_ranks_the_seat_last(client, slug: str) -> None:
    spec = GAMES[slug]
    players = max(2, spec.min_players)
    created = create(client, slug, players)
    tokens = [s["token"] for s in created["seats"]]
    answer = client.post(
        f"/games/{created['id']}/resign", json={"reason": "lost"}, headers=auth(tokens[0])
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["events"][0]["type"] == "game.seat_resigned"
    view = client.get(f"/games/{created['id']}").json()
    assert view["seat_status"][0]["status"] == "resigned"
    if players == 2:
        assert view["status"] == "finished" and view["ending"]["how"] == "resigned"
        assert {s["seat"]: s["place"] for s in view["result"]["ranking"]} == {0: 2, 1: 1}
    else:
        assert view["status"] == "active" and 0 not in view["to_act"]
        for seat in range(1, players - 1):
            client.post(f"/games/{created['id']}/resign", json={}, headers=auth(tokens[seat]))
        view = client.get(f"/games/{created['id']}").json()
        assert view["status"] == "finished"
        places = {s["seat"]: s["place"] for s in view["result"]["ranking"]}
        assert places == {seat: players - seat for seat in range(players)}
    again = client.post(f"/games/{created['id']}/resign", json={}, headers=auth(tokens[0]))
    assert again.status_code == 422
    assert client.get(f"/games/{created['id']}/audit").json()["ok"]


def test_resign_and_join_need_the_seat_token(client) -> None:
    created = create(client, "azul", 2)
    other = create(client, "azul", 2)
    url = f"/games/{created['id']}"
    assert client.post(f"{url}/resign", json={}).status_code == 401
    assert client.post(f"{url}/join").status_code == 401
    foreign = auth(other["seats"][0]["token"])
    assert client.post(f"{url}/resign", json={}, headers=foreign).status_code == 403
    mine = auth(created["seats"][0]["token"])
    refused = client.post(f"{url}/join", headers=mine)
    assert refused.status_code == 422 and refused.json()["code"] == "game/not_a_zombie"
    assert client.post(f"{url}/resign", json={"oops": 1}, headers=mine).status_code == 400


def test_a_zombie_rejoins_and_decides_for_itself(client) -> None:
    created = create(client, "azul", 2, clock={"turn_seconds": 0.3, "zombie_after": 1})
    tokens = [s["token"] for s in created["seats"]]
    game = f"/games/{created['id']}"
    deadline = time.monotonic() + WAIT
    # Seat 0 (to act first) times out once and becomes a zombie; seat 1 then plays.
    while client.get(game).json()["seat_status"][0]["status"] != "zombie":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    joined = client.post(f"{game}/join", headers=auth(tokens[0]))
    assert joined.status_code == 200, joined.text
    assert joined.json()["events"][0]["type"] == "game.seat_rejoined"
    view = client.get(game).json()
    assert view["seat_status"][0] == {"seat": 0, "status": "playing", "timeouts_in_a_row": 0}


def test_abandoning_is_for_the_organiser_with_or_without_a_result(client) -> None:
    created = create(client, "carcassonne", 3)
    game = f"/games/{created['id']}"
    body = {"reason": "venue closed"}
    assert client.post(f"{game}/abandon", json=body).status_code == 401
    seat = auth(created["seats"][0]["token"])
    denied = client.post(f"{game}/abandon", json=body, headers=seat)
    assert denied.status_code == 403 and denied.json()["code"] == "admin_required"
    assert client.post(f"{game}/abandon", json={}, headers=ADMIN).status_code == 400
    answer = client.post(f"{game}/abandon", json=body, headers=ADMIN)
    assert answer.status_code == 200, answer.text
    view = client.get(game).json()
    assert view["status"] == "finished" and view["result"] is None
    assert view["ending"] == {"how": "abandoned", "reason": "venue closed"}
    assert view["seed"] is not None
    [event] = answer.json()["events"]
    assert event["type"] == "game.abandoned" and event["data"]["by"] == "organiser"
    assert client.get(f"{game}/audit").json()["ok"]
    record = client.get(f"{game}/record").json()
    assert record["result"] is None
    assert client.post("/games/import", json=record, headers=ADMIN).status_code == 201

    other = create(client, "castles", 2)
    body = {"reason": "time", "result": "provisional"}
    answer = client.post(f"/games/{other['id']}/abandon", json=body, headers=ADMIN)
    assert answer.status_code == 200
    result = client.get(f"/games/{other['id']}").json()["result"]
    assert sorted(s["seat"] for s in result["ranking"]) == [0, 1]
    assert result["summary"].startswith("provisional")


def test_the_event_cap_ends_a_game(client, app) -> None:
    commands = app.state.games.commands
    saved, commands.max_game_events = commands.max_game_events, 12
    try:
        created = create(client, "azul", 2)
    finally:
        commands.max_game_events = saved
    tokens = [s["token"] for s in created["seats"]]
    game = f"/games/{created['id']}"
    before = 0
    seen = [created["version"]]  # each version this test saw, for the message of a failure
    for _ in range(20):
        view = client.get(game).json()
        if view["status"] == "finished":
            break
        before = view["version"]
        seat = view["to_act"][0]
        legal = client.get(f"{game}/legal-commands", headers=auth(tokens[seat])).json()
        answer = client.post(
            f"{game}/commands", json={"command": legal["commands"][0]}, headers=auth(tokens[seat])
        ).json()
        seen += [before, answer.get("version")]
    assert view["status"] == "finished"
    assert view["ending"] == {"how": "abandoned", "reason": "event_cap"}
    assert view["result"] is not None
    # The cap is looked at after each command: the one that reached it ended the game, with
    # all its own events (the move that ends an Azul round adds many) and the abandonment.
    assert before < 12 <= view["version"], (seen, _events(client, created["id"])[-12:])
    last = _events(client, created["id"])[-1]
    assert last["version"] == view["version"]
    assert last["type"].endswith("abandoned") and last["data"]["reason"] == "event_cap"
    assert client.get(f"{game}/audit").json()["ok"]


def _timed_out_record(client: Any) -> dict:
    created = create(client, "azul", 2, clock={"turn_seconds": 0.2, "zombie_after": 1})
    _wait_finished(client, created["id"])
    return client.get(f"/games/{created['id']}/record").json()


def test_a_forged_timeout_is_refused_on_import(client) -> None:
    record = _timed_out_record(client)
    [first] = [e for e in record["events"] if e["type"] == "game.turn_timed_out"][:1]
    # Fired a second before the deadline it records (the batch's time says the same).
    forged = rehash(_with_time(record, first["version"], first["data"]["deadline"] - 1000))
    refused = client.post("/games/import", json=forged, headers=ADMIN)
    assert refused.status_code == 422, refused.text
    assert refused.json()["code"] == "record_timeout_before_deadline"
    # Moving the recorded deadline earlier too does not help: the replay recomputes it.
    early = first["data"]["deadline"] - 1000
    forged = _with_time(record, first["version"], early)
    forged["events"][first["version"] - 1]["data"]["deadline"] = early
    refused = client.post("/games/import", json=rehash(forged), headers=ADMIN)
    assert refused.status_code == 422
    assert refused.json()["code"] == "record_replay_mismatch"


def _with_time(record: dict, version: int, at: int) -> dict:
    """The record with the timeout at ``version`` (and its command's time) moved to ``at``."""
    record = copy.deepcopy(record)
    event = record["events"][version - 1]
    event["data"]["at"] = at
    event["metadata"]["at"] = at
    return record


def test_a_seat_that_acts_in_time_wins_and_the_late_timeout_is_dropped(client, app) -> None:
    created = create(client, "azul", 2, clock={"turn_seconds": 60})
    game = f"/games/{created['id']}"
    view = client.get(game).json()
    seat, version = view["to_act"][0], view["version"]
    token = auth(created["seats"][seat]["token"])
    legal = client.get(f"{game}/legal-commands", headers=token).json()
    played = client.post(f"{game}/commands", json={"command": legal["commands"][0]}, headers=token)
    assert played.status_code == 200
    # The timeout of the deadline read at the old version comes too late: nothing appended.
    time_out = app.state.games.lifecycle.time_out
    pool = app.state.pool
    answer = client.blocking_portal.call(time_out, pool, uuid.UUID(created["id"]), seat, version)
    assert answer is None
    assert client.get(game).json()["version"] == played.json()["version"]
    # And a timeout before the deadline (by this process's clock) is not appended either.
    current = played.json()["version"]
    other = client.get(game).json()["to_act"][0]
    with pytest.raises(TooEarly):
        client.blocking_portal.call(time_out, pool, uuid.UUID(created["id"]), other, current)
    client.post(f"{game}/abandon", json={"reason": "test over"}, headers=ADMIN).raise_for_status()


def test_timeouts_are_auto_played_by_the_clocks_policy(client) -> None:
    clock = {"turn_seconds": 0.2, "zombie_after": 1, "auto_play_policy": "greedy"}
    created = create(client, "azul", 2, clock=clock)
    _wait_finished(client, created["id"])
    record = client.get(f"/games/{created['id']}/record").json()
    assert record["events"][0]["metadata"]["terms"]["auto_play"] == "greedy"
    assert client.get(f"/games/{created['id']}/audit").json()["ok"]
    # Without a policy named, a new game's auto-play is greedy.
    default = create(client, "azul", 2, clock={"turn_seconds": 60})
    client.post(f"/games/{default['id']}/abandon", json={"reason": "t"}, headers=ADMIN)
    record = client.get(f"/games/{default['id']}/record").json()
    assert record["events"][0]["metadata"]["terms"]["auto_play"] == "greedy"


def test_an_old_game_with_random_auto_play_replays_and_audits_as_it_was(
    client, monkeypatch
) -> None:
    """A game created before auto-play policies (its terms name none) is auto-played, audited
    and imported with the uniform random pick it was played with."""
    from service.games.creation import GameCreation

    made = GameCreation.terms_for

    def old_terms(self, cap, clock):  # the terms as the service made them before policies
        return msgspec.structs.replace(made(self, cap, clock), auto_play="")

    monkeypatch.setattr(GameCreation, "terms_for", old_terms)
    created = create(client, "azul", 2, clock={"turn_seconds": 0.2, "zombie_after": 1})
    monkeypatch.undo()
    _wait_finished(client, created["id"])
    record = client.get(f"/games/{created['id']}/record").json()
    assert "auto_play" not in record["events"][0]["metadata"]["terms"]
    assert [e for e in record["events"] if e["type"] == "game.seat_auto_played"]
    # Its auto-plays are shown as what they were: the random policy's pick.
    named = {e["played_by"]["policy"] for e in _events(client, created["id"]) if e["played_by"]}
    assert named == {"random"}
    # The audit re-decides every auto-played command with today's code: the same pick.
    assert client.get(f"/games/{created['id']}/audit").json()["ok"]
    imported = client.post("/games/import", json=record, headers=ADMIN)
    assert imported.status_code == 201, imported.text
    assert client.get(f"/games/{imported.json()['id']}/audit").json()["ok"]


def test_the_events_of_an_auto_play_name_the_bot_that_played_them(client, app, monkeypatch) -> None:
    """A timeout's auto-play shows ``played_by`` (the terms' policy, no level) on the
    ``game.seat_auto_played`` event and the game's events of its command, in the timeout's
    answer, the events listing and the record; the timeout itself, the clocks and a person's
    move show none."""
    from domain.bots import VERSION
    from service.games import commands as game_commands

    created = create(client, "azul", 2, clock={"turn_seconds": 60, "auto_play_policy": "greedy"})
    game, game_id = f"/games/{created['id']}", uuid.UUID(created["id"])
    view = client.get(game).json()
    seat, version = view["to_act"][0], view["version"]
    # The clock fires seat 0's deadline as if a minute had passed (the time is the service's).
    later = game_commands.now_ms() + 61_000
    monkeypatch.setattr(game_commands, "now_ms", lambda: later)
    time_out = app.state.games.lifecycle.time_out
    answer = client.blocking_portal.call(time_out, app.state.pool, game_id, seat, version)
    monkeypatch.undo()
    greedy = {"policy": "greedy", "level": None, "version": VERSION}
    kinds = [e.type for e in answer.events]
    assert kinds[:2] == ["game.turn_timed_out", "game.seat_auto_played"]
    assert kinds[2].startswith("azul.") and kinds[-1] == "game.clocks_set"
    shown = [
        None if e.played_by is None else msgspec.to_builtins(e.played_by) for e in answer.events
    ]
    assert shown == [None, *[greedy] * (len(kinds) - 2), None]
    # The other seat is a person: its move names no bot.
    other = client.get(game).json()["to_act"][0]
    token = auth(created["seats"][other]["token"])
    legal = client.get(f"{game}/legal-commands", headers=token).json()
    played = client.post(f"{game}/commands", json={"command": legal["commands"][0]}, headers=token)
    assert played.status_code == 200, played.text
    mine = {e["version"] for e in played.json()["events"]}
    events = _events(client, created["id"])
    by_version = {e["version"]: e["played_by"] for e in events}
    auto = {e.version for e in answer.events[1:-1]}
    assert {v for v, bot in by_version.items() if bot is not None} == auto
    assert all(by_version[v] == greedy for v in auto)
    assert all(by_version[v] is None for v in mine)
    # The record (of the game once over) holds it in the hashed metadata; the audit passes.
    client.post(f"{game}/abandon", json={"reason": "test over"}, headers=ADMIN).raise_for_status()
    record = client.get(f"{game}/record").json()
    assert {e["version"] for e in record["events"] if "bot" in e["metadata"]} == auto
    assert client.get(f"{game}/audit").json()["ok"]
