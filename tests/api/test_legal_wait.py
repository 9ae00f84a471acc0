"""Waiting for a seat's turn in one request: ``GET /games/{id}/legal-commands?wait=S``
(docs/live.md). It answers as soon as another seat's command gives the seat its turn, or on
timeout with the current (empty) list; a bad ``wait`` is a 400; the waiting requests are
capped per caller and per process (429)."""

from __future__ import annotations

import concurrent.futures
import os
import threading
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY, _free_port

PER_CALLER = 2
PER_PROCESS = 3


@pytest.fixture(scope="module")
def base(database_url: str) -> Iterator[str]:
    """The real HTTP stack in a thread (requests wait concurrently), with small caps."""
    import uvicorn

    from service.api.app import create_app

    saved = {
        k: os.environ.get(k)
        for k in ("GAMESTATE_TURN_WAITERS", "GAMESTATE_TURN_WAITERS_PER_CALLER")
    }
    os.environ["GAMESTATE_TURN_WAITERS"] = str(PER_PROCESS)
    os.environ["GAMESTATE_TURN_WAITERS_PER_CALLER"] = str(PER_CALLER)
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(database_url, admin_key=ADMIN_KEY, pool_max=5),
            host="127.0.0.1",
            port=port,
            log_level="warning",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "test server did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _game(base: str) -> tuple[str, list[str], list[int], int]:
    created = httpx.post(
        f"{base}/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}
    ).json()
    tokens = [seat["token"] for seat in created["seats"]]
    view = httpx.get(f"{base}/games/{created['id']}").json()
    return created["id"], tokens, view["to_act"], view["version"]


def _move(base: str, game_id: str, token: str) -> dict:
    legal = httpx.get(f"{base}/games/{game_id}/legal-commands", headers=auth(token)).json()
    answer = httpx.post(
        f"{base}/games/{game_id}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=auth(token),
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def _wait(base: str, game_id: str, token: str, wait: float) -> tuple[httpx.Response, float]:
    started = time.monotonic()
    response = httpx.get(
        f"{base}/games/{game_id}/legal-commands",
        params={"wait": wait},
        headers=auth(token),
        timeout=wait + 10,
    )
    return response, time.monotonic() - started


def test_a_seat_that_may_act_is_answered_at_once(base: str) -> None:
    game_id, tokens, to_act, _ = _game(base)
    response, took = _wait(base, game_id, tokens[to_act[0]], 20)
    assert response.status_code == 200, response.text
    assert response.json()["commands"] and took < 5


def test_a_waiting_seat_is_answered_when_the_other_seat_gives_it_the_turn(base: str) -> None:
    game_id, tokens, to_act, _ = _game(base)
    mover = to_act[0]
    waiter = 1 - mover
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(_wait, base, game_id, tokens[waiter], 30)
        time.sleep(0.5)  # the request is waiting
        assert not waiting.done()
        moved_at = time.monotonic()
        answer = _move(base, game_id, tokens[mover])
        while waiter not in answer["to_act"]:  # the mover acts again (a rule of the game)
            answer = _move(base, game_id, tokens[mover])
        response, took = waiting.result(timeout=20)
        answered_after_move = time.monotonic() - moved_at
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["commands"] and waiter in body["to_act"]
    assert body["version"] >= answer["version"]
    assert took < 15 and answered_after_move < 10, (took, answered_after_move)


def test_a_wait_answers_on_timeout_with_the_current_empty_list(base: str) -> None:
    game_id, tokens, to_act, version = _game(base)
    response, took = _wait(base, game_id, tokens[1 - to_act[0]], 0.6)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["commands"] == [] and body["to_act"] == to_act and body["version"] == version
    assert 0.55 <= took < 5


@pytest.mark.parametrize("wait", ["-1", "61", "soon", "nan"])
def test_a_bad_wait_is_refused_with_400(base: str, wait: str) -> None:
    game_id, tokens, to_act, _ = _game(base)
    response = httpx.get(
        f"{base}/games/{game_id}/legal-commands?wait={wait}", headers=auth(tokens[to_act[0]])
    )
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "malformed_request"


def test_the_waiting_requests_are_capped_per_caller_and_per_process(base: str) -> None:
    game_id, tokens, to_act, _ = _game(base)
    other_id, other_tokens, other_to_act, _ = _game(base)
    waiter, other_waiter = tokens[1 - to_act[0]], other_tokens[1 - other_to_act[0]]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        held = [pool.submit(_wait, base, game_id, waiter, 3) for _ in range(PER_CALLER)]
        time.sleep(0.5)
        refused, _ = _wait(base, game_id, waiter, 3)
        assert refused.status_code == 429, refused.text
        assert refused.json()["code"] == "too_many_waiters"
        assert "one caller" in refused.json()["detail"]
        # Another caller may, up to the process's limit.
        held.append(pool.submit(_wait, base, other_id, other_waiter, 3))
        time.sleep(0.5)
        full, _ = _wait(base, other_id, other_waiter, 3)
        assert full.status_code == 429, full.text
        assert "this process" in full.json()["detail"]
        results = [h.result(timeout=20)[0] for h in held]
    assert all(r.status_code == 200 and r.json()["commands"] == [] for r in results)
    # Their places are given back: the caller may wait again.
    again, _ = _wait(base, game_id, waiter, 0.2)
    assert again.status_code == 200


def test_a_commit_notification_from_another_process_wakes_the_waiters_of_its_game() -> None:
    """Another process's commit reaches a waiter through the live listener's notification
    (``stream:version`` lines); a player notification line or another game's does not."""
    import asyncio
    import uuid

    from service.live.waits import TurnWaits

    async def scenario() -> None:
        waits = TurnWaits(max_waiters=10, per_caller=2)
        game, other = uuid.uuid4(), uuid.uuid4()
        with waits.watch(game, "caller") as watch:
            waits.notify(f"{other}:7\n{uuid.uuid4()}:player:12")
            assert not watch.event.is_set()
            waits.notify(f"{other}:8\n{game}:5")
            assert watch.event.is_set() and watch.version == 5
            watch.event.clear()
            waits.wake_all()  # the listener reconnected: every waiter reads again
            assert watch.event.is_set() and watch.version == 5
        assert waits.waiting == 0
        waits.notify(f"{game}:6")  # nobody waits: nothing to do

    asyncio.run(scenario())
