"""Ratings: the openskill model on places (ties, 2-5 seats), the rated/unrated rules, the
projection of finished games (live and rebuilt from position 0: equal), profiles, history,
leaderboards and rating seeding of tournaments."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import psycopg
import pytest

from service.players.ratings import (
    NEW,
    Rating,
    RatingProjector,
    RatingRules,
    rate,
    repeat_weight,
    unrated_reason,
)
from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY
from tests.players.test_players_api import register

# -- the model ----------------------------------------------------------------------------


def test_winners_gain_losers_lose_and_ties_share() -> None:
    after = rate([NEW, NEW, NEW, NEW], [1, 2, 2, 4])
    assert after[0].ordinal > after[1].ordinal > after[3].ordinal
    assert after[1] == after[2]  # a tie between equals changes them alike
    assert all(r.sigma < NEW.sigma for r in after)
    five = rate([NEW] * 5, [1, 2, 3, 4, 5])
    assert [r.mu for r in five] == sorted((r.mu for r in five), reverse=True)


def test_beating_a_stronger_player_gains_more() -> None:
    strong = Rating(35.0, 4.0)
    upset = rate([NEW, strong], [1, 2])[0]
    expected = rate([NEW, Rating(15.0, 4.0)], [1, 2])[0]
    assert upset.mu - NEW.mu > expected.mu - NEW.mu


# -- the rules ----------------------------------------------------------------------------

RESULT = {"ranking": [{"seat": 0, "place": 1}, {"seat": 1, "place": 2}]}
A, B = uuid.uuid4(), uuid.uuid4()


@pytest.mark.parametrize(
    ("setup", "last", "result", "players", "acted", "reason"),
    [
        ({}, "azul.game_ended", RESULT, [A, B], {0, 1}, None),
        ({"imported": {"from": "x"}}, "azul.game_ended", RESULT, [A, B], {0, 1}, "imported"),
        ({"rated": False}, "azul.game_ended", RESULT, [A, B], {0, 1}, "practice"),
        ({}, "game.abandoned", RESULT, [A, B], {0, 1}, "abandoned"),
        ({}, "game.abandoned", None, [A, B], {0, 1}, "abandoned"),
        ({}, "azul.game_ended", None, [A, B], {0, 1}, "no_result"),
        ({}, "castles.game_ended", {"ranking": [{"seat": 0, "place": 1}]}, [A], {0}, "solo"),
        ({}, "azul.game_ended", RESULT, [A, None], {0, 1}, "anonymous_seat"),
        ({}, "game.ended", RESULT, [A, B], {0}, "zombie_from_start"),
    ],
)
def test_the_rated_rules(
    setup: dict, last: str, result: Any, players: list, acted: set, reason: str | None
) -> None:
    assert unrated_reason(setup, last, result, players, acted) == reason


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        ({0: 3, 1: 3}, None),
        ({0: 3, 1: 2}, "too_short"),
        ({0: 1, 1: 1}, "too_short"),
        ({0: 9}, "too_short"),
    ],
)
def test_a_game_cut_short_is_unrated(moves: dict, reason: str | None) -> None:
    assert unrated_reason({}, "game.ended", RESULT, [A, B], {0, 1}, moves, 3) == reason
    assert unrated_reason({}, "game.ended", RESULT, [A, B], {0, 1}, moves, 0) is None


def test_repeated_opponents_count_less_then_not_at_all() -> None:
    rules = RatingRules(repeat_max=3)
    assert [repeat_weight(n, rules) for n in range(5)] == [1.0, 0.5, 0.25, None, None]
    full = rate([NEW, NEW], [1, 2])
    half = rate([NEW, NEW], [1, 2], 0.5)
    assert rate([NEW, NEW], [1, 2], 0.0) == [NEW, NEW]
    for f, h in zip(full, half, strict=True):
        assert h.mu == pytest.approx((f.mu + NEW.mu) / 2)
        assert h.sigma == pytest.approx((f.sigma + NEW.sigma) / 2)


# -- the projection, over HTTP --------------------------------------------------------------


def _game(client: Any, tokens: list[str], creator: str = ADMIN_KEY, **extra: Any) -> str:
    seats = [{"player_id": t["id"]} if isinstance(t, dict) else {"name": t} for t in tokens]
    created = client.post(
        "/games", json={"game": "azul", "seats": seats, **extra}, headers=auth(creator)
    )
    assert created.status_code == 201, created.text
    return created.json()["id"]


def _act(client: Any, game_id: str, token: str) -> None:
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(token)).json()
    assert legal["commands"], legal
    answer = client.post(
        f"/games/{game_id}/commands", json={"command": legal["commands"][0]}, headers=auth(token)
    )
    assert answer.status_code == 200, answer.text


def _play_and_resign(
    client: Any, game_id: str, tokens: list[str], loser: int, moves: int = 3
) -> None:
    """Every seat makes ``moves`` moves (in turn order; 3: the fewest a rated game needs by
    default), then ``loser`` resigns: the other wins."""
    made = [0] * len(tokens)
    while min(made) < moves:
        seat = client.get(f"/games/{game_id}").json()["to_act"][0]
        _act(client, game_id, tokens[seat])
        made[seat] += 1
    resigned = client.post(f"/games/{game_id}/resign", json={}, headers=auth(tokens[loser]))
    assert resigned.status_code == 200, resigned.text
    assert client.get(f"/games/{game_id}").json()["status"] == "finished"


def _projected(database_url: str, game_ids: list[str]) -> dict[str, tuple[bool, str | None]]:
    """Wait for the app's projector (poked by the finishing command) to see these games."""
    deadline = time.monotonic() + 20
    with psycopg.connect(database_url) as conn:
        while True:
            rows = conn.execute(
                "SELECT game_id::text, rated, reason FROM rated_games WHERE game_id = ANY(%s)",
                ([uuid.UUID(g) for g in game_ids],),
            ).fetchall()
            if len(rows) == len(game_ids):
                return {g: (rated, reason) for g, rated, reason in rows}
            assert time.monotonic() < deadline, f"projected only {rows}; {_why_behind(conn)}"
            time.sleep(0.1)


