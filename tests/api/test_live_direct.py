"""The live streams' direct write path (service/live/direct.py): under our uvicorn protocol
the hub's pump writes a parked stream's events, framed as HTTP chunks, straight to its
connection. Frames written directly never interleave with what the stream's generator sends,
a connection that does not take them sends the stream back to the ordinary path (and so
``behind`` as before), and without the extension (another server) nothing changes."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import socket
import time
import uuid
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from service.live import direct as direct_module
from service.live.direct import DIRECT_WRITE, DirectWrite, chunk
from service.live.hub import Hub
from service.live.stream import events
from service.ops.transport import CorkedTransport
from tests.api.test_live import APPS, WAIT, Sse, _create, _play, _thread_server
from tests.api.test_live_fanout import Stream, _parse, _until


def _unchunk(data: bytes) -> list[bytes]:
    """The bodies of a run of HTTP chunks (what a client reassembles)."""
    bodies = []
    while data:
        size, _, rest = data.partition(b"\r\n")
        n = int(size, 16)
        assert rest[n : n + 2] == b"\r\n", "malformed chunk"
        bodies.append(rest[:n])
        data = rest[n + 2 :]
    return bodies


class Writer:
    """A direct write path that puts what it is given in the connection's one log."""

    def __init__(self, log: list[bytes]) -> None:
        self.log = log
        self.accepting = True
        self.writes = 0

    def ready(self) -> bool:
        return self.accepting

    def write(self, chunks: bytes) -> None:
        self.writes += 1
        self.log.append(b"".join(_unchunk(chunks)))


class Connection:
    """One subscriber's generator, consumed as Litestar's Stream does (the next chunk is
    asked for once the last one was sent), into the same log as the direct writes; the
    consumer can be held (a send waiting for a slow client)."""

    def __init__(self, stream: Any) -> None:
        self.log: list[bytes] = []
        self.writer = Writer(self.log)
        self.sends = 0
        self.open = asyncio.Event()
        self.open.set()
        self.task = asyncio.create_task(self._run(stream(self.writer)))

    async def _run(self, generator: Any) -> None:
        async for data in generator:
            await self.open.wait()
            self.sends += 1
            self.log.append(data)

    def messages(self) -> list[dict[str, str]]:
        return [m for data in self.log for m in _parse(data)]

    def ids(self) -> list[int]:
        return [int(m["id"]) for m in self.messages() if "id" in m]


def _stream(hub: Hub, stream: Stream, **options: Any):
    def make(writer: Writer):
        return events(
            hub,
            stream.id,
            stream.read,
            after=stream.version,
            until_version=options.get("until_version"),
            timeout=None,
            direct=writer,
        )

    return make


async def _stop(*connections: Connection) -> None:
    for c in connections:
        c.task.cancel()
    await asyncio.gather(*(c.task for c in connections), return_exceptions=True)


def test_live_events_go_directly_to_parked_streams_in_order_without_waking_them() -> None:
    async def main() -> None:
        hub = Hub(keepalive=5.0)
        stream = Stream()
        stream.append(2)
        conns = [Connection(_stream(hub, stream)) for _ in range(3)]
        await _until(lambda: hub.live_subscribers(stream.id) == 3)
        await asyncio.sleep(0.01)  # each generator parks in its wait
        sends = [c.sends for c in conns]
        for _ in range(5):
            stream.append(2)
            hub.notify(f"{stream.id}:{stream.version}")
            await _until(lambda: all(c.ids()[-1:] == [stream.version] for c in conns))
        for c in conns:
            assert c.ids() == list(range(3, 13))
            assert c.writer.writes == 5  # one write per commit (two events in it)
        # The generators were not woken: nothing went through ASGI.
        assert [c.sends for c in conns] == sends
        await _stop(*conns)

    asyncio.run(main())


