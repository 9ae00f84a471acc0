"""Issue #18, item 10: `gamestate serve` with its embedded PostgreSQL survives a kill -9. The
package keeps the pids of the processes using a data folder in .handle_pids.json and stops
the server only when the last of them leaves; a killed process never takes its pid out, so
the next clean stop saw a "user" still there and left PostgreSQL running. Now dead pids are
forgotten at start-up and at shutdown: kill -9, start again, SIGTERM, and no PostgreSQL is
left running on that data folder."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psutil
import pytest

from tests.cli.support import ROOT
from tests.conftest import _free_port


def _postgres_on(pgdata: Path) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["name", "cmdline"]):
        cmdline = " ".join(process.info["cmdline"] or ())
        if process.info["name"] == "postgres" and str(pgdata) in cmdline:
            found.append(process)
    return found


def _serve(data_dir: Path, port: int, log: Path) -> subprocess.Popen:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "GAMESTATE_ADMIN_KEY")
    }
    env.update(PYTHONPATH=str(ROOT), GAMESTATE_DATA_DIR=str(data_dir), GAMESTATE_LOG_JSON="0")
    with log.open("a") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "service.ops.cli", "serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 90
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health/ready", timeout=2).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        assert server.poll() is None, log.read_text()[-3000:]
        assert time.monotonic() < deadline, "gamestate serve did not start"
        time.sleep(0.2)


@pytest.fixture
def data_dir():
    # Out of pytest's basetemp, which another pytest run may make private (see conftest).
    parent = Path(tempfile.mkdtemp(prefix="gamestate-restart-"))
    yield parent
    for process in _postgres_on(parent / "pg"):
        process.kill()
    shutil.rmtree(parent, ignore_errors=True)


@pytest.mark.slow
def test_kill_9_then_start_then_sigterm_leaves_no_postgres(data_dir: Path) -> None:
    log = data_dir / "serve.log"
    port = _free_port()
    first = _serve(data_dir, port, log)
    pgdata = data_dir / "pg"
    assert _postgres_on(pgdata)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=10)
    assert _postgres_on(pgdata), "PostgreSQL outlives a killed service"
    assert first.pid in json.loads((pgdata / ".handle_pids.json").read_text())

    second = _serve(data_dir, port, log)
    created = httpx.post(
        f"http://127.0.0.1:{port}/games",
        json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]},
    )
    assert created.status_code == 201, created.text
    second.send_signal(signal.SIGTERM)
    assert second.wait(timeout=60) == 0, log.read_text()[-3000:]
    deadline = time.monotonic() + 20
    while _postgres_on(pgdata):
        assert time.monotonic() < deadline, (
            f"PostgreSQL still runs on {pgdata} after a clean stop:\n{log.read_text()[-2000:]}"
        )
        time.sleep(0.2)
    assert json.loads((pgdata / ".handle_pids.json").read_text()) == []
