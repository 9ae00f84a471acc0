"""Tournaments over HTTP: organisers create and start, random bots play the real games with
the seats GET /me hands them, and the service creates games, records results and advances
every format to its end."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.api.helpers import auth
from tests.api.tournament_bots import (
    ADMIN,
    create_tournament,
    play_out,
    play_round,
    register,
    start,
    tournament,
)

NAMES = [f"P{i:02d}" for i in range(1, 20)]


def tables_of(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for r in view["rounds"] for t in r["tables"]]


def check_results_match_games(view: dict[str, Any], games: dict[str, dict]) -> None:
    """Every table played by a game carries that game's ranking, seat i = players[i]."""
    played = [t for t in tables_of(view) if t["game_id"] and t["status"] == "done"]
    assert played
    for table in played:
        result = games[table["game_id"]]["result"]
        expected = sorted(
            (table["players"][s["seat"]], s["place"], s["score"]) for s in result["ranking"]
        )
        got = sorted((p["player_id"], p["place"], p["score"]) for p in table["placements"])
        if table["source"] == "organiser":  # a tie at the cut, broken by the organiser
            assert [s for _, _, s in sorted(got)] == [s for _, _, s in sorted(expected)]
            continue
        assert got == expected, table["table_id"]
        assert table["source"] == "game"


def check_head_to_head_points(view: dict[str, Any]) -> None:
    """Points formats: 2 a win (or bye), 1 a draw, and game points are the scores."""
    points, scores = Counter(), Counter()
    for table in tables_of(view):
        if table["status"] != "done":
            continue
        places = [p["place"] for p in table["placements"]]
        for p in table["placements"]:
            shared = places.count(p["place"])
            points[p["player_id"]] += (2 if p["place"] == 1 else 0) // shared
            scores[p["player_id"]] += p["score"]
    for row in view["standings"]:
        assert row["points"] == points[row["player_id"]], row
        assert row["game_points"] == scores[row["player_id"]], row


def run_tournament(client: Any, seed: int, players: int, **settings: Any):
    created = create_tournament(client, name=f"Cup {seed}", **settings)
    tid = created["id"]
    tokens = register(client, tid, NAMES[:players])
    start(client, tid)
    final, games = play_out(client, tid, tokens, random.Random(seed))
    view = final["view"]
    assert view["status"] == "finished"
    assert view["awaiting_game"] == []
    check_results_match_games(view, games)
    return tid, view, games


def champion_of(view: dict[str, Any]) -> int:
    (champion,) = [r["player_id"] for r in view["ranking"] if r["status"] == "champion"]
    return champion


def winner_of_last_table(view: dict[str, Any]) -> int:
    last = [t for t in tables_of(view) if t["status"] == "done"][-1]
    (winner,) = [p["player_id"] for p in last["placements"] if p["place"] == 1]
    return winner


def test_swiss_with_azul(client) -> None:
    tid, view, _ = run_tournament(client, 1, 5, game="azul", format="swiss")
    assert len(view["rounds"]) == 3  # ceil(log2 5)
    byes = [t for t in tables_of(view) if t["bye"]]
    assert len(byes) == 3 and not any(t["game_id"] for t in byes)
    check_head_to_head_points(view)
    standings = client.get(f"/tournaments/{tid}/standings").json()
    names = {p["player_id"]: p["name"] for p in view["players"]}
    assert standings["ranking"] == [
        {**row, "name": names[row["player_id"]]} for row in view["ranking"]
    ]
    assert standings["status"] == "finished"


def test_round_robin_with_azul(client) -> None:
    _, view, games = run_tournament(client, 2, 4, game="azul", format="round_robin")
    assert len(view["rounds"]) == 3 and len(games) == 6
    pairs = {frozenset(t["players"]) for t in tables_of(view)}
    assert len(pairs) == 6  # every pair met once
    check_head_to_head_points(view)


def test_single_elimination_with_azul(client) -> None:
    _, view, _ = run_tournament(client, 3, 3, game="azul", format="single_elimination")
    assert champion_of(view) == winner_of_last_table(view)
    assert [t["match"] for t in tables_of(view) if t["bye"]] == ["W1-1"]


def test_double_elimination_with_splendor(client) -> None:
    _, view, _ = run_tournament(
        client, 4, 4, game="splendor", format="double_elimination", grand_final_reset=False
    )
    assert champion_of(view) == winner_of_last_table(view)
    losses = Counter()
    for table in tables_of(view):
        for p in table["placements"]:
            losses[p["player_id"]] += p["place"] != 1
    # everybody but the champion lost twice, except the runner-up of a grand final
    assert sorted(losses[pid] for pid in range(1, 5) if pid != champion_of(view)) in (
        [1, 2, 2],
        [2, 2, 2],
    )
    assert {t["match"] for t in tables_of(view)} >= {"GF"}


