"""Crash safety: whatever the process manager did not get to (a game not created, a game
created but not attached, a finished game whose result was not recorded) is repaired by the
reconciler, on demand or at start-up."""

from __future__ import annotations

import random
import time
from typing import Any

from litestar.testing import TestClient

from service.api.app import create_app
from tests.api.helpers import auth
from tests.api.tournament_bots import ADMIN, create_tournament, play_round, register, start
from tests.conftest import ADMIN_KEY


def _registered(client: Any, name: str) -> tuple[str, dict[int, str]]:
    tid = create_tournament(client, name=name, game="azul", format="swiss")["id"]
    return tid, register(client, tid, ["Ann", "Bob", "Cid", "Dee"])


def _reconcile(client: Any, tid: str) -> dict[str, int]:
    answer = client.post(f"/tournaments/{tid}/reconcile", headers=ADMIN)
    assert answer.status_code == 200, answer.text
    return answer.json()


async def _nothing(*args: Any, **kwargs: Any) -> Any:
    return (0, 0)


def test_a_missed_game_creation_is_repaired(app, client, monkeypatch) -> None:
    tid, tokens = _registered(client, "Crash before create")
    with monkeypatch.context() as crash:
        crash.setattr(app.state.tournaments.tables, "ensure_games", _nothing)
        view = start(client, tid)["view"]
    assert len(view["awaiting_game"]) == 2
    me = client.get(f"/tournaments/{tid}/me", headers=auth(tokens[1])).json()
    assert me["table_id"] and me["game_id"] is None

    assert _reconcile(client, tid) == {
        "games_created": 2,
        "games_attached": 2,
        "results_recorded": 0,
        "seats_resigned": 0,
        "clocks_synced": 0,
        "games_abandoned": 0,
    }
    assert _reconcile(client, tid)["games_created"] == 0  # idempotent
    me = client.get(f"/tournaments/{tid}/me", headers=auth(tokens[1])).json()
    assert me["game_id"] and me["seat_token"]


def test_a_game_created_but_not_attached_is_attached_not_duplicated(
    app, client, monkeypatch
) -> None:
    tid, _ = _registered(client, "Crash before attach")
    service = app.state.tournaments.tables

    async def no_attach(*args: Any) -> int:
        return 0

    with monkeypatch.context() as crash:
        crash.setattr(service, "_attach", no_attach)
        view = start(client, tid)["view"]
    assert len(view["awaiting_game"]) == 2
    assert _reconcile(client, tid) == {
        "games_created": 0,
        "games_attached": 2,
        "results_recorded": 0,
        "seats_resigned": 0,
        "clocks_synced": 0,
        "games_abandoned": 0,
    }
    listed = client.get("/games", params={"player": "Ann", "limit": 200}).json()["items"]
    view = client.get(f"/tournaments/{tid}").json()["view"]
    ann_games = {t["game_id"] for r in view["rounds"] for t in r["tables"] if 1 in t["players"]}
    assert ann_games <= {g["id"] for g in listed}


def test_a_missed_result_is_recorded_at_the_next_start_up(
    app, client, database_url, monkeypatch
) -> None:
    tid, tokens = _registered(client, "Crash after finish")
    start(client, tid)
    with monkeypatch.context() as crash:
        crash.setattr(app.state.games.commands, "finished_hooks", [])
        played = play_round(client, tid, tokens, random.Random(4))
    assert len(played) == 2
    view = client.get(f"/tournaments/{tid}").json()["view"]
    assert len(view["rounds"]) == 1
    assert all(t["status"] == "open" for t in view["rounds"][0]["tables"])

    # A restarted process reconciles every running tournament at start-up, in the background
    # (so that it starts even while the database is down).
    # The results, the next round and its games are separate steps: wait for the last.
    restarted = create_app(database_url, admin_key=ADMIN_KEY, pool_max=4)

    def repaired(view: dict[str, Any]) -> bool:
        return (
            len(view["rounds"]) >= 2
            and not view["awaiting_game"]
            and all(t["game_id"] for t in view["rounds"][-1]["tables"])
        )

    with TestClient(restarted, raise_server_exceptions=False) as fresh:
        deadline = time.monotonic() + 30
        view = fresh.get(f"/tournaments/{tid}").json()["view"]
        while not repaired(view) and time.monotonic() < deadline:
            time.sleep(0.1)
            view = fresh.get(f"/tournaments/{tid}").json()["view"]
    first = view["rounds"][0]["tables"]
    assert [t["source"] for t in first] == ["game", "game"]
    assert len(view["rounds"]) == 2
    assert view["awaiting_game"] == []
    assert all(t["game_id"] for t in view["rounds"][1]["tables"])
    assert _reconcile(client, tid)["results_recorded"] == 0


def test_a_withdrawal_whose_resignation_was_lost_is_resigned_by_the_reconciler(
    app, client, monkeypatch
) -> None:
    tid, _ = _registered(client, "Crash before resigning")
    view = start(client, tid)["view"]
    table = view["rounds"][0]["tables"][0]
    quitter, stayer = table["players"]

    async def no_resignation(*args: Any) -> int:
        return 0

    with monkeypatch.context() as crash:
        crash.setattr(app.state.tournaments.tables, "resign_withdrawn", no_resignation)
        answer = client.post(f"/tournaments/{tid}/players/{quitter}/withdraw", headers=ADMIN)
        assert answer.status_code == 200, answer.text
    game = client.get(f"/games/{table['game_id']}").json()
    assert game["status"] == "active"  # the crash left the seat in play
    assert _reconcile(client, tid)["seats_resigned"] == 1
    game = client.get(f"/games/{table['game_id']}").json()
    assert game["status"] == "finished" and game["seat_status"][0]["status"] == "resigned"
    done = next(
        t
        for t in client.get(f"/tournaments/{tid}").json()["view"]["rounds"][0]["tables"]
        if t["table_id"] == table["table_id"]
    )
    assert {p["player_id"]: p["place"] for p in done["placements"]} == {stayer: 1, quitter: 2}
    assert _reconcile(client, tid)["seats_resigned"] == 0  # idempotent
