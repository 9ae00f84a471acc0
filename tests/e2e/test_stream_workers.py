"""`gamestate serve --workers 2 --stream-workers 1` as a subprocess: live streams requested on
a fresh connection are handed over to the stream worker (service/ops/handoff.py) and answered
there exactly as a command worker answers them; everything else stays where it arrived.

Which process serves a connection is read from the kernel (psutil: the process holding the
server side of the client's TCP connection); the stream worker is the child with a raised
nice value that is not the bot process (named ``gamestate-bots``, tests/e2e/test_bot_process.py)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil
import pytest

from service.ops.commands.server import BOT_PROCESS_NAME
from service.ops.handoff import STREAM_WORKER_NICE
from service.support import sched

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="SO_REUSEPORT, SCM_RIGHTS")

ROOT = Path(__file__).resolve().parents[2]
ADMIN = "stream-workers-admin"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Served:
    def __init__(self, process: subprocess.Popen, port: int) -> None:
        self.process = process
        self.port = port
        self.base = f"http://127.0.0.1:{port}"

    def children(self) -> list[psutil.Process]:
        """The workers and stream workers (not the bot process)."""
        found = []
        for child in psutil.Process(self.process.pid).children():
            try:
                if (
                    "spawn_main" in " ".join(child.cmdline())
                    and child.status() != "zombie"
                    and child.name() != BOT_PROCESS_NAME
                ):
                    found.append(child)
            except psutil.Error:
                pass
        return found

    def stream_workers(self) -> list[psutil.Process]:
        return [p for p in self.children() if _nice(p) == STREAM_WORKER_NICE]

    def command_workers(self) -> list[psutil.Process]:
        return [p for p in self.children() if _nice(p) == 0]

    def holder(self, client: socket.socket) -> int | None:
        """The pid of the service process holding the server side of ``client``."""
        local = client.getsockname()[1]
        for process in self.children():
            try:
                for conn in process.net_connections(kind="tcp"):
                    if conn.raddr and conn.raddr.port == local and conn.laddr.port == self.port:
                        return process.pid
            except psutil.Error:
                pass
        return None


def _nice(process: psutil.Process) -> int | None:
    try:
        return process.nice()
    except psutil.Error:
        return None


def _start(database_url: str, tmp_path: Path, *args: str) -> Served:
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": database_url,
        "GAMESTATE_ADMIN_KEY": ADMIN,
        "GAMESTATE_DATA_DIR": str(tmp_path),
        "GAMESTATE_SSE_KEEPALIVE": "1",
    }
    env.pop("GAMESTATE_STREAM_WORKERS", None)
    log = (tmp_path / f"serve-{port}.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "service.ops.cli", "serve", "--port", str(port), *args],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    served = Served(process, port)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, (tmp_path / f"serve-{port}.log").read_text()[-3000:]
        try:
            if httpx.get(f"{served.base}/health/ready", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    else:
        process.kill()
        raise AssertionError("gamestate serve did not start")
    return served


def _stop(served: Served) -> int:
    if served.process.poll() is None:
        served.process.send_signal(signal.SIGTERM)
    try:
        return served.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        served.process.kill()
        served.process.wait()
        raise AssertionError("gamestate serve did not stop") from None


def _wait_for_stream_worker(served: Served, other_than: int | None = None) -> psutil.Process:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = [p for p in served.stream_workers() if p.pid != other_than]
        if found:
            # Ready once it listens for hand-offs (its app started).
            for conn in found[0].net_connections(kind="unix"):
                if conn.laddr and conn.laddr.endswith(".sock"):
                    return found[0]
        time.sleep(0.1)
    raise AssertionError("no stream worker came up")


@pytest.fixture(scope="module")
def served(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = _start(
        database_url, tmp_path_factory.mktemp("streams"), "--workers", "2", "--stream-workers", "1"
    )
    try:
        _wait_for_stream_worker(served)
        yield served
    finally:
        assert _stop(served) == 0


class Raw:
    """A bare HTTP/1.1 client connection: what is sent, and how, is the test's choice."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buffer = b""

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _fill(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed by the server after {self.buffer!r}")
        self.buffer += chunk

    def head(self) -> tuple[int, dict[str, str]]:
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
        return int(lines[0].split(" ")[1]), headers

    def body(self, headers: dict[str, str]) -> bytes:
        """A whole non-chunked body (Content-Length)."""
        size = int(headers["content-length"])
        while len(self.buffer) < size:
            self._fill()
        body, self.buffer = self.buffer[:size], self.buffer[size:]
        return body

    def until(self, marker: bytes) -> bytes:
        """Everything of a chunked stream up to and including ``marker``."""
        while marker not in self.buffer:
            self._fill()
        end = self.buffer.index(marker) + len(marker)
        seen, self.buffer = self.buffer[:end], self.buffer[end:]
        return seen

    def close(self) -> None:
        self.sock.close()


def _request(path: str, token: str | None = None, method: str = "GET") -> bytes:
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    return f"{method} {path} HTTP/1.1\r\nHost: test\r\n{auth}\r\n".encode()


def _game(base: str) -> dict:
    answer = httpx.post(
        f"{base}/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def _turn(base: str, game: dict) -> int:
    view = httpx.get(f"{base}/games/{game['id']}").json()
    token = game["seats"][view["to_act"][0]]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    legal = httpx.get(f"{base}/games/{game['id']}/legal-commands", headers=auth).json()
    answer = httpx.post(
        f"{base}/games/{game['id']}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=auth,
    )
    assert answer.status_code == 200, answer.text
    return answer.json()["version"]


def _open(served: Served, path: str, *, kept_alive: bool = False, token: str | None = None):
    """A stream request on a fresh connection, or on one that served a request first."""
    raw = Raw(served.port)
    if kept_alive:
        raw.send(_request("/health"))
        status, headers = raw.head()
        assert status == 200
        raw.body(headers)
    raw.send(_request(path, token))
    return raw


STABLE = ("content-type", "cache-control", "connection", "x-accel-buffering", "transfer-encoding")


def test_a_stream_on_a_fresh_connection_goes_to_the_stream_worker_and_gets_every_event(
    served: Served,
) -> None:
    (stream_worker,) = served.stream_workers()
    game = _game(served.base)
    raw = _open(served, f"/games/{game['id']}/events/stream?until_version=4")
    try:
        status, headers = raw.head()
        assert status == 200 and headers["content-type"].startswith("text/event-stream")
        assert served.holder(raw.sock) == stream_worker.pid
        for _ in range(3):
            _turn(served.base, game)
        seen = raw.until(b"event: end")
        for version in (1, 2, 3, 4):
            assert f"id: {version}\n".encode() in seen
        tail = raw.until(b"\r\n0\r\n\r\n")  # the chunked body's end
        assert b'"reason":"until_version"' in tail
        # The connection is kept alive, in the stream worker, and serves what comes next.
        raw.send(_request("/health"))
        status, headers = raw.head()
        assert status == 200
        raw.body(headers)
        assert served.holder(raw.sock) == stream_worker.pid
    finally:
        raw.close()


@pytest.mark.skipif(not sched.slice_ns(), reason="no EEVDF slices on this kernel")
def test_the_stream_worker_asks_for_a_short_slice_and_the_command_workers_do_not(
    served: Served,
) -> None:
    # GAMESTATE_STREAM_WORKER_SLICE_US's default (0.1 ms): a woken command worker waits at
    # most that long for a stream worker that holds a core (service/support/sched.py).
    (stream_worker,) = served.stream_workers()
    assert sched.slice_ns(stream_worker.pid) == 100_000
    for worker in served.command_workers():
        assert sched.slice_ns(worker.pid) == sched.slice_ns(os.getpid()) != 100_000


def test_a_stream_on_a_kept_alive_connection_is_served_where_it_arrived(served: Served) -> None:
    commands = {p.pid for p in served.command_workers()}
    game = _game(served.base)
    raw = _open(served, f"/games/{game['id']}/events/stream?until_version=2", kept_alive=True)
    try:
        status, _ = raw.head()
        assert status == 200
        assert served.holder(raw.sock) in commands
        _turn(served.base, game)
        seen = raw.until(b"event: end")
        assert b"id: 1\n" in seen and b"id: 2\n" in seen
    finally:
        raw.close()


def test_a_head_split_over_two_reads_is_served_where_it_arrived(served: Served) -> None:
    commands = {p.pid for p in served.command_workers()}
    game = _game(served.base)
    request = _request(f"/games/{game['id']}/events/stream?until_version=2")
    raw = Raw(served.port)
    try:
        raw.send(request[:20])
        time.sleep(0.3)  # read on its own by the worker
        raw.send(request[20:])
        status, _ = raw.head()
        assert status == 200
        assert served.holder(raw.sock) in commands
        _turn(served.base, game)
        seen = raw.until(b"event: end")
        assert b"id: 2\n" in seen
    finally:
        raw.close()


def _answer(raw: Raw) -> tuple[int, dict[str, str], bytes]:
    status, headers = raw.head()
    # A stream's first message (the SSE preamble), in its chunk: SSE lines end in LF.
    body = raw.body(headers) if "content-length" in headers else raw.until(b"\n\n")
    return status, headers, body


def test_the_stream_worker_answers_as_a_command_worker_does(served: Served) -> None:
    """Every kind of answer of the stream routes, on a fresh connection (handed over) and
    on a kept-alive one (served by a command worker): the same status, headers and body."""
    (stream_worker,) = served.stream_workers()
    game = _game(served.base)
    other = _game(served.base)
    player = httpx.post(f"{served.base}/players", json={"name": "streams"})
    assert player.status_code == 201, player.text
    player_id, player_token = player.json()["id"], player.json()["token"]
    tournament = httpx.post(
        f"{served.base}/tournaments",
        json={"name": "t", "game": "azul", "format": "swiss", "rounds": 1},
        headers={"Authorization": f"Bearer {ADMIN}"},
    )
    assert tournament.status_code == 201, tournament.text
    unknown = uuid.uuid4()
    cases = [
        (f"/games/{game['id']}/events/stream", None),
        (f"/games/{game['id']}/events/stream", game["seats"][1]["token"]),
        (f"/games/{unknown}/events/stream", None),
        (f"/games/{game['id']}/events/stream", "not-a-token"),
        (f"/games/{game['id']}/events/stream", other["seats"][0]["token"]),
        (f"/games/{game['id']}/events/stream?after=-1", None),
        (f"/players/{player_id}/events/stream", player_token),
        (f"/players/{player_id}/events/stream", None),
        (f"/players/{unknown}/events/stream", player_token),
        (f"/tournaments/{tournament.json()['id']}/events/stream", None),
        (f"/tournaments/{unknown}/events/stream", None),
    ]
    statuses = []
    for path, token in cases:
        answers = []
        for kept_alive in (False, True):
            raw = _open(served, path, kept_alive=kept_alive, token=token)
            try:
                status, headers, body = _answer(raw)
                holder = served.holder(raw.sock)
            finally:
                raw.close()
            assert (holder == stream_worker.pid) is not kept_alive, (path, kept_alive)
            kept = {k: v for k, v in headers.items() if k in STABLE}
            answers.append((status, kept, body))
        assert answers[0] == answers[1], path
        statuses.append(answers[0][0])
    assert statuses == [200, 200, 404, 401, 403, 400, 200, 401, 403, 200, 404]


def test_a_killed_stream_worker_is_replaced_and_no_stream_fails_meanwhile(
    served: Served,
) -> None:
    (stream_worker,) = served.stream_workers()
    game = _game(served.base)
    stream_worker.kill()
    stream_worker.wait(10)
    version, opened, holders = 1, 0, set()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        raw = _open(served, f"/games/{game['id']}/events/stream?after={version}&timeout=5")
        try:
            status, _ = raw.head()
            assert status == 200
            holders.add(served.holder(raw.sock))
            version = _turn(served.base, game)
            assert f"id: {version}\n".encode() in raw.until(f"id: {version}\n".encode())
        finally:
            raw.close()
        opened += 1
        replaced = [p for p in served.stream_workers() if p.pid != stream_worker.pid]
        if replaced and replaced[0].pid in holders:
            break
        time.sleep(0.1)
    replacement = _wait_for_stream_worker(served, other_than=stream_worker.pid)
    assert replacement.pid in holders, "no stream went to the restarted stream worker"
    assert holders & {p.pid for p in served.command_workers()}, (
        "no stream was served locally while the stream worker was down"
    )
    assert opened >= 2


def test_sigterm_ends_handed_over_streams_within_the_graceful_shutdown(
    database_url: str, tmp_path: Path
) -> None:
    served = _start(database_url, tmp_path, "--workers", "2", "--stream-workers", "1")
    try:
        stream_worker = _wait_for_stream_worker(served)
        game = _game(served.base)
        raws = [_open(served, f"/games/{game['id']}/events/stream") for _ in range(3)]
        for raw in raws:
            assert raw.head()[0] == 200
            assert served.holder(raw.sock) == stream_worker.pid
        started = time.monotonic()
        served.process.send_signal(signal.SIGTERM)
        for raw in raws:
            raw.until(b"event: end")
            assert b'"reason":"shutdown"' in raw.until(b"\n\n")
            raw.close()
        assert served.process.wait(timeout=30) == 0
        # Told first, the streams do not hold the shutdown until its 10 s timeout.
        assert time.monotonic() - started < 8
        assert not stream_worker.is_running() or stream_worker.status() == "zombie"
    finally:
        _stop(served)


def test_no_stream_workers_serves_streams_in_the_command_workers(
    database_url: str, tmp_path: Path
) -> None:
    served = _start(database_url, tmp_path, "--workers", "2", "--stream-workers", "0")
    try:
        assert served.stream_workers() == []
        commands = {p.pid for p in served.command_workers()}
        assert len(commands) == 2
        game = _game(served.base)
        raw = _open(served, f"/games/{game['id']}/events/stream?until_version=2")
        try:
            assert raw.head()[0] == 200
            assert served.holder(raw.sock) in commands
            _turn(served.base, game)
            assert b"id: 2\n" in raw.until(b"event: end")
        finally:
            raw.close()
    finally:
        assert _stop(served) == 0
