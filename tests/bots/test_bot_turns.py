"""Bot turns are played exactly once (service/clocks/bots.py, migration 0014): by one of
several processes on one database, and again by another when the process that claimed a
turn was killed before it played (kill -9). Each test has a database of its own, and apps
that run no background work, so only the bot players started here play."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import psycopg
import pytest
from litestar.testing import TestClient

from service.clocks.bots import BotPlayer
from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY

ADMIN = auth(ADMIN_KEY)
WAIT = 120.0


def quiet_client(database: str) -> TestClient:
    from service.api.app import create_app

    return TestClient(create_app(database, admin_key=ADMIN_KEY, background=False))


@contextlib.contextmanager
def running_player(client: TestClient) -> Iterator[BotPlayer]:
    """A bot player in the client's app, as the app's lifespan runs one, stopped at the end."""
    app = client.app
    player = BotPlayer(app.state.pool, app.state.games, poll=0.05)
    app.state.games.commands.committed_hooks.append(player.committed)
    running = client.blocking_portal.start_task_soon(player.run)
    try:
        yield player
    finally:
        running.cancel()


def bots_game(client: TestClient, game: str = "azul") -> str:
    body = {"game": game, "seats": [{"bot": "greedy"}, {"bot": "random"}]}
    answer = client.post("/games", json=body, headers=ADMIN)
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def wait_finished(client: TestClient, game_id: str) -> None:
    deadline = time.monotonic() + WAIT
    while client.get(f"/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"game {game_id} did not finish"
        time.sleep(0.05)


def commands_per_version(database: str, game_id: str) -> dict[int, int]:
    with psycopg.connect(database) as conn:
        rows = conn.execute(
            "SELECT version, metadata->>'command_id' FROM events WHERE stream_id = %s"
            " AND metadata->'bot' IS NOT NULL",
            (game_id,),
        ).fetchall()
    counts: dict[int, int] = {}
    for version, _ in rows:
        counts[version] = counts.get(version, 0) + 1
    return counts


def test_two_processes_play_each_bot_turn_once(database: str) -> None:
    with (
        quiet_client(database) as one,
        quiet_client(database) as two,
        running_player(one) as first,
        running_player(two) as second,
    ):
        players = [first, second]
        games = [bots_game(one) for _ in range(4)]
        for game_id in games:
            wait_finished(one, game_id)
            # One bot command per version: never two plays of one turn.
            assert set(commands_per_version(database, game_id).values()) == {1}
            assert one.get(f"/games/{game_id}/audit").json()["ok"]
        # Both took turns (each claims what the other does not hold).
        assert all(p.outcomes["played"] > 0 for p in players), [p.outcomes for p in players]
        with psycopg.connect(database) as conn:
            assert conn.execute("SELECT count(*) FROM bot_turns").fetchone()[0] == 0


CLAIMER = """
import asyncio, sys, psycopg
from service.store import bot_turns