def test_direct_and_ordinary_sends_never_interleave() -> None:
    """Connections that take direct writes only now and then, generators woken by frequent
    keep-alives and held mid-send at random: every connection still gets every event once,
    in order."""

    async def main() -> None:
        rng = random.Random(3)
        hub = Hub(keepalive=0.002)
        stream = Stream()
        conns = [Connection(_stream(hub, stream)) for _ in range(20)]
        await _until(lambda: hub.live_subscribers(stream.id) == 20)
        for _ in range(150):
            for c in conns:
                c.writer.accepting = rng.random() < 0.7
                if rng.random() < 0.2:
                    c.open.clear()
                else:
                    c.open.set()
            stream.append(rng.randint(1, 3))
            hub.notify(f"{stream.id}:{stream.version}")
            await asyncio.sleep(rng.choice((0, 0, 0.001)))
        for c in conns:
            c.writer.accepting = True
            c.open.set()
        await _until(lambda: all(c.ids()[-1:] == [stream.version] for c in conns))
        for c in conns:
            assert c.ids() == list(range(1, stream.version + 1))
        # Both paths were taken.
        assert sum(c.writer.writes for c in conns) > 100
        assert sum(c.sends for c in conns) > 100
        await _stop(*conns)

    asyncio.run(main())


def test_a_connection_that_takes_no_more_falls_behind_with_the_last_version_written() -> None:
    async def main() -> None:
        hub = Hub(keepalive=5.0, queue=4)
        stream = Stream()
        fast = Connection(_stream(hub, stream))
        slow = Connection(_stream(hub, stream))
        await _until(lambda: hub.live_subscribers(stream.id) == 2)
        await asyncio.sleep(0.01)
        stream.append(3)
        hub.notify(f"{stream.id}:3")
        await _until(lambda: slow.ids()[-1:] == [3])
        assert slow.writer.writes == 1
        # Its socket buffer is full (flow control paused it) and its send waits.
        slow.writer.accepting = False
        slow.open.clear()
        for _ in range(5):
            stream.append(4)
            hub.notify(f"{stream.id}:{stream.version}")
            await _until(lambda: fast.ids()[-1:] == [stream.version])
        assert fast.ids() == list(range(1, 24))
        assert hub.live_subscribers(stream.id) == 1
        slow.open.set()
        await asyncio.wait_for(slow.task, 5)
        # The send held (events 4-7) went out; then the end, with the last version written.
        assert slow.ids() == list(range(1, 8))
        assert slow.messages()[-1] == {"event": "end", "data": '{"reason":"behind","version":7}'}
        await _stop(fast)

    asyncio.run(main())


def test_a_failed_direct_write_leaves_the_stream_to_its_generator() -> None:
    async def main() -> None:
        hub = Hub(keepalive=5.0)
        stream = Stream()
        c = Connection(_stream(hub, stream))
        await _until(lambda: hub.live_subscribers(stream.id) == 1)
        await asyncio.sleep(0.01)

        def broken(chunks: bytes) -> None:
            raise OSError("broken")

        c.writer.write = broken  # type: ignore[method-assign]
        stream.append(2)
        hub.notify(f"{stream.id}:2")
        await _until(lambda: c.ids()[-1:] == [2])
        stream.append(1)
        hub.notify(f"{stream.id}:3")
        await _until(lambda: c.ids()[-1:] == [3])
        assert c.ids() == [1, 2, 3]
        assert c.sends == 3  # the preamble, then both commits through the generator
        await _stop(c)

    asyncio.run(main())


def test_streams_ending_at_a_version_are_not_written_directly() -> None:
    async def main() -> None:
        hub = Hub(keepalive=5.0)
        stream = Stream()
        c = Connection(_stream(hub, stream, until_version=3))
        await _until(lambda: hub.live_subscribers(stream.id) == 1)
        stream.append(5)
        hub.notify(f"{stream.id}:5")
        await asyncio.wait_for(c.task, 5)
        assert c.writer.writes == 0
        assert c.ids() == [1, 2, 3]
        assert c.messages()[-1]["data"] == '{"reason":"until_version","version":3}'

    asyncio.run(main())


def test_a_closing_hub_ends_streams_through_their_generators() -> None:
    async def main() -> None:
        hub = Hub(keepalive=5.0)
        stream = Stream()
        c = Connection(_stream(hub, stream))
        await _until(lambda: hub.live_subscribers(stream.id) == 1)
        await asyncio.sleep(0.01)
        stream.append(2)
        hub.notify(f"{stream.id}:2")
        await _until(lambda: c.ids()[-1:] == [2])
        hub.close()
        await asyncio.wait_for(c.task, 5)
        assert c.messages()[-1] == {"event": "end", "data": '{"reason":"shutdown","version":2}'}

    asyncio.run(main())


