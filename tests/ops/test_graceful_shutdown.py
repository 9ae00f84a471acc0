"""SIGTERM during a burst of commands: `gamestate serve` finishes what it accepted, exits 0,
and every command it answered 200 is in the event store."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import psycopg

from tests.cli.support import ROOT

ADMIN = "shutdown-admin-key"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _bot(url: str, game: dict, rng: random.Random, stop: threading.Event, accepted: list) -> None:
    """Plays one game as fast as it can until the server goes away."""
    game_id = game["id"]
    tokens = [seat["token"] for seat in game["seats"]]
    with httpx.Client(base_url=url, timeout=10) as http:
        while not stop.is_set():
            try:
                view = http.get(f"/games/{game_id}").json()
                if view["status"] == "finished":
                    return
                seat = rng.choice(view["to_act"])
                auth = {"Authorization": f"Bearer {tokens[seat]}"}
                legal = http.get(f"/games/{game_id}/legal-commands", headers=auth).json()
                answer = http.post(
                    f"/games/{game_id}/commands",
                    json={"command": rng.choice(legal["commands"])},
                    headers=auth,
                )
            except (httpx.HTTPError, ValueError, KeyError):
                return  # the server is shutting down
            if answer.status_code == 200:
                body = answer.json()
                accepted.extend((game_id, e["version"], e["hash"]) for e in body["events"])
            elif answer.status_code >= 500:
                accepted.append((game_id, -answer.status_code, answer.text))


def test_sigterm_during_a_burst_loses_no_accepted_command(
    database_url: str, tmp_path: Path
) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": database_url,
        "GAMESTATE_ADMIN_KEY": ADMIN,
        "GAMESTATE_DATA_DIR": str(tmp_path),
        "GAMESTATE_LOG_JSON": "1",
    }
    log_path = tmp_path / "serve.log"
    with log_path.open("w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "service.ops.cli", "serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if httpx.get(f"{url}/health/ready", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert server.poll() is None, log_path.read_text()
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.1)

            games = [
                httpx.post(
                    f"{url}/games",
                    json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]},
                ).json()
                for _ in range(8)
            ]
            stop = threading.Event()
            accepted: list[tuple] = []
            bots = [
                threading.Thread(
                    target=_bot, args=(url, g, random.Random(i), stop, accepted), daemon=True
                )
                for i, g in enumerate(games)
            ]
            for bot in bots:
                bot.start()
            time.sleep(1.5)
            before = len(accepted)
            server.send_signal(signal.SIGTERM)
            returncode = server.wait(timeout=30)
            stop.set()
            for bot in bots:
                bot.join(timeout=15)
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()

    output = log_path.read_text()
    assert returncode == 0, output[-3000:]
    assert before > 0, "the burst must have been under way when SIGTERM arrived"
    assert not [a for a in accepted if a[1] < 0], "no 5xx during shutdown"
    with psycopg.connect(database_url) as conn:
        for game_id, version, digest in accepted:
            row = conn.execute(
                "SELECT hash FROM events WHERE stream_id = %s AND version = %s",
                (game_id, version),
            ).fetchone()
            assert row is not None and row[0] == digest, (game_id, version)
    access = [
        json.loads(line)
        for line in output.splitlines()
        if line.startswith("{") and '"event": "request"' in line
    ]
    assert len(access) >= before
    assert all(len(line["request_id"]) == 32 for line in access)