def _why_behind(conn: psycopg.Connection) -> str:
    """For a failure's message: the projector's checkpoint, how far it may read (the oldest
    transaction still open, in any database of the server), and the transactions open."""
    checkpoint = conn.execute(
        "SELECT tx::text, position, updated_at FROM projections WHERE name = 'ratings'"
    ).fetchone()
    (horizon,) = conn.execute("SELECT pg_snapshot_xmin(pg_current_snapshot())::text").fetchone()
    open_ = conn.execute(
        "SELECT datname, state, backend_xid::text, now() - xact_start, left(query, 80)"
        " FROM pg_stat_activity WHERE xact_start IS NOT NULL AND pid <> pg_backend_pid()"
    ).fetchall()
    return f"checkpoint {checkpoint}, readable below {horizon}, open transactions {open_}"


def _ratings(database_url: str) -> list[tuple]:
    with psycopg.connect(database_url) as conn:
        return conn.execute(
            "SELECT player_id, game, mu, sigma, ordinal, games, last_position, last_game"
            " FROM player_ratings ORDER BY player_id, game"
        ).fetchall()


def test_finished_games_are_rated_by_the_rules_and_rebuild_equals_live(
    client: Any, database_url: str
) -> None:
    players = [register(client, f"rated{i}") for i in range(4)]
    tokens = [p["token"] for p in players]
    rated = []
    for round_, (a, b) in enumerate([(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]):
        game_id = _game(client, [players[a], players[b]])
        _play_and_resign(client, game_id, [tokens[a], tokens[b]], loser=round_ % 2)
        rated.append(game_id)
    practice = _game(client, [players[0], players[1]], rated=False)
    _play_and_resign(client, practice, [tokens[0], tokens[1]], 1)
    anonymous = client.post(
        "/games",
        json={"game": "azul", "seats": [{"player_id": players[0]["id"]}, {"name": "guest"}]},
        headers=auth(tokens[0]),
    ).json()
    _play_and_resign(client, anonymous["id"], [tokens[0], anonymous["seats"][1]["token"]], 1)
    abandoned = _game(client, [players[2], players[3]])
    _act(client, abandoned, tokens[client.get(f"/games/{abandoned}").json()["to_act"][0] + 2])
    body = {"reason": "test", "result": "provisional"}
    assert client.post(f"/games/{abandoned}/abandon", json=body, headers=auth(ADMIN_KEY)).is_success
    # Seat 1 never decides anything: seat 0 moves, then resigns at once.
    zombie = _game(client, [players[0], players[3]])
    _act(client, zombie, tokens[0])
    assert client.post(f"/games/{zombie}/resign", json={}, headers=auth(tokens[0])).is_success

    seen = _projected(database_url, [*rated, practice, anonymous["id"], abandoned, zombie])
    assert all(seen[g] == (True, None) for g in rated)
    assert seen[practice] == (False, "practice")
    assert seen[anonymous["id"]] == (False, "anonymous_seat")
    assert seen[abandoned] == (False, "abandoned")
    assert seen[zombie] == (False, "zombie_from_start")

    profile = client.get(f"/players/{players[0]['id']}").json()
    (azul,) = profile["ratings"]
    assert azul["game"] == "azul" and azul["games"] == 3
    assert [g["game_id"] for g in profile["recent_games"]][:1] == [zombie]
    assert {g["rated"] for g in profile["recent_games"]} == {True, False}

    async def catch_up_then_rebuild() -> None:
        from psycopg_pool import AsyncConnectionPool

        async with AsyncConnectionPool(
            database_url, min_size=1, max_size=2, kwargs={"autocommit": True}
        ) as pool:
            projector = RatingProjector(pool)
            # Whatever the app's projector has not reached yet (other tests' games).
            while await projector.catch_up() or _lagging(database_url):
                await asyncio.sleep(0.1)
            live = _ratings(database_url)
            await projector.rebuild()
            rebuilt = _ratings(database_url)
            # Other tests' games may end between the two reads: compare this test's players,
            # whose games have all been projected.
            ours = {uuid.UUID(p["id"]) for p in players}
            assert {row[0] for row in live} >= ours
            assert [r for r in rebuilt if r[0] in ours] == [r for r in live if r[0] in ours]

    asyncio.run(catch_up_then_rebuild())


def _lagging(database_url: str) -> bool:
    with psycopg.connect(database_url) as conn:
        behind = conn.execute(
            "SELECT EXISTS (SELECT 1 FROM events e, projections p WHERE p.name = 'ratings'"
            " AND e.notable AND (e.tx, e.position) > (p.tx, p.position)"
            " AND e.tx < pg_snapshot_xmin(pg_current_snapshot()))"
        ).fetchone()
    return bool(behind and behind[0])


def test_player_games_and_my_turn(client: Any) -> None:
    alice, bob = register(client, "turns-a"), register(client, "turns-b")
    first = _game(client, [alice, bob])
    second = _game(client, [bob, alice])
    page = client.get(f"/players/{alice['id']}/games", params={"limit": 1})
    assert page.status_code == 200, page.text
    assert [g["game_id"] for g in page.json()["items"]] == [second]
    assert 'rel="next"' in page.headers["link"]
    rest = client.get(
        f"/players/{alice['id']}/games", params={"limit": 1, "after": page.json()["next"]}
    ).json()
    assert [g["game_id"] for g in rest["items"]] == [first]
    mine = client.get(
        f"/players/{alice['id']}/games", params={"status": "active", "to_act": "me"}
    ).json()["items"]
    for item in mine:
        view = client.get(f"/games/{item['game_id']}").json()
        assert item["seat"] in view["to_act"] and item["to_act"] is True
    expected = {
        g for g in (first, second)
        if client.get(f"/games/{g}", headers=auth(alice["token"])).json()["viewer"]
        in client.get(f"/games/{g}").json()["to_act"]
    }  # fmt: skip
    assert {item["game_id"] for item in mine} == expected
    assert client.get(f"/players/{uuid.uuid4()}/games").status_code == 404


def test_leaderboard_pages_and_minimum_games(client: Any, app: Any, database_url: str) -> None:
    players = [register(client, f"board{i}") for i in range(3)]
    ids = [uuid.UUID(p["id"]) for p in players]
    last = uuid.uuid4()
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
            " VALUES (%s, 'game', 'splendor', '1', '{}', 'finished')",
            (last,),
        )
        for pid, (mu, games) in zip(ids, [(40.0, 9), (30.0, 9), (50.0, 1)], strict=True):
            conn.execute(
                "INSERT INTO player_ratings VALUES (%s, 'splendor', %s, 2.0, %s, %s, 0, %s)",
                (pid, mu, mu - 6.0, games, last),
            )
    app.state.leaderboard_min_games = 2
    try:
        first = client.get("/leaderboards/splendor", params={"limit": 1})
        assert first.status_code == 200, first.text
        board = first.json()
        assert board["min_games"] == 2
        top = board["items"][0]
        assert top["player_id"] == str(ids[0]) and top["rank"] == 1 and top["games"] == 9
        following = client.get(
            "/leaderboards/splendor", params={"limit": 50, "after": board["next"]}
        ).json()
        names = [row["name"] for row in following["items"]]
        assert "board1" in names and "board2" not in names  # one game only: not yet listed
        assert following["items"][names.index("board1")]["rank"] == 2 or len(names) > 1
    finally:
        app.state.leaderboard_min_games = 5
    assert client.get("/leaderboards/nogame").status_code == 400
    assert client.get("/leaderboards/splendor", params={"after": "x"}).status_code == 400