# -- the writer and the transport ---------------------------------------------------------------


class _Cycle(SimpleNamespace):
    """Stands for uvicorn's request cycle, which the writer holds weakly."""


def _cycle(**changes: Any) -> SimpleNamespace:
    transport = SimpleNamespace(is_closing=lambda: False, written=[])
    transport.write = transport.written.append
    cycle = _Cycle(
        response_started=True,
        response_complete=False,
        disconnected=False,
        chunked_encoding=True,
        scope={"method": "GET"},
        flow=SimpleNamespace(write_paused=False),
        transport=transport,
    )
    for name, value in changes.items():
        setattr(cycle, name, value)
    return cycle


@pytest.mark.parametrize(
    "changes",
    [
        {"response_started": False},
        {"response_complete": True},
        {"disconnected": True},
        {"chunked_encoding": False},
        {"chunked_encoding": None},
        {"scope": {"method": "HEAD"}},
        {"flow": SimpleNamespace(write_paused=True)},
    ],
)
def test_the_writer_refuses_when_the_connection_cannot_take_a_chunk(changes) -> None:
    ready, refusing = _cycle(), _cycle(**changes)
    assert DirectWrite(ready).ready()
    assert not DirectWrite(refusing).ready()


def test_the_writer_refuses_once_its_request_is_gone() -> None:
    cycle = _cycle()
    writer = DirectWrite(cycle)
    assert writer.ready()
    del cycle
    assert not writer.ready()


def test_the_writer_refuses_a_closing_transport() -> None:
    cycle = _cycle()
    cycle.transport.is_closing = lambda: True
    assert not DirectWrite(cycle).ready()


def test_a_direct_write_leaves_after_what_the_cork_still_holds() -> None:
    class Spy:
        def __init__(self) -> None:
            self.writes: list[bytes] = []

        def write(self, data: bytes) -> None:
            self.writes.append(data)

        def is_closing(self) -> bool:
            return False

    async def run() -> list[bytes]:
        spy = Spy()
        corked = CorkedTransport(spy, asyncio.get_running_loop())  # type: ignore[arg-type]
        corked.write_now(b"alone")  # nothing held: at once
        assert spy.writes == [b"alone"]
        corked.write(b"held")
        corked.write_now(b"after")
        assert spy.writes == [b"alone"]
        await asyncio.sleep(0)
        return spy.writes

    assert asyncio.run(run()) == [b"alone", b"heldafter"]


def test_chunk_framing() -> None:
    assert chunk(b"x" * 26) == b"1a\r\n" + b"x" * 26 + b"\r\n"
    assert _unchunk(chunk(b"ab") + chunk(b"cde")) == [b"ab", b"cde"]


# -- the real stack ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def direct_server(database_url: str):
    with _thread_server(database_url, 0.3) as url:
        yield url


@pytest.fixture(scope="module")
def asgi_server(database_url: str):
    with _thread_server(database_url, 0.3, http="httptools") as url:
        yield url


@pytest.fixture
def writes(monkeypatch) -> list[int]:
    """How many direct writes the servers in this process made."""
    count = [0]
    original = direct_module.DirectWrite.write

    def counting(self: DirectWrite, chunks: bytes) -> None:
        count[0] += 1
        original(self, chunks)

    monkeypatch.setattr(direct_module.DirectWrite, "write", counting)
    return count


def _wait_live(url: str, game_id: str, count: int) -> None:
    hub: Hub = APPS[url].state.live
    deadline = time.monotonic() + WAIT
    while hub.live_subscribers(uuid.UUID(game_id)) < count:
        assert time.monotonic() < deadline, "subscribers did not go live"
        time.sleep(0.02)


@pytest.mark.parametrize("which", ["direct_server", "asgi_server"])
def test_http_streams_get_every_event_in_order_on_both_paths(
    which: str, writes: list[int], request
) -> None:
    url = request.getfixturevalue(which)
    with httpx.Client(base_url=url, timeout=WAIT) as http:
        created = _create(http, "azul", 2)
        game_id = created["id"]
        token = created["seats"][0]["token"]
        streams = [
            Sse(f"{url}/games/{game_id}/events/stream", after=created["version"]),
            Sse(
                f"{url}/games/{game_id}/events/stream",
                headers={"Authorization": f"Bearer {token}"},
                after=created["version"],
            ),
        ]
        _wait_live(url, game_id, 2)
        version = _play(http, created, random.Random(4), 30)
        for sse in streams:
            got = [int(m["id"]) for m in sse.events_until(version)]
            assert got == list(range(created["version"] + 1, version + 1))
        if which == "direct_server":
            assert writes[0] > 0
        else:
            assert writes[0] == 0