def test_table_elimination_with_carcassonne(client) -> None:
    _, view, _ = run_tournament(
        client, 5, 5, game="carcassonne", format="table_elimination", table_size=3
    )
    first = view["rounds"][0]["tables"]
    assert sorted(len(t["players"]) for t in first) == [2, 3]
    assert view["rounds"][-1]["label"] == "final"
    assert champion_of(view) == winner_of_last_table(view)


def test_championship_with_splendor_thirteen_players(client) -> None:
    _, view, _ = run_tournament(
        client, 6, 13, game="splendor", format="championship", table_size=4, lives=2
    )
    first = view["rounds"][0]["tables"]
    assert sorted(len(t["players"]) for t in first) == [3, 3, 3, 4]  # 4+3+3+3
    assert champion_of(view) == winner_of_last_table(view)
    losses = Counter()
    final = view["rounds"][-1]
    for r in view["rounds"]:
        if r is final:
            continue
        for table in r["tables"]:
            for p in table["placements"]:
                losses[p["player_id"]] += p["place"] != 1
    eliminated = [r for r in view["ranking"] if r["status"] == "eliminated"]
    assert eliminated
    for row in eliminated:
        in_final = any(row["player_id"] in t["players"] for t in final["tables"])
        assert in_final or losses[row["player_id"]] == 2, row  # two losses and out
    assert all(losses[pid] <= 2 for pid in range(1, 14))


# -- organiser actions ---------------------------------------------------------------------


def _started(client: Any, players: int = 4, **settings: Any) -> tuple[str, dict, dict]:
    created = create_tournament(client, name="Organised", game="azul", **settings)
    tid = created["id"]
    tokens = register(client, tid, NAMES[:players])
    return tid, start(client, tid), tokens


def _manual(client: Any, tid: str, table: dict, winner: int, path: str = "results", **more):
    placements = [
        {"player_id": p, "place": 1 if p == winner else 2, "score": 10 if p == winner else 5}
        for p in table["players"]
    ]
    return client.post(
        f"/tournaments/{tid}/{path}",
        json={"table_id": table["table_id"], "placements": placements, **more},
        headers=ADMIN,
    )


def test_manual_results_and_a_correction_that_resets_the_final(client) -> None:
    tid, started, _ = _started(client, format="single_elimination")
    r1 = started["view"]["rounds"][0]["tables"]
    assert all(t["game_id"] for t in r1)  # games created at the start
    for table in r1:
        answer = _manual(client, tid, table, table["players"][0])
        assert answer.status_code == 200, answer.text
    view = answer.json()["view"]
    final = view["rounds"][-1]["tables"][0]
    assert final["source"] == "" and final["game_id"]
    assert sorted(final["players"]) == sorted(t["players"][0] for t in r1)
    assert {t["source"] for t in tables_of(view) if t["status"] == "done"} == {"manual"}

    again = _manual(client, tid, r1[0], r1[0]["players"][0])
    assert again.status_code == 422
    assert again.json()["code"] == "tournament/result_already_recorded"

    corrected = _manual(
        client, tid, r1[0], r1[0]["players"][1], path="results/correct", reason="scoring error"
    )
    assert corrected.status_code == 200, corrected.text
    view = corrected.json()["view"]
    old_final = next(t for t in tables_of(view) if t["table_id"] == final["table_id"])
    assert old_final["status"] == "void"
    new_final = view["rounds"][-1]["tables"][0]
    assert new_final["table_id"] != final["table_id"]
    assert r1[0]["players"][1] in new_final["players"]
    assert new_final["game_id"] and new_final["game_id"] != final["game_id"]
    # The voided table's game is abandoned, without a result (docs/lifecycle.md).
    old_game = client.get(f"/games/{final['game_id']}").json()
    assert old_game["status"] == "finished" and old_game["result"] is None
    assert old_game["ending"]["how"] == "abandoned"

    no_reason = _manual(client, tid, r1[0], r1[0]["players"][0], path="results/correct")
    assert no_reason.status_code == 400


