"""`gamestate serve --workers 2` plays the bot seats' turns in its bot process
(service/clocks/bots.py, ``GAMESTATE_BOT_PLAYERS``), never in the command workers: bot games
play to their end, a person's moves (served by the workers) wake the bot process, and a bot
process killed with SIGKILL mid-game is restarted by the supervisor and every turn is still
played exactly once. ``--bot-players 0`` keeps the command workers playing.

Which process played is read from the processes themselves: a bot turn is decided in the
thinker pool of the process that plays it (spawned on its first turn, as its children), the
bot process is the child named ``gamestate-bots``, and a command worker that never played
has no child. Each server has a database of its own: no other test's bot player plays here."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil
import psycopg
import pytest

from service.ops.commands.server import BOT_PROCESS_NAME
from tests.bots.test_bot_turns import commands_per_version
from tests.conftest import ADMIN_KEY, fresh_database
from tests.faults.support import Server, auth

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="SO_REUSEPORT, process names")

ADMIN = auth(ADMIN_KEY)
WAIT = 120.0


@pytest.fixture
def database(pg_server: str) -> Iterator[str]:
    with fresh_database(pg_server) as url:
        yield url


@contextlib.contextmanager
def serving(database: str, tmp_path: Path, **env: str) -> Iterator[Server]:
    server = Server(database, tmp_path, workers=2, env=env)
    server.start()
    try:
        yield server
    finally:
        server.stop()
    # Every process stopped within the supervisor's shutdown timeout (none had to be killed).
    assert server.process is not None and server.process.returncode == 0


def bot_processes(server: Server) -> list[psutil.Process]:
    return [p for p in server.worker_processes() if _name(p) == BOT_PROCESS_NAME]


def command_workers(server: Server) -> list[psutil.Process]:
    """The workers and the stream worker: every supervised process but the bot process."""
    return [p for p in server.worker_processes() if _name(p) != BOT_PROCESS_NAME]


def _name(process: psutil.Process) -> str | None:
    try:
        return process.name()
    except psutil.Error:
        return None


def _children(process: psutil.Process) -> list[psutil.Process]:
    try:
        return [c for c in process.children() if c.status() != psutil.STATUS_ZOMBIE]
    except psutil.Error:
        return []


def wait_for_bot_process(server: Server, other_than: int | None = None) -> psutil.Process:
    """The bot process, once up: named, and lowered in priority (its app does that before its
    player starts, a moment after the process gets its name)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = [p for p in bot_processes(server) if p.pid != other_than]
        with contextlib.suppress(psutil.NoSuchProcess):
            if found and found[0].nice() > 0:
                return found[0]
        time.sleep(0.1)
    raise AssertionError("no bot process came up (named and niced)")


def bots_game(server: Server, policy: str = "greedy", level: int = 1) -> str:
    seat = {"bot": policy, "level": level}
    answer = httpx.post(
        f"{server.url}/games", json={"game": "azul", "seats": [seat, seat]}, headers=ADMIN
    )
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def wait_finished(server: Server, game_id: str) -> dict:
    deadline = time.monotonic() + WAIT
    while True:
        view = httpx.get(f"{server.url}/games/{game_id}").json()
        if view["status"] != "active":
            return view
        assert time.monotonic() < deadline, f"game {game_id} stuck at {view['version']}"
        time.sleep(0.05)


def assert_whole(server: Server, database: str, game_id: str) -> None:
    """Finished, every version stored once, each bot turn played once, and the audit agrees."""
    view = wait_finished(server, game_id)
    assert view["status"] == "finished", view["status"]
    events = httpx.get(f"{server.url}/games/{game_id}/events", params={"limit": 1000}).json()
    assert [e["version"] for e in events["events"]] == list(range(1, view["version"] + 1))
    assert set(commands_per_version(database, game_id).values()) == {1}
    assert httpx.get(f"{server.url}/games/{game_id}/audit", headers=ADMIN).json()["ok"]


