"""`gamestate serve` as a user runs it (`make run`): with no DATABASE_URL it starts an embedded
PostgreSQL in its data folder, keeps games across restarts, and stops that database cleanly
on SIGTERM or Ctrl-C (SIGINT), leaving no postgres process behind."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psutil
import pytest

from service.ops.commands.server import BOT_PROCESS_NAME

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _postgres_running(data_dir: Path) -> bool:
    found = subprocess.run(
        ["pgrep", "-f", f"postgres -D {data_dir}/pg"], capture_output=True, text=True
    )
    return bool(found.stdout.strip())


def _start(data_dir: Path, port: int, *, workers: int = 1) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "GAMESTATE_ADMIN_KEY")}
    env.update(
        PYTHONPATH=str(ROOT),
        GAMESTATE_DATA_DIR=str(data_dir),
        GAMESTATE_PORT=str(port),
        GAMESTATE_WORKERS=str(workers),
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "service.ops.cli", "serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        if process.poll() is not None:
            raise AssertionError(process.stderr.read())
        time.sleep(0.2)
    process.kill()
    raise AssertionError("gamestate serve did not become healthy")


def _stop(process: subprocess.Popen, signum: int) -> str:
    process.send_signal(signum)
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError("gamestate serve did not stop") from None
    return err


@pytest.mark.skipif(sys.platform != "linux", reason="uses pgrep")
def test_serve_with_an_embedded_database_survives_restarts_and_stops_cleanly(
    tmp_path: Path,
) -> None:
    data_dir = tmp_path / "data"
    port = _free_port()

    first = _start(data_dir, port)
    created = httpx.post(
        f"http://127.0.0.1:{port}/games",
        json={"game": "azul", "seats": [{"name": "kept"}, {"name": "b"}]},
    ).json()
    assert _postgres_running(data_dir)
    err = _stop(first, signal.SIGTERM)
    assert "admin key" in err and (data_dir / "admin_key").exists()
    assert not _postgres_running(data_dir), "SIGTERM left the embedded postgres running"

    second = _start(data_dir, port)
    listed = httpx.get(f"http://127.0.0.1:{port}/games", params={"player": "kept"}).json()
    assert [item["id"] for item in listed["items"]] == [created["id"]]
    _stop(second, signal.SIGINT)
    assert not _postgres_running(data_dir), "Ctrl-C left the embedded postgres running"


def _workers(
    process: subprocess.Popen, *, streams: bool = False, bots: bool = False
) -> list[psutil.Process]:
    """The supervisor's worker processes (not multiprocessing's resource tracker), or with
    ``streams`` its stream workers (niced), or with ``bots`` its bot processes (named); a
    worker that just died is a zombie until the supervisor reaps it, and is left out."""
    found = []
    for child in psutil.Process(process.pid).children():
        try:
            if "spawn_main" not in " ".join(child.cmdline()):
                continue
            if child.name() == BOT_PROCESS_NAME:
                if bots:
                    found.append(child)
            elif not bots and (child.nice() > 0) == streams:
                found.append(child)
        except psutil.Error:
            pass
    return found


def _play_a_turn(base: str, game: dict) -> None:
    view = httpx.get(f"{base}/games/{game['id']}").json()
    token = game["seats"][view["to_act"][0]]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    legal = httpx.get(f"{base}/games/{game['id']}/legal-commands", headers=headers).json()
    answer = httpx.post(
        f"{base}/games/{game['id']}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=headers,
    )
    assert answer.status_code == 200, answer.text


@pytest.mark.skipif(sys.platform != "linux", reason="uses pgrep")
def test_serve_with_workers_replaces_a_dead_worker_and_stops_every_process(
    tmp_path: Path,
) -> None:
    data_dir = tmp_path / "data"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = _start(data_dir, port, workers=2)
    try:
        # The stream worker lowers its priority once it takes hand-offs; until then it
        # would be counted as a worker.
        deadline = time.monotonic() + 30
        while not _workers(server, streams=True) and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = _workers(server)
        assert len(workers) == 2
        game = httpx.post(
            f"{base}/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}
        ).json()
        # Fresh connections land on either worker; every turn must work whichever answers.
        for _ in range(6):
            _play_a_turn(base, game)

        workers[0].kill()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            alive = [w for w in _workers(server) if w.pid != workers[0].pid and w.is_running()]
            if len(alive) == 2:
                break
            time.sleep(0.2)
        assert len(alive) == 2, "the supervisor did not replace the killed worker"
        for _ in range(4):
            _play_a_turn(base, game)
        version = httpx.get(f"{base}/games/{game['id']}").json()["version"]
        events = httpx.get(f"{base}/games/{game['id']}/events").json()["events"]
        assert [e["version"] for e in events] == list(range(1, version + 1))
        # --workers 2 starts one stream worker (tests/e2e/test_stream_workers.py) and one bot
        # process (tests/e2e/test_bot_process.py) by default.
        assert len(_workers(server, streams=True)) == 1
        assert len(_workers(server, bots=True)) == 1
    finally:
        survivors = _workers(server) + _workers(server, streams=True) + _workers(server, bots=True)
        _stop(server, signal.SIGTERM)
    assert server.returncode == 0
    assert not any(w.is_running() for w in survivors), "a worker outlived SIGTERM"
    assert not _postgres_running(data_dir), "SIGTERM left the embedded postgres running"