def test_withdrawal_and_an_organiser_resolution(client) -> None:
    tid, started, tokens = _started(client, format="swiss")
    table = started["view"]["rounds"][0]["tables"][0]
    quitter, stayer = table["players"]
    own = client.post(
        f"/tournaments/{tid}/players/{quitter}/withdraw", headers=auth(tokens[stayer])
    )
    assert own.status_code == 403 and own.json()["code"] == "not_your_registration"
    gone = client.post(
        f"/tournaments/{tid}/players/{quitter}/withdraw", headers=auth(tokens[quitter])
    )
    assert gone.status_code == 200, gone.text
    assert gone.json()["view"]["players"][quitter - 1]["status"] == "withdrawn"
    twice = client.post(f"/tournaments/{tid}/players/{quitter}/withdraw", headers=ADMIN)
    assert twice.status_code == 422 and twice.json()["code"] == "tournament/already_withdrawn"

    # The withdrawal resigned the quitter's seat: the opponent won the table's game, and its
    # result was recorded without the organiser (docs/lifecycle.md).
    done = next(t for t in tables_of(gone.json()["view"]) if t["table_id"] == table["table_id"])
    assert done["status"] == "done" and done["source"] == "game"
    assert {p["player_id"]: p["place"] for p in done["placements"]} == {stayer: 1, quitter: 2}

    # The organiser still decides a table that cannot finish.
    other = next(
        t
        for t in started["view"]["rounds"][0]["tables"]
        if t["table_id"] != table["table_id"] and not t["bye"]
    )
    first, second = other["players"]
    placements = [
        {"player_id": first, "place": 1, "score": 0},
        {"player_id": second, "place": 2, "score": 0},
    ]
    path = f"/tournaments/{tid}/tables/{other['table_id']}/resolve"
    missing = client.post(path, json={"placements": placements, "reason": " "}, headers=ADMIN)
    assert missing.status_code == 422 and missing.json()["code"] == "tournament/reason_required"
    resolved = client.post(
        path, json={"placements": placements, "reason": "broken table"}, headers=ADMIN
    )
    assert resolved.status_code == 200, resolved.text
    done = next(t for t in tables_of(resolved.json()["view"]) if t["table_id"] == other["table_id"])
    assert done["source"] == "organiser"

    play_round(client, tid, tokens, random.Random(9))  # the rest of round 1
    view = tournament(client, tid)["view"]
    assert len(view["rounds"]) == 2
    assert all(quitter not in t["players"] for t in view["rounds"][1]["tables"])
    me = client.get(f"/tournaments/{tid}/me", headers=auth(tokens[quitter]))
    assert me.status_code == 403 and me.json()["code"] == "participant_withdrawn"


def test_me_hands_each_participant_their_seat(client) -> None:
    tid, started, tokens = _started(client, format="round_robin")
    by_game: dict[str, list[int]] = {}
    for player_id, token in tokens.items():
        me = client.get(f"/tournaments/{tid}/me", headers=auth(token)).json()
        assert me["player_id"] == player_id
        table = next(
            t for t in started["view"]["rounds"][0]["tables"] if t["table_id"] == me["table_id"]
        )
        assert table["players"][me["seat"]] == player_id and table["game_id"] == me["game_id"]
        game = client.get(f"/games/{me['game_id']}", headers=auth(me["seat_token"])).json()
        assert game["viewer"] == me["seat"]
        assert game["seats"][me["seat"]]["name"] == NAMES[player_id - 1]
        by_game.setdefault(me["game_id"], []).append(me["seat"])
    assert sorted(sorted(seats) for seats in by_game.values()) == [[0, 1], [0, 1]]


def test_listing_and_open_registration(client) -> None:
    created = create_tournament(
        client, name="Open day", game="splendor", format="swiss", open_registration=True
    )
    tid = created["id"]
    answer = client.post(f"/tournaments/{tid}/players", json={"name": "Walk-in"})
    assert answer.status_code == 201, answer.text
    assert answer.json()["player_id"] == 1 and answer.json()["token"]
    dup = client.post(f"/tournaments/{tid}/players", json={"name": "Walk-in"})
    assert dup.status_code == 422 and dup.json()["code"] == "tournament/duplicate_name"
    listed = client.get("/tournaments", params={"status": "registration", "limit": 200}).json()
    assert any(item["id"] == tid and item["format"] == "swiss" for item in listed["items"])


def test_create_is_validated(client) -> None:
    bad = client.post(
        "/tournaments",
        json={"game": "azul", "name": "x", "format": "single_elimination", "table_size": 3},
        headers=ADMIN,
    )
    assert bad.status_code == 422 and bad.json()["code"] == "tournament/head_to_head_only"
    unknown = client.post(
        "/tournaments",
        json={"game": "azul", "name": "x", "format": "swiss", "colour": "red"},
        headers=ADMIN,
    )
    assert unknown.status_code == 400
    no_format = client.post("/tournaments", json={"game": "chess", "name": "x"}, headers=ADMIN)
    assert no_format.status_code == 400