async def main():
    async with await psycopg.AsyncConnection.connect(sys.argv[1], autocommit=True) as conn:
        claimed = await bot_turns.claim(conn, "doomed", 10, float(sys.argv[2]))
    print(len(claimed), flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def test_a_turn_claimed_by_a_killed_process_is_played_after_its_lease(database: str) -> None:
    with quiet_client(database) as client:
        game_id = bots_game(client)
        # Another process claims the turn, then dies before it plays.
        lease = 2.0
        doomed = subprocess.Popen(
            [sys.executable, "-c", CLAIMER, database, str(lease)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ},
        )
        assert doomed.stdout is not None
        assert doomed.stdout.readline().strip() == "1"
        claimed_at = time.monotonic()
        os.kill(doomed.pid, signal.SIGKILL)
        doomed.wait()
        with running_player(client) as player:
            version = client.get(f"/games/{game_id}").json()["version"]
            time.sleep(lease / 2)
            # Held by the dead process's lease meanwhile: not played twice, not played early.
            assert client.get(f"/games/{game_id}").json()["version"] == version
            wait_finished(client, game_id)
            assert time.monotonic() - claimed_at >= lease
            assert player.outcomes["played"] > 0
        assert set(commands_per_version(database, game_id).values()) == {1}
        assert client.get(f"/games/{game_id}/audit").json()["ok"]


def test_a_player_stopped_while_thinking_gives_its_turn_back(database: str) -> None:
    """A graceful stop (a deploy) in the middle of a bot's thought: the turn is released, so
    another process plays it at once instead of after the 30 s lease."""

    async def never_decides(*args) -> int:
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    with quiet_client(database) as client:
        game_id = bots_game(client)
        with running_player(client) as stuck:
            stuck.thinkers.decide = never_decides
            assert _wait_for(lambda: _holder(database, game_id) == stuck.name)
        assert _wait_for(lambda: _holder(database, game_id) is None)
        with psycopg.connect(database) as conn:
            until = conn.execute(
                "SELECT claimed_until FROM bot_turns WHERE stream_id = %s", (game_id,)
            ).fetchone()[0]
        assert until is None  # claimable now, not when the lease would have run out
        with running_player(client) as player:
            wait_finished(client, game_id)
            assert player.outcomes["played"] > 0
        assert set(commands_per_version(database, game_id).values()) == {1}


def _holder(database: str, game_id: str) -> str | None:
    with psycopg.connect(database) as conn:
        row = conn.execute(
            "SELECT claimed_by FROM bot_turns WHERE stream_id = %s", (game_id,)
        ).fetchone()
    return None if row is None else row[0]


def _wait_for(condition, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_an_idle_bot_player_polls_less_and_less_up_to_a_cap() -> None:
    """Issue #32 item 1: an idle server's bot players asked the table twice a second each;
    while nothing is found the wait doubles up to IDLE_BACKOFF polls, and any work resets it."""
    from service.clocks.bots import IDLE_BACKOFF, next_poll

    waits, wait = [], 0.5
    for _ in range(6):
        wait = next_poll(wait, False, 0.5)
        waits.append(wait)
    assert waits == [1.0, 2.0, 4.0, 0.5 * IDLE_BACKOFF, 0.5 * IDLE_BACKOFF, 0.5 * IDLE_BACKOFF]
    assert next_poll(4.0, True, 0.5) == 0.5


def test_bots_think_at_a_lower_cpu_priority_than_the_workers() -> None:
    """Issue #34 item 4: a person's command must not wait for a bot's search; the pool's
    processes are niced (the cap is CPU time, so this never weakens a move)."""
    import asyncio
    import os

    from service.clocks import thinking

    thinkers = thinking.Thinkers(1)
    try:
        pool_nice, pool_policy = asyncio.run(_priority_in_pool(thinkers))
    finally:
        thinkers.close()
    assert pool_nice == min(19, os.nice(0) + thinking.THINKER_NICE)
    if hasattr(os, "SCHED_IDLE"):  # Linux: preempted at once by any normal process
        assert pool_policy == os.SCHED_IDLE


def _priority() -> tuple[int, int | None]:
    import os

    policy = os.sched_getscheduler(0) if hasattr(os, "sched_getscheduler") else None
    return os.nice(0), policy


async def _priority_in_pool(thinkers) -> tuple[int, int | None]:
    import asyncio

    await thinkers.decide("azul", "random", *_random_move_args())  # the pool starts
    return await asyncio.get_running_loop().run_in_executor(thinkers._pool, _priority)


def _random_move_args() -> tuple:
    from domain._kernel import start
    from domain.registry import GAMES

    spec = GAMES["azul"]
    state, _ = start(spec, spec.new_setup(2), "nice")
    view, legal = spec.view(state, 0), spec.legal_commands(state, 0)
    return (view, 0, legal, "seed", 10, 100.0)


def test_a_move_is_thought_about_without_the_cyclic_collector(monkeypatch) -> None:
    """A full collection in the middle of a search took up to 235 ms of a move's CPU, past its
    cap (Castles in the arena); the collector is off while a move is thought about, and on
    again afterwards, also when the policy fails."""
    import gc

    from service.clocks import thinking

    seen = []

    def choose(policy, spec, view, seat, legal, rng, budget):
        seen.append(gc.isenabled())
        if policy == "fails":
            raise RuntimeError("a policy that fails")
        return legal[-1]

    monkeypatch.setattr(thinking, "choose", choose)
    args = _random_move_args()
    assert gc.isenabled()
    assert thinking.think("azul", "random", *args) == len(args[2]) - 1
    with pytest.raises(RuntimeError):
        thinking.think("azul", "fails", *args)
    assert seen == [False, False] and gc.isenabled()


def test_the_metrics_count_the_bot_turns_waiting_and_held(database: str) -> None:
    """A bot process has no /metrics: every worker's page counts the pending bot turns in the
    database, so that an operator sees the bots fall behind."""
    from prometheus_client.parser import text_string_to_metric_families

    from service.support.metrics import ActiveGames

    def bot_turns(client: TestClient) -> dict[str, float]:
        client.app.state.active_games = ActiveGames(ttl=0)  # counted afresh
        text = client.get("/metrics").text
        family = next(
            f for f in text_string_to_metric_families(text) if f.name == "gamestate_bot_turns"
        )
        return {sample.labels["state"]: sample.value for sample in family.samples}

    async def never_decides(*args) -> int:
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    with quiet_client(database) as client:
        game_id = bots_game(client)
        assert bot_turns(client) == {"waiting": 1, "held": 0}  # nobody plays in this app
        with running_player(client) as stuck:
            stuck.thinkers.decide = never_decides
            assert _wait_for(lambda: _holder(database, game_id) == stuck.name)
            assert bot_turns(client) == {"waiting": 0, "held": 1}
