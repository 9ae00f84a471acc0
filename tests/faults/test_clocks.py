"""Clocks across processes and crashes: a deadline fires exactly once however many `gamestate
serve` processes try, and a process started after a kill -9 fires the overdue deadlines within
a second. Real server subprocesses (tests/faults/support.py) on one database of their own (the
servers fire every clocked game's deadline in their database, and other tests leave clocked
games running in the session's)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from service.store.database import migrate
from tests.conftest import fresh_database
from tests.faults.support import Server

CLOCK = {"turn_seconds": 0.25, "on_timeout": "auto_play", "zombie_after": 2}
FAST = {
    # Clocks at test speed from one address, as a bot ladder configures them; the limits on
    # clocks are tested on their own (tests/security/test_clock_limits.py).
    "GAMESTATE_MIN_TURN_SECONDS": "0.1",
    "GAMESTATE_CLOCKED_GAMES_PER_CALLER": "0",
    "GAMESTATE_TIMEOUT_EVENTS_PER_MINUTE": "0",
}


@pytest.fixture
def own_database(pg_server: str) -> Iterator[str]:
    with fresh_database(pg_server) as url:
        migrate(url)
        yield url


def _create(server: Server, clock: dict, n: int, slug: str = "azul") -> list[str]:
    ids = []
    with httpx.Client(base_url=server.url, timeout=20) as http:
        for i in range(n):
            body = {"game": slug, "seats": [{"name": f"c{i}a"}, {"name": f"c{i}b"}], "clock": clock}
            answer = http.post("/games", json=body)
            assert answer.status_code == 201, answer.text
            ids.append(answer.json()["id"])
    return ids


def _wait_all_finished(server: Server, ids: list[str], timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    pending = set(ids)
    with httpx.Client(base_url=server.url, timeout=20) as http:
        while pending:
            assert time.monotonic() < deadline, f"{len(pending)} games did not finish"
            for game_id in list(pending):
                if http.get(f"/games/{game_id}").json()["status"] == "finished":
                    pending.discard(game_id)
            time.sleep(0.2)


def _events(server: Server, game_id: str) -> list[dict]:
    with httpx.Client(base_url=server.url, timeout=20) as http:
        return http.get(f"/games/{game_id}/events").json()["events"]


def _clock_commands(server: Server, game_id: str) -> int:
    """The clock's appends to a game nobody plays: its record's commands, all time-outs."""
    with httpx.Client(base_url=server.url, timeout=20) as http:
        commands = http.get(f"/games/{game_id}/record").json()["commands"]
    assert {c["command"]["type"] for c in commands} == {"game.time_out"}
    return len(commands)


def _audited(server: Server, game_id: str) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as http:
        report = http.get(f"/games/{game_id}/audit").json()
    assert report["ok"], report


def _timeouts_metric(server: Server) -> dict[str, float]:
    text = httpx.get(f"{server.url}/metrics", timeout=10).text
    found = {}
    for outcome, value in re.findall(
        r'^gamestate_clock_timeouts_total\{outcome="(\w+)"\} ([0-9.e+]+)$', text, re.M
    ):
        found[outcome] = float(value)
    return found


def _check_each_deadline_fired_once(events: list[dict]) -> int:
    """Between two deadlines set (``game.clocks_set``) at most one timeout, and it names a
    seat and the deadline that were set. Returns the number of timeouts."""
    deadlines: dict[int, int] = {}
    fired_since_set = 0
    count = 0
    for event in events:
        data = event["data"]
        if event["type"] == "game.clocks_set":
            deadlines = {d["seat"]: d["deadline"] for d in data["deciding"]}
            fired_since_set = 0
        elif event["type"] == "game.turn_timed_out":
            fired_since_set += 1
            count += 1
            assert fired_since_set == 1, "two timeouts of one deadline"
            assert deadlines.get(data["seat"]) == data["deadline"]
            assert data["at"] >= data["deadline"]
    return count


@pytest.mark.slow
def test_two_processes_fire_each_deadline_exactly_once(
    own_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No grace: both processes fire every deadline at the same moment, and race for it.
    monkeypatch.setenv("GAMESTATE_CLOCK_GRACE_MS", "0")
    servers = [
        Server(own_database, tmp_path / "a", env=FAST),
        Server(own_database, tmp_path / "b", env=FAST),
    ]
    for server in servers:
        server.start()
    try:
        ids = _create(servers[0], CLOCK, 6) + _create(servers[1], CLOCK, 6)
        _wait_all_finished(servers[0], ids)
        total = 0
        for game_id in ids:
            events = _events(servers[1], game_id)
            # Two timeouts per seat (then a zombie): four deadlines fired, each once; then
            # the clock plays the zombies on, a few decisions at a time (AUTO_PLAY_BATCH).
            assert _check_each_deadline_fired_once(events) == 4
            total += _clock_commands(servers[1], game_id)
            _audited(servers[0], game_id)
        metrics = [_timeouts_metric(server) for server in servers]
        fired = sum(m.get("fired", 0) for m in metrics)
        assert fired == total, metrics  # every append counted once, by the process that won
        assert all(m.get("fired", 0) > 0 for m in metrics), metrics
        assert sum(m.get("dropped", 0) for m in metrics) > 0, metrics  # the losers' tries
    finally:
        for server in servers:
            server.stop()


@pytest.mark.slow
def test_after_a_kill_the_overdue_deadlines_fire_within_a_second_of_start_up(
    own_database: str, tmp_path: Path
) -> None:
    first = Server(own_database, tmp_path / "first", env=FAST)
    first.start()
    try:
        # Games that time out every 0.4 s: the kill comes while their timeouts are firing.
        clock = {"turn_seconds": 0.4, "on_timeout": "auto_play", "zombie_after": 3}
        ids = _create(first, clock, 8)
        time.sleep(0.6)
        first.kill()
    finally:
        first.stop()
    time.sleep(1.5)  # every deadline in force is now overdue
    second = Server(own_database, tmp_path / "second", env=FAST)
    started = time.time()
    second.start()
    ready = time.time()
    try:
        _wait_all_finished(second, ids)
        for game_id in ids:
            events = _events(second, game_id)
            _check_each_deadline_fired_once(events)
            after_restart = [
                e["data"]["at"] / 1000
                for e in events
                if e["type"] == "game.turn_timed_out" and e["data"]["at"] / 1000 >= started
            ]
            assert after_restart, "no timeout after the restart"
            # Within a second of start-up (measured from when it answered its first request).
            assert after_restart[0] - ready < 1.0, (after_restart[0] - ready, ready - started)
            _audited(second, game_id)
    finally:
        second.stop()
