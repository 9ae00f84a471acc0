"""A rolling restart under load (docs/operations.md, "Rolling restarts"): two `gamestate
serve` processes on one database, bots playing through both, and each process replaced in
turn (SIGTERM, a new one started on its port, ready) while they play. A client that meets a
closed connection sends the same request to the other process, a command with the same
Idempotency-Key, as docs/operations.md tells clients to. No answer is a 5xx, no command is
lost, none is applied twice: the store holds exactly one command per key acknowledged."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import psycopg

from tests.cli.support import ROOT

ADMIN = "rolling-admin-key"
BOTS = 6
RESTART_WAIT = 60.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self, database_url: str, port: int, tmp: Path, name: str) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.log = tmp / f"{name}.log"
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "DATABASE_URL": database_url,
            "GAMESTATE_ADMIN_KEY": ADMIN,
            "GAMESTATE_DATA_DIR": str(tmp),
            "GAMESTATE_LOG_JSON": "1",
        }
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "service.ops.cli", "serve", "--port", str(port)],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def wait_ready(self) -> None:
        deadline = time.monotonic() + RESTART_WAIT
        while True:
            try:
                if httpx.get(f"{self.url}/health/ready", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert self.process.poll() is None, self.log.read_text()[-3000:]
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.1)

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=RESTART_WAIT)


class Failover:
    """Two base URLs: a request that cannot reach one (refused, reset, closed before the
    answer) is sent again, unchanged, to the other."""

    def __init__(self, urls: list[str], first: int) -> None:
        self.clients = [httpx.Client(base_url=u, timeout=30) for u in urls]
        self.current = first
        self.failovers = 0

    def request(self, method: str, path: str, **kw: Any) -> httpx.Response:
        for _ in range(200):
            try:
                return self.clients[self.current].request(method, path, **kw)
            except httpx.TransportError:
                self.failovers += 1
                self.current = 1 - self.current
                time.sleep(0.02)
        raise AssertionError(f"{method} {path}: neither process answered")

    def close(self) -> None:
        for client in self.clients:
            client.close()


class Bot(threading.Thread):
    def __init__(self, urls: list[str], index: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.http = Failover(urls, index % 2)
        self.rng = random.Random(index)
        self.stop = stop
        self.games: list[str] = []
        self.acknowledged: list[tuple[str, str, list[tuple[int, str]]]] = []
        self.bad: list[str] = []
        self.error: BaseException | None = None

    def _check(self, answer: httpx.Response, *expected: int) -> Any:
        if answer.status_code not in expected:
            self.bad.append(
                f"{answer.request.method} {answer.request.url.path}:"
                f" {answer.status_code} {answer.text[:200]}"
            )
            return None
        return answer.json()

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # reported by the test
            self.error = exc
        finally:
            self.http.close()

    def _play(self) -> None:
        game, tokens = None, []
        for _ in range(5000):  # bounded: the test stops it long before
            if self.stop.is_set():
                return
            if game is None:
                body = {"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}
                created = self._check(self.http.request("POST", "/games", json=body), 201)
                if created is None:
                    return
                game, tokens = created["id"], [s["token"] for s in created["seats"]]
                self.games.append(game)
            view = self._check(self.http.request("GET", f"/games/{game}"), 200)
            if view is None:
                return
            if view["status"] == "finished":
                game = None
                continue
            seat = self.rng.choice(view["to_act"])
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = self._check(
                self.http.request("GET", f"/games/{game}/legal-commands", headers=auth), 200
            )
            if legal is None:
                return
            key = uuid.uuid4().hex
            answer = self._check(
                self.http.request(
                    "POST",
                    f"/games/{game}/commands",
                    json={"command": self.rng.choice(legal["commands"])},
                    headers={**auth, "Idempotency-Key": key},
                ),
                200,
            )
            if answer is None:
                return
            events = [(e["version"], e["hash"]) for e in answer["events"]]
            self.acknowledged.append((game, key, events))


def _acknowledged(bots: list[Bot]) -> int:
    return sum(len(b.acknowledged) for b in bots)


def _wait_for_progress(bots: list[Bot], more: int, timeout: float = 30) -> None:
    target = _acknowledged(bots) + more
    deadline = time.monotonic() + timeout
    while _acknowledged(bots) < target:
        assert time.monotonic() < deadline, "the bots made no progress"
        assert not any(b.bad or b.error for b in bots), [(b.bad, b.error) for b in bots]
        time.sleep(0.05)


def test_replacing_each_process_under_load_loses_no_command_and_answers_no_5xx(
    database_url: str, tmp_path: Path
) -> None:
    ports = [_free_port(), _free_port()]
    servers = [Server(database_url, port, tmp_path, f"s{i}") for i, port in enumerate(ports)]
    stop = threading.Event()
    bots: list[Bot] = []
    try:
        for server in servers:
            server.wait_ready()
        bots = [Bot([s.url for s in servers], i, stop) for i in range(BOTS)]
        for bot in bots:
            bot.start()
        _wait_for_progress(bots, 40)
        for index, port in enumerate(ports):
            old = servers[index]
            assert old.stop() == 0, old.log.read_text()[-3000:]
            # One process serves alone: the bots keep playing through it.
            _wait_for_progress(bots, 20)
            servers[index] = Server(database_url, port, tmp_path, f"s{index}-new")
            servers[index].wait_ready()
            _wait_for_progress(bots, 20)
        # Both new processes take traffic again (each bot's next failover lands on one).
        _wait_for_progress(bots, 40)
    finally:
        stop.set()
        for bot in bots:
            bot.join(timeout=60)
        for server in servers:
            if server.process.poll() is None:
                server.stop()

    assert not [b.error for b in bots if b.error], [b.error for b in bots]
    assert not [line for b in bots for line in b.bad], [line for b in bots for line in b.bad]
    assert sum(b.http.failovers for b in bots) > 0, "no client met a replaced process"
    commands = [c for b in bots for c in b.acknowledged]
    games = [g for b in bots for g in b.games]
    with psycopg.connect(database_url) as conn:
        stored = {
            (str(stream), version): digest
            for stream, version, digest in conn.execute(
                "SELECT stream_id, version, hash FROM events WHERE stream_id = ANY(%s)",
                (games,),
            ).fetchall()
        }
        # A command's events share its command_id; the first carries its Idempotency-Key.
        keys = conn.execute(
            "SELECT stream_id::text, max(metadata ->> 'idempotency_key'),"
            " array_agg(version ORDER BY version) FROM events"
            " WHERE stream_id = ANY(%s) AND metadata ? 'command_id'"
            " GROUP BY stream_id, metadata ->> 'command_id'"
            " HAVING max(metadata ->> 'idempotency_key') IS NOT NULL",
            (games,),
        ).fetchall()
    for game, key, events in commands:
        for version, digest in events:
            assert stored.get((game, version)) == digest, (game, key, version)
    # Exactly the acknowledged commands, each once (a retried one was replayed, not re-run),
    # with exactly the events their answers named.
    assert sorted((g, k, v) for g, k, v in keys) == sorted(
        (g, k, [v for v, _ in e]) for g, k, e in commands
    )