def test_tournament_seeding_by_rating(client: Any, database_url: str) -> None:
    players = [register(client, f"seed{i}") for i in range(3)]
    last = uuid.uuid4()
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
            " VALUES (%s, 'game', 'azul', '1', '{}', 'finished')",
            (last,),
        )
        for player, ordinal in zip(players, [-1.0, 10.0, 5.0], strict=True):
            conn.execute(
                "INSERT INTO player_ratings VALUES (%s, 'azul', %s, 1.0, %s, 3, 0, %s)",
                (uuid.UUID(player["id"]), ordinal + 3.0, ordinal, last),
            )
    body = {"game": "azul", "name": "Rated Cup", "format": "swiss", "rounds": 1}
    admin = auth(ADMIN_KEY)
    cups = {}
    for seeding in ("rating", "ranked"):
        cup = client.post("/tournaments", json={**body, "seeding": seeding}, headers=admin)
        assert cup.status_code == 201, cup.text
        cup_id = cup.json()["id"]
        ids = []
        for player in players:
            signup = {"name": player["name"], "registered_player_id": player["id"]}
            answer = client.post(f"/tournaments/{cup_id}/players", json=signup, headers=admin)
            assert answer.status_code == 201, answer.text
            ids.append(answer.json()["player_id"])
        guest = client.post(f"/tournaments/{cup_id}/players", json={"name": "guest"}, headers=admin)
        ids.append(guest.json()["player_id"])
        started = client.post(f"/tournaments/{cup_id}/start", headers=admin)
        assert started.status_code in (200, 201), started.text
        cups[seeding] = (started.json()["view"]["seeding"], ids)
    seeding, ids = cups["rating"]
    # By rating: 10, 5, the unrated guest (0), -1.
    assert seeding == [ids[1], ids[2], ids[3], ids[0]]
    # Ranked seeding on the given ratings (all 0): registration order.
    seeding, ids = cups["ranked"]
    assert seeding == ids