def test_http_a_client_that_leaves_is_forgotten_and_never_written_to(
    direct_server: str, writes: list[int]
) -> None:
    hub: Hub = APPS[direct_server].state.live
    with httpx.Client(base_url=direct_server, timeout=WAIT) as http:
        created = _create(http, "azul", 2)
        game_id = created["id"]
        host, port = direct_server.removeprefix("http://").split(":")
        with contextlib.closing(socket.create_connection((host, int(port)))) as raw:
            raw.sendall(
                f"GET /games/{game_id}/events/stream?after={created['version']} HTTP/1.1\r\n"
                "Host: x\r\n\r\n".encode()
            )
            _wait_live(direct_server, game_id, 1)
        deadline = time.monotonic() + WAIT
        while hub.subscribers(uuid.UUID(game_id)):
            assert time.monotonic() < deadline, "the stream outlived its connection"
            time.sleep(0.02)
        _play(http, created, random.Random(4), 5)
        assert writes[0] == 0


def test_requests_through_our_protocol_leave_no_reference_cycles(direct_server: str) -> None:
    """Issue #32: the writer in each request's scope held the request cycle that holds the
    scope, so every request (its scope, cycle and all they hold) was garbage only the
    collector could free: some 11,000 objects per young collection under bench.http_load,
    and 30-60 ms pauses. Freed by reference counting, a request leaves nothing behind."""
    host, port = direct_server.removeprefix("http://").split(":")
    requests = 50
    request = b"GET /health HTTP/1.1\r\nhost: test\r\n\r\n"
    gc.collect()
    gc.disable()
    try:
        with socket.create_connection((host, int(port)), timeout=WAIT) as sock:
            for _ in range(requests):
                sock.sendall(request)
                answer = b""
                while not answer.endswith(b"}"):
                    answer += sock.recv(65536)
                assert answer.startswith(b"HTTP/1.1 200"), answer[:100]
        time.sleep(0.2)  # the server thread finishes the last request
        left = gc.collect()
    finally:
        gc.enable()
    # A few objects of the server's background work may be cyclic garbage by chance; each
    # request's scope and cycle were dozens.
    assert left < requests, f"{left} objects in reference cycles after {requests} requests"


def test_the_scope_extension_is_offered_only_by_our_protocol(
    direct_server: str, asgi_server: str
) -> None:
    seen: dict[str, Any] = {}
    for url in (direct_server, asgi_server):
        app = APPS[url]
        original = app.asgi_handler

        async def spy(scope, receive, send, original=original, url=url) -> None:
            if scope["type"] == "http":
                seen[url] = (scope.get("extensions") or {}).get(DIRECT_WRITE)
            await original(scope, receive, send)

        app.asgi_handler = spy
        try:
            httpx.get(f"{url}/health", timeout=WAIT)
        finally:
            app.asgi_handler = original
    assert isinstance(seen[direct_server], DirectWrite)
    assert seen[asgi_server] is None


def test_a_closing_hub_ends_its_streams_without_reading_the_store_again() -> None:
    """On shutdown every live stream ends with ``shutdown`` at what it was sent; none reads
    the store once more on its way out (thousands at once, through a closing pool)."""

    async def main() -> None:
        hub = Hub(keepalive=5.0)
        stream = Stream()
        connections = [Connection(_stream(hub, stream)) for _ in range(20)]
        await _until(lambda: hub.live_subscribers(stream.id) == 20)
        await asyncio.sleep(0.01)
        stream.append(2)
        hub.notify(f"{stream.id}:2")
        await _until(lambda: all(c.ids()[-1:] == [2] for c in connections))
        reads = len(stream.reads)
        hub.close()
        await asyncio.wait_for(asyncio.gather(*(c.task for c in connections)), 5)
        assert len(stream.reads) == reads
        for c in connections:
            assert c.messages()[-1] == {
                "event": "end",
                "data": '{"reason":"shutdown","version":2}',
            }

    asyncio.run(main())
