"""Bot thinkers stand aside while people's commands are in flight (service/support/busy.py):
under SCHED_IDLE alone, a busy loop beside the service still made a person's command p99
1.65-2.57x; pausing while a command ran, 0.96-1.00x (bench.bot_load --control)."""

from __future__ import annotations

import contextlib
import os

import httpx
import pytest

from service.support import busy
from tests.api.helpers import auth


@pytest.fixture
def board():
    path = busy.make_board()
    yield path
    os.unlink(path)


def test_the_board_counts_commands_per_worker(board) -> None:
    in_flight = busy.commands_in_flight(board)
    assert in_flight is not None and not in_flight()
    first, second = busy.Counter(board, 0), busy.Counter(board, 1)
    first.enter()
    assert in_flight()
    second.enter()
    first.enter()
    second.leave()
    first.leave()
    assert in_flight()
    first.leave()
    assert not in_flight()


def test_a_restarted_worker_clears_the_count_its_killed_predecessor_left(board) -> None:
    in_flight = busy.commands_in_flight(board)
    busy.Counter(board, 2).enter()  # killed in the middle of a command: never left
    assert in_flight()
    busy.Counter(board, 2)  # its successor, started by the supervisor on the same slot
    assert not in_flight()


def test_without_a_board_nothing_is_counted_and_nothing_pauses() -> None:
    assert busy.commands_in_flight("/nonexistent/board") is None
    nowhere = busy.Counter(None, None)
    nowhere.enter()
    nowhere.leave()
    clock = lambda: 1.5  # noqa: E731
    assert busy.standing_aside(None, clock) is clock


def test_a_thinkers_clock_waits_while_a_command_is_in_flight_within_its_bounds() -> None:
    now = [0.0]
    busy_until = [0.004]
    sleeps = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        now[0] += seconds

    read = busy.standing_aside(
        lambda: now[0] < busy_until[0], clock=lambda: 42.0, sleep=sleep, wall=lambda: now[0]
    )
    assert read() == 42.0
    assert now[0] == pytest.approx(0.004, abs=busy.STEP)  # it went on once the command ended
    assert all(s == busy.STEP for s in sleeps)
    # A service that is never idle: at most MAX_PAUSE per reading, MAX_PAUSE_PER_MOVE in all.
    busy_until[0] = float("inf")
    began = now[0]
    read()
    assert now[0] - began == pytest.approx(busy.MAX_PAUSE, abs=busy.STEP)
    while now[0] < busy.MAX_PAUSE_PER_MOVE + 1:
        before = now[0]
        read()
        if now[0] == before:
            break
    assert now[0] == pytest.approx(busy.MAX_PAUSE_PER_MOVE, abs=2 * busy.STEP)
    before = now[0]
    assert read() == 42.0 and now[0] == before  # the move's pauses are spent: no more


def test_a_persons_command_is_on_the_board_while_it_is_decided(
    app, client, board, monkeypatch
) -> None:
    commands = app.state.games.commands
    monkeypatch.setattr(commands, "in_flight", busy.Counter(board, 3))
    in_flight = busy.commands_in_flight(board)
    seen = []
    real = commands.run

    async def run(pool, attempt):
        seen.append(in_flight())
        return await real(pool, attempt)

    monkeypatch.setattr(commands, "run", run)
    game = client.post("/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]})
    body = game.json()
    seat = body["to_act"][0] if "to_act" in body else 0
    token = body["seats"][seat]["token"]
    legal = client.get(f"/games/{body['id']}/legal-commands", headers=auth(token)).json()
    answer = client.post(
        f"/games/{body['id']}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=auth(token),
    )
    assert answer.status_code == 200, answer.text
    assert seen == [True] and not in_flight()
    # A refused command leaves the board too (its version is stale now).
    refused = client.post(
        f"/games/{body['id']}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=auth(token),
    )
    assert refused.status_code == 409, refused.text
    assert seen == [True, True] and not in_flight()


def test_serve_gives_each_process_a_counter_on_one_board(database, tmp_path) -> None:
    from tests.e2e.test_bot_process import serving, wait_for_bot_process

    with serving(database, tmp_path) as server:
        wait_for_bot_process(server)
        environs = [p.environ() for p in server.worker_processes()]
        boards = {env.get(busy.BOARD_ENV) for env in environs}
        slots = [env.get(busy.SLOT_ENV) for env in environs]
        assert len(boards) == 1 and None not in boards
        (path,) = boards
        assert os.path.exists(path)
        assert len(set(slots)) == len(slots) and None not in slots
        assert httpx.get(f"{server.url}/health").status_code == 200
    assert not os.path.exists(path)  # the supervisor removes it when it stops


def test_one_process_serving_alone_keeps_a_board_for_its_thinkers(database, tmp_path) -> None:
    import time

    import psutil

    from tests.e2e.test_bot_process import bots_game, serving

    with serving(database, tmp_path, GAMESTATE_WORKERS="1") as server:
        assert server.process is not None
        bots_game(server)  # its thinkers' pool starts on the first bot turn
        deadline = time.monotonic() + 60
        while not (children := psutil.Process(server.process.pid).children(recursive=True)):
            assert time.monotonic() < deadline, "no thinker started"
            time.sleep(0.1)
        boards = set()
        for child in children:
            with contextlib.suppress(psutil.Error):  # one may have ended meanwhile
                boards.add(child.environ().get(busy.BOARD_ENV))
        assert len(boards) == 1 and None not in boards, boards
        (path,) = boards
        assert os.path.exists(path)
    assert not os.path.exists(path)


def test_a_fan_out_stands_aside_between_slices_while_a_command_is_in_flight() -> None:
    """Issue #32 item 4: the stream worker's writes beside a person's command slowed it on
    shared cores like a thinker's search; between two slices of writes a fan-out waits
    while a command is in flight, within a bound per round (service/live/channel.py)."""
    import asyncio

    from service.live.hub import STAND_ASIDE_STEP, Hub

    async def scenario() -> tuple[float, float, float]:
        hub = Hub(15.0)
        loop = asyncio.get_running_loop()
        ends = loop.time() + 0.03
        hub.busy = lambda: loop.time() < ends
        began = loop.time()
        await hub.stand_aside(began + 1.0)  # waits for the command, not for its bound
        waited = loop.time() - began
        hub.busy = lambda: True  # never idle: the round's bound holds
        began = loop.time()
        await hub.stand_aside(began + 0.05)
        bounded = loop.time() - began
        hub.busy = None  # no board: one loop iteration, no wait
        began = loop.time()
        await hub.stand_aside(began + 1.0)
        return waited, bounded, loop.time() - began

    waited, bounded, free = asyncio.run(scenario())
    assert 0.03 - STAND_ASIDE_STEP <= waited < 0.5
    assert 0.05 - STAND_ASIDE_STEP <= bounded < 0.5
    assert free < 0.01
