"""Helpers for the fault tests: a ``gamestate serve`` subprocess, bots that play through the
API, and an audit of stored streams straight from the database."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec
import psutil
import psycopg

from domain._kernel import Rng
from domain._kernel import decide as kernel_decide
from domain.registry import GAMES
from service.games.model import setup_of
from service.store.chain import GENESIS, event_hash
from tests.conftest import ADMIN_KEY, _free_port

REPO = Path(__file__).resolve().parents[2]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Server:
    """``python -m service.ops.cli serve`` on a fixed port, as production runs it."""

    def __init__(
        self,
        database_url: str,
        data_dir: Path,
        *,
        workers: int = 1,
        env: dict[str, str] | None = None,
    ) -> None:
        self.database_url = database_url
        self.data_dir = data_dir
        self.workers = workers
        self.env = env or {}
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> None:
        env = {
            **os.environ,
            "PYTHONPATH": str(REPO),
            "DATABASE_URL": self.database_url,
            "GAMESTATE_ADMIN_KEY": ADMIN_KEY,
            "GAMESTATE_DATA_DIR": str(self.data_dir),
            "GAMESTATE_LOG_LEVEL": "warning",
            "GAMESTATE_WORKERS": str(self.workers),
            **self.env,
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "service.ops.cli", "serve", "--port", str(self.port)],
            cwd=REPO,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        while True:
            assert self.process.poll() is None, "gamestate serve exited"
            try:
                if httpx.get(f"{self.url}/health", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "gamestate serve did not start"
            time.sleep(0.1)

    def worker_processes(self) -> list[psutil.Process]:
        """The worker processes of ``serve --workers N`` (none with one worker), its stream
        workers included."""
        assert self.process is not None
        found = []
        for child in psutil.Process(self.process.pid).children():
            try:
                if "spawn_main" in " ".join(child.cmdline()):
                    found.append(child)
            except psutil.Error:  # a worker that just died, not yet reaped
                pass
        return found

    def kill(self) -> None:
        """kill -9 of every serving process (the supervisor first, so that it starts no new
        worker): no graceful shutdown, no rollback, no flush."""
        assert self.process is not None
        workers = self.worker_processes()
        os.kill(self.process.pid, signal.SIGKILL)
        for worker in workers:
            with contextlib.suppress(psutil.Error):
                worker.kill()
        self.process.wait(timeout=10)
        psutil.wait_procs(workers, timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@dataclass
class Accepted:
    game_id: str
    versions: list[int]
    hashes: list[str]


@dataclass
class Tally:
    created: list[str] = field(default_factory=list)
    accepted: list[Accepted] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    transport_errors: int = 0

    def count(self, status: int) -> None:
        self.statuses[status] = self.statuses.get(status, 0) + 1


async def play(
    client: httpx.AsyncClient,
    tally: Tally,
    rng: random.Random,
    *,
    prefix: str,
    stop: Any,
    slug: str = "azul",
) -> None:
    """Create games and play random legal commands until ``stop()`` or a transport error."""
    while not stop():
        try:
            created = await client.post(
                "/games",
                json={"game": slug, "seats": [{"name": f"{prefix}-{i}"} for i in range(2)]},
            )
            tally.count(created.status_code)
            if created.status_code != 201:
                continue
            body = created.json()
            tally.created.append(body["id"])
            tokens = [seat["token"] for seat in body["seats"]]
            while not stop():
                view = await client.get(f"/games/{body['id']}")
                tally.count(view.status_code)
                if view.status_code != 200 or view.json()["status"] == "finished":
                    break
                seat = rng.choice(view.json()["to_act"])
                legal = await client.get(
                    f"/games/{body['id']}/legal-commands", headers=auth(tokens[seat])
                )
                tally.count(legal.status_code)
                if legal.status_code != 200:
                    break
                answer = await client.post(
                    f"/games/{body['id']}/commands",
                    json={
                        "command": rng.choice(legal.json()["commands"]),
                        "expected_version": legal.json()["version"],
                    },
                    headers=auth(tokens[seat]),
                )
                tally.count(answer.status_code)
                if answer.status_code == 200:
                    events = answer.json()["events"]
                    tally.accepted.append(
                        Accepted(
                            body["id"], [e["version"] for e in events], [e["hash"] for e in events]
                        )
                    )
        except httpx.TransportError:
            tally.transport_errors += 1
            return


def _plain(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


def audit(database_url: str, game_id: str | uuid.UUID) -> list[tuple]:
    """Everything a stored game must satisfy, checked from the rows themselves: versions
    contiguous and matching the stream row; every hash links; the events of each command id
    contiguous, never repeated, and exactly what ``decide`` yields for the recorded command
    from the state before it (so no command is half written); the whole stream folds.
    Returns the rows (version, hash, metadata)."""
    with psycopg.connect(database_url) as conn:
        game, setup_json, version, rules_version = conn.execute(
            "SELECT game, setup, version, rules_version FROM streams WHERE id = %s", (game_id,)
        ).fetchone()
        (seed,) = conn.execute(
            "SELECT seed FROM secrets WHERE stream_id = %s", (game_id,)
        ).fetchone()
        rows = conn.execute(
            "SELECT version, type, data, metadata, prev_hash, hash FROM events"
            " WHERE stream_id = %s ORDER BY version",
            (game_id,),
        ).fetchall()
    assert [r[0] for r in rows] == list(range(1, version + 1))
    prev = GENESIS
    for v, type_, data, metadata, prev_hash, digest in rows:
        assert prev_hash == prev
        assert event_hash(prev, game_id, v, type_, data, metadata) == digest
        prev = digest
    groups: list[tuple[str, list[tuple]]] = []
    for row in rows:
        command_id = row[3]["command_id"]
        if groups and groups[-1][0] == command_id:
            groups[-1][1].append(row)
        else:
            assert command_id not in {g[0] for g in groups}, "a command's events are split"
            groups.append((command_id, [row]))
    spec = GAMES[game]
    setup = setup_of(spec, setup_json, rules_version)
    state = spec.initial_state(setup)
    for index, (_, group) in enumerate(groups):
        metadata = group[0][3]
        if index == 0:
            assert metadata["command"] is None
            expected = spec.start(setup, Rng(seed, 0))
        else:
            command = msgspec.convert(metadata["command"], spec.command_type)
            expected = kernel_decide(
                spec, state, metadata["seat"], command, Rng(seed, group[0][0] - 1)
            )
        assert _plain(list(expected)) == _plain([r[2] for r in group]), "incomplete command"
        for event in expected:
            state = spec.evolve(state, event)
    return [(r[0], r[5], r[3]) for r in rows]
