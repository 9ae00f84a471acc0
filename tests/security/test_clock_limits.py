"""Issue #31, item 5: millisecond clocks let the service play by itself. A caller other than
the admin key gets a minimum turn time (422 below it), a cap on the clocked games it has in
play (429), and its games' timeouts spend a budget of events: beyond it they wait.
docs/lifecycle.md, "Limits on clocks"."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

import psycopg
import pytest

from service.store.database import migrate
from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY, fresh_database

ADMIN = auth(ADMIN_KEY)


@pytest.fixture
def own_database(pg_server: str) -> Iterator[str]:
    """A database of its own: its app's scheduler fires every clocked game in it, and no
    other app's scheduler fires these games' deadlines."""
    with fresh_database(pg_server) as url:
        migrate(url)
        yield url


@contextlib.contextmanager
def _client(database_url: str, **limits) -> Iterator:
    from litestar.testing import TestClient

    from service.api.app import create_app

    settings = {}
    if limits:
        from service.games.clocked import ClockLimits

        settings["clock_limits"] = ClockLimits(**limits)
    app = create_app(database_url, admin_key=ADMIN_KEY, **settings)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def _game(clock: dict | None = None, seats: list | int | None = None) -> dict:
    body: dict = {"game": "azul", "seats": seats or [{"name": "a"}, {"name": "b"}]}
    if clock is not None:
        body["clock"] = clock
    return body


def _refused(answer, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code, answer.text


def test_a_turn_below_the_minimum_is_refused(own_database) -> None:
    with _client(own_database) as client:  # the defaults: 5 s
        for turn in (1e-9, 0.001, 4.9):
            _refused(
                client.post("/games", json=_game({"turn_seconds": turn})),
                422,
                "game/turn_too_short",
            )
        # A table with open seats is created by the same route, with the same rule.
        _refused(
            client.post("/games", json=_game({"turn_seconds": 0.01}, seats=2)),
            422,
            "game/turn_too_short",
        )
        assert client.post("/games", json=_game({"turn_seconds": 5})).status_code == 201
        # The organiser may run faster clocks (a bot tournament).
        fast = client.post("/games", json=_game({"turn_seconds": 60}), headers=ADMIN)
        assert fast.status_code == 201, fast.text
        fast = client.post("/games", json=_game({"turn_seconds": 0.5}), headers=ADMIN)
        assert fast.status_code == 201, fast.text


def test_clocked_games_in_play_are_capped_per_caller(own_database) -> None:
    slow = {"turn_seconds": 600}
    with _client(own_database, max_clocked_per_caller=2) as client:
        first, second = (client.post("/games", json=_game(slow)).json() for _ in range(2))
        assert first["status"] == "active" and second["status"] == "active"
        over = client.post("/games", json=_game(slow))
        _refused(over, 429, "clocked_games_limit")
        assert "2" in over.json()["detail"] and over.headers["retry-after"]
        assert "GAMESTATE_CLOCKED_GAMES_PER_CALLER" in over.json()["detail"]
        _refused(client.post("/games", json=_game(slow, seats=2)), 429, "clocked_games_limit")
        # Games without a clock are not capped, another caller has a quota of its own, and
        # the organiser is not capped.
        assert client.post("/games", json=_game()).status_code == 201
        player = client.post("/players", json={"name": "other"}).json()
        mine = _game(slow, seats=[{"player_id": player["id"]}, {"name": "x"}])
        assert client.post("/games", json=mine, headers=auth(player["token"])).status_code == 201
        assert client.post("/games", json=_game(slow), headers=ADMIN).status_code == 201
        # A finished game frees its place; its rematch is a new clocked game of the caller.
        p0, p1 = (seat["token"] for seat in first["seats"])
        resigned = client.post(f"/games/{first['id']}/resign", json={}, headers=auth(p0))
        assert resigned.status_code == 200, resigned.text
        third = client.post("/games", json=_game(slow))
        assert third.status_code == 201, third.text
        _refused(
            client.post(f"/games/{first['id']}/rematch", headers=auth(p1)),
            429,
            "clocked_games_limit",
        )


def _status(database_url: str, game_ids: list[str]) -> dict[str, str]:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT id::text, status FROM streams WHERE id = ANY(%s::uuid[])", (game_ids,)
        ).fetchall()
    return dict(rows)


def _clock_events(database_url: str, game_ids: list[str]) -> int:
    """Events the clock appended to these games (nobody else acts in them)."""
    with psycopg.connect(database_url) as conn:
        return conn.execute(
            "SELECT count(*) FROM events e WHERE stream_id = ANY(%s::uuid[]) AND tx <>"
            " (SELECT tx FROM events f WHERE f.stream_id = e.stream_id AND f.version = 1)",
            (game_ids,),
        ).fetchone()[0]


def test_timeouts_spend_their_creators_budget(own_database) -> None:
    """With zombie_after 1, a two-seat game's second timeout makes every seat a zombie and the
    clock plays the game on by itself, a batch of auto-plays at a time (AUTO_PLAY_BATCH). With
    a budget of 30 events a minute, a creator's timeouts append about that many events and
    then wait (here, minutes): three games of one creator together no more than one, while
    another creator's game spends a budget of its own."""
    clock = {"turn_seconds": 0.1, "on_timeout": "auto_play", "zombie_after": 1}
    limits = {"min_turn_seconds": 0.1, "max_clocked_per_caller": 0}
    with _client(own_database, timeout_events_per_minute=30, **limits) as client:
        spender = [client.post("/games", json=_game(clock)).json()["id"] for _ in range(3)]
        player = client.post("/players", json={"name": "bystander"}).json()
        other = client.post(
            "/games",
            json=_game(clock, seats=[{"player_id": player["id"]}, {"name": "x"}]),
            headers=auth(player["token"]),
        ).json()["id"]
        deadline = time.monotonic() + 20
        while _clock_events(own_database, [other]) < 30:
            assert time.monotonic() < deadline, "the other creator's game did not go on"
            time.sleep(0.2)
        time.sleep(2.0)  # well past every deadline of the spender's games
        spent = _clock_events(own_database, spender)
        statuses = _status(own_database, spender)
        with psycopg.connect(own_database) as conn:
            overdue = conn.execute(
                "SELECT count(*) FROM game_deadlines WHERE stream_id = ANY(%s::uuid[])"
                " AND due_at < (extract(epoch FROM now()) * 1000)::bigint - 1500",
                (spender,),
            ).fetchone()[0]
    # One budget (30) and the one batch that may overdraw it, not three budgets.
    assert 30 <= spent < 90, spent
    assert all(status == "active" for status in statuses.values()), statuses
    assert overdue >= 2