# -- farming (issue 31 item 7) --------------------------------------------------------------


def _board(client: Any, game: str) -> list[str]:
    ids, after = [], None
    while True:
        page = client.get(
            f"/leaderboards/{game}", params={"limit": 200, **({"after": after} if after else {})}
        ).json()
        ids += [row["player_id"] for row in page["items"]]
        if not (after := page["next"]):
            return ids


def test_the_farming_script_ends_unranked(client: Any, database_url: str) -> None:
    """The issue's script: a second account joins the farmer's open table, makes one move and
    resigns, six times. Before, the farmer led /leaderboards/azul after six such games."""
    farmer, feeder = register(client, "farmer"), register(client, "feeder")
    games = []
    for _ in range(6):
        table = client.post(
            "/games",
            json={"game": "azul", "seats": [{"player_id": farmer["id"]}, {"open": True}]},
            headers=auth(farmer["token"]),
        )
        assert table.status_code == 201, table.text
        game_id = table.json()["id"]
        joined = client.post(f"/games/{game_id}/join", headers=auth(feeder["token"]))
        assert joined.status_code == 200, joined.text
        tokens = {0: farmer["token"], 1: feeder["token"]}
        while True:  # the feeder makes one move (the farmer moves when it is its turn)
            seat = client.get(f"/games/{game_id}").json()["to_act"][0]
            _act(client, game_id, tokens[seat])
            if seat == 1:
                break
        resigned = client.post(f"/games/{game_id}/resign", json={}, headers=auth(tokens[1]))
        assert resigned.status_code == 200, resigned.text
        games.append(game_id)
    seen = _projected(database_url, games)
    assert set(seen.values()) == {(False, "too_short")}
    assert farmer["id"] not in _board(client, "azul")
    assert client.get(f"/players/{farmer['id']}").json()["ratings"] == []


