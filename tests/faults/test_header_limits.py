"""Issue #18, item 5: the request line and headers are capped by the server (16 KiB by
default, GAMESTATE_MAX_HEADER_BYTES): a bigger head is answered 431 and the connection closed
as soon as the cap is passed, without reading the rest, so a huge header costs the server
nothing and other clients are not held up. Against a real `gamestate serve`, raw sockets."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from tests.faults.support import Server


@pytest.fixture(scope="module")
def server(database_url: str, tmp_path_factory: pytest.TempPathFactory):
    served = Server(database_url, Path(tmp_path_factory.mktemp("headers")))
    served.start()
    yield served
    served.stop()


def _connect(server: Server) -> socket.socket:
    address = urlsplit(server.url)
    return socket.create_connection((address.hostname, address.port), timeout=10)


def _answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes (or 10 s pass)."""
    received = b""
    sock.settimeout(10)
    try:
        while chunk := sock.recv(65536):
            received += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return received


def _send_head(server: Server, head: bytes, *, chunk: int = 65536) -> tuple[bytes, float, int]:
    """Send ``head`` (never completed by a blank line unless it holds one) as fast as the
    server takes it; (what came back, seconds until the server closed, bytes it took)."""
    started = time.monotonic()
    sent = 0
    with _connect(server) as sock:
        try:
            while sent < len(head):
                sent += sock.send(head[sent : sent + chunk])
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = _answer(sock)
    return answer, time.monotonic() - started, sent


def test_a_huge_header_is_refused_with_431_at_once(server: Server) -> None:
    head = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Junk: " + b"j" * (64 * 1024 * 1024)
    answer, seconds, sent = _send_head(server, head)
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:200]
    assert seconds < 5, seconds
    assert sent < 8 * 1024 * 1024, f"the server read {sent} bytes of a 64 MiB header"


@pytest.mark.parametrize(
    "head",
    [
        b"GET /health HTTP/1.1\r\nHost: x\r\nX-Junk: " + b"j" * 20_000 + b"\r\n\r\n",
        b"GET /health HTTP/1.1\r\nHost: x\r\n"
        + b"".join(b"X-H%d: %s\r\n" % (i, b"v" * 100) for i in range(200))
        + b"\r\n",
        b"GET /health?" + b"q" * 20_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    ],
    ids=["one-header", "many-headers", "long-url"],
)
def test_a_head_over_the_cap_is_431_even_in_one_piece(server: Server, head: bytes) -> None:
    answer, _, _ = _send_head(server, head)
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:200]


def test_a_head_under_the_cap_is_served_and_keep_alive_goes_on(server: Server) -> None:
    request = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Junk: " + b"j" * 12_000 + b"\r\n\r\n"
    with _connect(server) as sock:
        for _ in range(3):  # the count starts again for each request of a connection
            sock.sendall(request)
            received = b""
            while b'"ok"' not in received:
                received += sock.recv(65536)
            assert received.startswith(b"HTTP/1.1 200 "), received[:200]


def test_other_clients_are_not_held_up_by_a_huge_header(server: Server) -> None:
    latencies: list[float] = []
    stop = threading.Event()

    def probe() -> None:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            while not stop.is_set():
                started = time.monotonic()
                assert client.get("/health").status_code == 200
                latencies.append(time.monotonic() - started)
                time.sleep(0.01)

    prober = threading.Thread(target=probe)
    prober.start()
    try:
        for _ in range(3):
            head = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Junk: " + b"j" * (32 * 1024 * 1024)
            answer, _, sent = _send_head(server, head)
            assert answer.startswith(b"HTTP/1.1 431 ")
            # The mechanism: the server stops reading soon after the cap (it never takes in
            # the 32 MiB), so the attack holds no worker busy.
            assert sent < 8 * 1024 * 1024, sent
    finally:
        stop.set()
        prober.join()
    # Every probe was answered 200 meanwhile (asserted in the probe). The bound is loose on
    # purpose (a shared CI box stalls any process now and then); the bench figures are in
    # bench/README.md.
    assert latencies and max(latencies) < 5, max(latencies)