def test_rounds_are_refused_for_formats_that_have_no_rounds_to_set(client) -> None:
    """They used to be accepted and ignored: a bracket ends when it is decided."""
    from domain.tournament.state import FORMATS, FORMATS_WITH_ROUNDS

    for fmt in FORMATS:
        table = {"table_size": 3} if fmt in ("table_elimination", "championship") else {}
        body = {"game": "azul", "name": "R", "format": fmt, "rounds": 2, **table}
        answer = client.post("/tournaments", json=body, headers=ADMIN)
        if fmt in FORMATS_WITH_ROUNDS:
            assert answer.status_code == 201, (fmt, answer.text)
            assert answer.json()["view"]["config"]["rounds"] == 2
        else:
            assert answer.status_code == 422, (fmt, answer.text)
            problem = answer.json()
            assert problem["code"] == "tournament/rounds_not_applicable", problem
            assert "round_robin and swiss" in problem["detail"], problem
    assert FORMATS_WITH_ROUNDS == ("round_robin", "swiss")


def test_auth_failures(client) -> None:
    body = {"game": "azul", "name": "Guarded", "format": "swiss"}
    assert client.post("/tournaments", json=body).status_code == 401
    wrong = client.post("/tournaments", json=body, headers=auth("not-the-key"))
    assert wrong.status_code == 403 and wrong.json()["code"] == "admin_required"

    tid, _, tokens = _started(client, format="swiss")
    _, _, other_tokens = _started(client, format="swiss")
    player = auth(tokens[1])
    register_closed = client.post(f"/tournaments/{tid}/players", json={"name": "Late"})
    assert register_closed.status_code == 401
    assert client.post(f"/tournaments/{tid}/start", headers=player).status_code == 403
    assert client.post(f"/tournaments/{tid}/start").status_code == 401
    assert client.post(f"/tournaments/{tid}/reconcile", headers=player).status_code == 403
    me = f"/tournaments/{tid}/me"
    assert client.get(me).status_code == 401
    assert client.get(me, headers=auth("garbage")).status_code == 401
    assert client.get(me, headers=ADMIN).json()["code"] == "participant_token_required"
    foreign = client.get(me, headers=auth(other_tokens[1]))
    assert foreign.status_code == 403 and foreign.json()["code"] == "token_for_another_tournament"
    nobody = "/tournaments/00000000-0000-4000-8000-000000000000"
    assert client.get(nobody).json()["code"] == "tournament_not_found"
    assert client.post(f"{nobody}/start", headers=ADMIN).status_code == 404
    started_again = client.post(f"/tournaments/{tid}/start", headers=ADMIN)
    assert started_again.status_code == 422
    assert started_again.json()["code"] == "tournament/already_started"


def test_duplicate_mode_deals_every_table_the_same_hidden_seed(client) -> None:
    tid, started, tokens = _started(client, format="swiss", duplicate=True)
    tables = started["view"]["rounds"][0]["tables"]
    assert all(t["seed"] == "" for t in tables)  # the games' secret seed is not published
    played = play_round(client, tid, tokens, random.Random(5))
    # Each game's seed is shown once every table dealt it has finished.
    seeds = {client.get(f"/games/{game_id}").json()["seed"] for game_id in played}
    assert len(played) == 2 and len(seeds) == 1
    revealed = tournament(client, tid)["view"]["rounds"][0]["tables"]
    assert {t["seed"] for t in revealed} == seeds  # shown once the round is completed


def test_swiss_with_hearts_at_four_player_tables(client) -> None:
    """Hearts, a game package (plugins/hearts), in a tournament: four-player tables, and its
    scores (minus each seat's total: fewer points is better) are the game points."""
    _, view, games = run_tournament(client, 8, 8, game="hearts", format="swiss", table_size=4)
    played = [t for t in tables_of(view) if t["game_id"]]
    assert played and all(len(t["players"]) == 4 for t in played)
    for table in played:
        best = min(p["place"] for p in table["placements"])
        top = max(p["score"] for p in table["placements"])
        assert all(p["score"] == top for p in table["placements"] if p["place"] == best)
        totals = [s["total"] for s in games[table["game_id"]]["state"]["seats"]]
        assert sorted(-p["score"] for p in table["placements"]) == sorted(totals)
    scores = Counter()
    for table in played:
        for p in table["placements"]:
            scores[p["player_id"]] += p["score"]
    for row in view["standings"]:
        assert row["game_points"] == scores[row["player_id"]], row