def test_repeated_opponents_weigh_less_and_new_players_are_provisional(
    client: Any, app: Any, database_url: str
) -> None:
    ann, bob = register(client, "repeat-a"), register(client, "repeat-b")
    games = []
    for _ in range(4):
        game_id = _game(client, [ann, bob])
        _play_and_resign(client, game_id, [ann["token"], bob["token"]], loser=1)
        games.append(game_id)
    seen = _projected(database_url, games)
    assert [seen[g] for g in games] == [(True, None)] * 3 + [(False, "repeated_opponent")]
    with psycopg.connect(database_url) as conn:
        weights = conn.execute(
            "SELECT weight FROM rated_games WHERE game_id = ANY(%s) ORDER BY position",
            ([uuid.UUID(g) for g in games],),
        ).fetchall()
    assert [w for (w,) in weights] == [1.0, 0.5, 0.25, None]
    profile = client.get(f"/players/{ann['id']}").json()["ratings"]
    (azul,) = profile
    assert azul["games"] == 3
    # Three wins against the same player: fewer than the default minimum of games, and with
    # the minimum lowered still provisional (sigma above GAMESTATE_RATING_PROVISIONAL_SIGMA).
    assert azul["sigma"] > RatingRules().provisional_sigma
    app.state.leaderboard_min_games = 1
    try:
        assert ann["id"] not in _board(client, "azul")
    finally:
        app.state.leaderboard_min_games = 5

    async def rebuild_equals_live() -> None:
        from psycopg_pool import AsyncConnectionPool

        async with AsyncConnectionPool(
            database_url, min_size=1, max_size=2, kwargs={"autocommit": True}
        ) as pool:
            projector = RatingProjector(pool)
            while await projector.catch_up() or _lagging(database_url):
                await asyncio.sleep(0.1)
            ours = {uuid.UUID(ann["id"]), uuid.UUID(bob["id"])}
            live = [r for r in _ratings(database_url) if r[0] in ours]
            await projector.rebuild()
            assert [r for r in _ratings(database_url) if r[0] in ours] == live

    asyncio.run(rebuild_equals_live())
