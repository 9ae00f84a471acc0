"""The corked transport: what is written in one turn of the event loop leaves in one write,
in order, and nothing written is lost on close."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.ops.transport import CorkedHttpToolsProtocol, CorkedTransport


class Spy:
    """A transport that records its writes."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        assert not self.closed, "write after close"
        self.writes.append(data)

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_extra_info(self, name: str, default: object = None) -> object:
        return {"peername": ("127.0.0.1", 1)}.get(name, default)


def test_writes_in_one_loop_turn_leave_as_one_write_in_order() -> None:
    async def run() -> list[bytes]:
        spy = Spy()
        corked = CorkedTransport(spy, asyncio.get_running_loop())  # type: ignore[arg-type]
        corked.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n")
        corked.write(b"{}")
        assert spy.writes == []  # held until the end of this turn
        await asyncio.sleep(0)
        corked.write(b"next")
        await asyncio.sleep(0)
        return spy.writes

    assert asyncio.run(run()) == [b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}", b"next"]


def test_close_sends_what_was_written_before_closing() -> None:
    async def run() -> Spy:
        spy = Spy()
        corked = CorkedTransport(spy, asyncio.get_running_loop())  # type: ignore[arg-type]
        corked.write(b"last words")
        corked.close()
        await asyncio.sleep(0)  # the scheduled flush finds nothing left to send
        return spy

    spy = asyncio.run(run())
    assert spy.writes == [b"last words"] and spy.closed


def test_other_attributes_are_the_transports_own() -> None:
    async def run() -> object:
        corked = CorkedTransport(Spy(), asyncio.get_running_loop())  # type: ignore[arg-type]
        return corked.get_extra_info("peername")

    assert asyncio.run(run()) == ("127.0.0.1", 1)


class Counting:
    """Wraps the real transport and counts the writes that reach it."""

    writes: list[bytes] = []

    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport

    def write(self, data: bytes) -> None:
        Counting.writes.append(data)
        self._transport.write(data)

    def __getattr__(self, name: str) -> object:
        return getattr(self._transport, name)


class CountedCorked(CorkedHttpToolsProtocol):
    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(Counting(transport))


class CountedPlain(HttpToolsProtocol):
    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(Counting(transport))  # type: ignore[arg-type]


def _serve_and_ask(protocol: type, requests: int) -> list[bytes]:
    async def app(scope, receive, send) -> None:
        assert scope["type"] == "http"
        headers = [(b"content-length", b"5")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"hello"})

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, http=protocol, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.02)
    Counting.writes = []
    try:
        with socket.create_connection(("127.0.0.1", port)) as client:
            for _ in range(requests):  # on one keep-alive connection
                client.sendall(b"GET / HTTP/1.1\r\nHost: t\r\n\r\n")
                answer = b""
                while not answer.endswith(b"hello"):
                    answer += client.recv(65536)
                assert answer.startswith(b"HTTP/1.1 200 OK\r\n")
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    return Counting.writes


def test_a_response_leaves_in_one_write_where_plain_uvicorn_makes_two() -> None:
    plain = _serve_and_ask(CountedPlain, 3)
    corked = _serve_and_ask(CountedCorked, 3)
    assert len(plain) == 6  # head, then body, per response
    assert len(corked) == 3
    assert all(w.startswith(b"HTTP/1.1 200 OK") and w.endswith(b"\r\n\r\nhello") for w in corked)