def test_the_bot_process_plays_every_bot_turn_and_the_workers_none(
    database: str, tmp_path: Path
) -> None:
    # A minute between the bot process's looks at the table: a person's game against a bot
    # moves on only if the workers' commits wake it (across processes, by NOTIFY).
    with serving(database, tmp_path, GAMESTATE_BOT_POLL_SECONDS="60") as server:
        bots = wait_for_bot_process(server)
        assert len(bot_processes(server)) == 1
        assert bots.nice() > 0  # below the workers (raised before its player starts)
        alone = bots_game(server)
        game = httpx.post(
            f"{server.url}/games",
            json={"game": "azul", "seats": [{"name": "me"}, {"bot": "greedy", "level": 1}]},
        ).json()
        headers = auth(game["seats"][0]["token"])
        deadline = time.monotonic() + WAIT
        mine = 0
        while True:
            view = httpx.get(f"{server.url}/games/{game['id']}").json()
            if view["status"] != "active":
                break
            assert time.monotonic() < deadline, f"stuck at version {view['version']}"
            if 0 not in view["to_act"]:
                time.sleep(0.02)
                continue
            path = f"{server.url}/games/{game['id']}"
            legal = httpx.get(f"{path}/legal-commands", headers=headers).json()
            command = {"command": legal["commands"][0], "expected_version": legal["version"]}
            answer = httpx.post(f"{path}/commands", json=command, headers=headers)
            assert answer.status_code == 200, answer.text
            mine += 1
            deadline = time.monotonic() + WAIT
        assert mine > 5
        for game_id in (alone, game["id"]):
            assert_whole(server, database, game_id)
        # The bot process thought (its pool, at a priority no higher than its own); no
        # command worker ever did: they played no bot turn.
        thinkers = _children(bots)
        assert thinkers and all(t.nice() >= bots.nice() for t in thinkers)
        stopped = [bots, *thinkers]
        workers = command_workers(server)
        assert len(workers) == 3  # two workers and the stream worker
        assert [w.pid for w in workers if _children(w)] == []
        # The one claimer: only the bot process listens for bot turns.
        with psycopg.connect(database, autocommit=True) as conn:
            listeners = conn.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE application_name = 'gamestate-bots' AND datname = current_database()"
            ).fetchone()[0]
        assert listeners == 1
    # A graceful stop ends the bot process and its thinkers too.
    _, alive = psutil.wait_procs(stopped, timeout=10)
    assert not alive, alive


def test_a_killed_bot_process_is_restarted_and_every_turn_is_played_once(
    database: str, tmp_path: Path
) -> None:
    with serving(
        database,
        tmp_path,
        GAMESTATE_BOT_CPU_MS="100",
        GAMESTATE_BOT_LEASE_SECONDS="2",
        GAMESTATE_BOT_POLL_SECONDS="0.2",
    ) as server:
        bots = wait_for_bot_process(server)
        # mcts at level 1 thinks up to 40 ms a move: the bot process holds a claim most of
        # the time, and the games take long enough to be killed in the middle of.
        games = [bots_game(server, "mcts", 1) for _ in range(3)]
        deadline = time.monotonic() + WAIT
        with psycopg.connect(database, autocommit=True) as conn:
            while True:
                assert time.monotonic() < deadline, "the bot process claimed nothing"
                held = conn.execute(
                    "SELECT stream_id, version FROM bot_turns WHERE claimed_by LIKE %s"
                    " AND claimed_until > now()",
                    (f"bots-{bots.pid}-%",),
                ).fetchall()
                if held:
                    break
                time.sleep(0.01)
        thinkers = _children(bots)
        bots.kill()  # mid-turn: its claim stays until the lease runs out
        bots.wait(10)
        replacement = wait_for_bot_process(server, other_than=bots.pid)
        for game_id in games:
            assert_whole(server, database, game_id)
        # The turn the killed process held was played (by the new one), once.
        stream_id, version = held[0]
        assert commands_per_version(database, str(stream_id)).get(version + 1) == 1
        assert _children(replacement), "the restarted bot process played nothing"
        # Its thinkers did not outlive it (they watch for their parent).
        _, alive = psutil.wait_procs(thinkers, timeout=15)
        assert not alive, f"thinkers of the killed bot process still run: {alive}"
        assert [w.pid for w in command_workers(server) if _children(w)] == []


def test_with_no_bot_process_the_command_workers_play(database: str, tmp_path: Path) -> None:
    with serving(database, tmp_path, GAMESTATE_BOT_PLAYERS="0") as server:
        game_id = bots_game(server)
        assert_whole(server, database, game_id)
        assert bot_processes(server) == []
        assert [w for w in command_workers(server) if _children(w)], "no worker thought"