def test_a_budget_refills_at_its_rate() -> None:
    from service.games.clocked import TimeoutBudget

    now = [0.0]
    budget = TimeoutBudget(60, now=lambda: now[0])  # one event a second, a minute's worth
    assert budget.wait("a") == 0
    budget.charge("a", 200)  # one long batch: 140 events in debt
    assert budget.wait("a") == pytest.approx(141)
    assert budget.wait("b") == 0, "another creator's budget is its own"
    now[0] = 100.0
    assert budget.wait("a") == pytest.approx(41)
    now[0] = 141.0
    assert budget.wait("a") == 0
    now[0] = 10_000.0
    budget.charge("a", 1)
    assert budget.wait("a") == 0 and budget._level("a", now[0]) == 59, "capped at a minute"


def test_a_game_nobody_plays_does_not_play_itself_in_one_request(own_database) -> None:
    """A stranger's clocked game whose seats never act (``zombie_after`` 1): the second
    timeout made every seat a zombie and the kernel auto-played the rest of the game inside
    that one clock tick, on the worker's event loop, each decision valuing every legal
    command: 0.3-2.3 s of one loop per game (bench.auto_play). New games' terms cap both:
    at most ``AUTO_PLAY_BATCH`` zombie decisions after one decision (the next zombie is due
    at once, under the creator's timeout budget) and ``AUTO_PLAY_COMMANDS`` commands valued
    per decision. The game still plays to its end."""
    from domain.lifecycle.terms import AUTO_PLAY_BATCH, AUTO_PLAY_COMMANDS

    clock = {"turn_seconds": 0.1, "on_timeout": "auto_play", "zombie_after": 1}
    limits = {"min_turn_seconds": 0.1, "max_clocked_per_caller": 0}
    with _client(own_database, timeout_events_per_minute=100_000, **limits) as client:
        game = client.post("/games", json=_game(clock)).json()["id"]
        deadline = time.monotonic() + 60
        while _status(own_database, [game])[game] != "finished":
            assert time.monotonic() < deadline, "the game nobody plays did not finish"
            time.sleep(0.2)
    with psycopg.connect(own_database) as conn:
        batches = [
            count
            for (count,) in conn.execute(
                "SELECT count(*) FILTER (WHERE type = 'game.seat_auto_played') FROM events"
                " WHERE stream_id = %s GROUP BY tx ORDER BY min(version)",
                (game,),
            )
        ]
        terms = conn.execute(
            "SELECT metadata->'terms' FROM events WHERE stream_id = %s AND version = 1", (game,)
        ).fetchone()[0]
    assert terms["auto_play_commands"] == AUTO_PLAY_COMMANDS
    assert terms["auto_play_batch"] == AUTO_PLAY_BATCH
    assert max(batches) <= AUTO_PLAY_BATCH + 1, batches
    assert sum(batches) > 3 * (AUTO_PLAY_BATCH + 1), batches
