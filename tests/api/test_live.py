"""Live streams (Server-Sent Events) against the real HTTP stack: catch-up then live, per-viewer
redaction, resumption, keep-alives, tournaments, and fan-out between two server processes."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import queue
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY, _free_port

ROOT = Path(__file__).resolve().parents[2]
KEEPALIVE = 0.3
WAIT = 15.0
APPS: dict[str, Any] = {}
"""The app behind each in-thread server, to look at its hub."""


@contextlib.contextmanager
def _thread_server(database_url: str, keepalive: float, *, http: Any = None) -> Iterator[str]:
    """``http``: uvicorn's protocol; by default ours, as ``gamestate serve`` runs it (its
    streams take the direct write path, service/live/direct.py); ``"httptools"``: uvicorn's
    own (the ordinary ASGI path)."""
    import uvicorn

    from service.api.app import create_app
    from service.ops.transport import CorkedHttpToolsProtocol

    app = create_app(database_url, admin_key=ADMIN_KEY, pool_max=20)
    app.state.live_keepalive = keepalive
    port = _free_port()
    uv = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            timeout_graceful_shutdown=3,
            http=http or CorkedHttpToolsProtocol,
        )
    )
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not (uv.started and app.state.live_ready.is_set()):
        assert time.monotonic() < deadline, "test server did not start"
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    APPS[url] = app
    yield url
    app.state.live.close_threadsafe()
    uv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[str]:
    """Keep-alives (and the store re-reads that go with them) every KEEPALIVE seconds."""
    with _thread_server(database_url, KEEPALIVE) as url:
        yield url


@pytest.fixture(scope="module")
def quiet_server(database_url: str) -> Iterator[str]:
    """Keep-alives too rare to matter: events can only arrive through NOTIFY."""
    with _thread_server(database_url, 60) as url:
        yield url


class Sse:
    """An SSE client in a thread: messages arrive in a queue, None when the stream closes."""

    def __init__(self, url: str, *, headers: dict[str, str] | None = None, **params: Any) -> None:
        self.url, self.headers, self.params = url, headers or {}, params
        self.status: int | None = None
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.opened = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.opened.wait(WAIT), "stream did not open"

    def _run(self) -> None:
        try:
            with (
                httpx.Client(timeout=httpx.Timeout(WAIT)) as http,
                http.stream("GET", self.url, headers=self.headers, params=self.params) as resp,
            ):
                self.status = resp.status_code
                self.content_type = resp.headers.get("content-type", "")
                self.opened.set()
                message: dict[str, Any] = {}
                for line in resp.iter_lines():
                    if line == "":
                        if message:
                            self.messages.put(message)
                        message = {}
                    elif line.startswith(":"):
                        message.setdefault("comments", []).append(line[1:].strip())
                    else:
                        field, _, value = line.partition(":")
                        value = value[1:] if value.startswith(" ") else value
                        if field == "data" and "data" in message:
                            value = message["data"] + "\n" + value
                        message[field] = value
        finally:
            self.opened.set()
            self.messages.put(None)

    def next(self) -> dict[str, Any] | None:
        return self.messages.get(timeout=WAIT)

    def events_until(self, version: int) -> list[dict[str, Any]]:
        """The event messages up to ``version``, skipping comments."""
        found: list[dict[str, Any]] = []
        while not found or int(found[-1]["id"]) < version:
            message = self.next()
            assert message is not None, f"stream closed after {found[-1:]}"
            if "id" in message:
                found.append(message)
        return found

    def rest(self) -> list[dict[str, Any]]:
        """Every message until the stream closes."""
        found = []
        while (message := self.next()) is not None:
            found.append(message)
        return found


def _create(http: httpx.Client, game: str, players: int) -> dict[str, Any]:
    body = {"game": game, "seats": [{"name": f"live{i}"} for i in range(players)], "seed": "live"}
    return http.post("/games", json=body).raise_for_status().json()


def _play(http: httpx.Client, created: dict[str, Any], rng: random.Random, commands: int) -> int:
    """Random legal commands; returns the game's version after them (or at its end)."""
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    version = created["version"]
    for _ in range(commands):
        view = http.get(f"/games/{game_id}").raise_for_status().json()
        if view["status"] == "finished":
            break
        seat = rng.choice(view["to_act"])
        legal = http.get(f"/games/{game_id}/legal-commands", headers=auth(tokens[seat])).json()
        answer = http.post(
            f"/games/{game_id}/commands",
            json={"command": rng.choice(legal["commands"]), "expected_version": legal["version"]},
            headers=auth(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text
        version = answer.json()["version"]
    return version


def _feed(http: httpx.Client, game_id: str, token: str | None = None) -> list[dict[str, Any]]:
    headers = auth(token) if token else {}
    return http.get(f"/games/{game_id}/events", headers=headers).raise_for_status().json()["events"]


def test_subscribers_get_every_event_once_in_order_redacted_for_them(server: str) -> None:
    with httpx.Client(base_url=server, timeout=WAIT) as http:
        created = _create(http, "splendor", 2)
        game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        url = f"{server}/games/{game_id}/events/stream"
        spectator = Sse(url, timeout=WAIT)
        seat0 = Sse(url, headers=auth(tokens[0]), timeout=WAIT)
        assert spectator.status == seat0.status == 200
        assert spectator.content_type.startswith("text/event-stream")
        # A blind reserve: the card is seat 0's secret.
        reserved = http.post(
            f"/games/{game_id}/commands",
            json={"command": {"type": "splendor.reserve_from_deck", "level": 1}},
            headers=auth(tokens[0]),
        )
        assert reserved.status_code == 200, reserved.text
        version = _play(http, {**created, "version": reserved.json()["version"]},
                        random.Random(3), 8)  # fmt: skip

        seen = {"spectator": spectator.events_until(version), "seat0": seat0.events_until(version)}
        feeds = {"spectator": _feed(http, game_id), "seat0": _feed(http, game_id, tokens[0])}
        for who, messages in seen.items():
            assert [int(m["id"]) for m in messages] == list(range(1, version + 1)), who
            assert [m["event"] for m in messages] == [e["type"] for e in feeds[who]], who
            assert [json.loads(m["data"]) for m in messages] == feeds[who], who
        blind = [
            json.loads(m["data"])["data"]
            for m in seen["seat0"]
            if m["event"] == "splendor.card_reserved"
        ]
        hidden = [
            json.loads(m["data"])["data"]
            for m in seen["spectator"]
            if m["event"] == "splendor.card_reserved"
        ]
        assert blind[0]["slot"] is None and blind[0]["card"] is not None
        assert hidden[0]["slot"] is None and hidden[0]["card"] is None


def test_resuming_with_last_event_id_sends_exactly_the_missing_events(server: str) -> None:
    with httpx.Client(base_url=server, timeout=WAIT) as http:
        created = _create(http, "azul", 2)
        game_id = created["id"]
        version = _play(http, created, random.Random(1), 6)
        url = f"{server}/games/{game_id}/events/stream"
        first = Sse(url, until_version=3)
        got = [m for m in first.rest() if "id" in m]
        assert [int(m["id"]) for m in got] == [1, 2, 3]
        resumed = Sse(url, headers={"Last-Event-ID": got[-1]["id"]}, after=0, until_version=version)
        messages = resumed.rest()
        ids = [int(m["id"]) for m in messages if "id" in m]
        assert ids == list(range(4, version + 1))
        assert messages[-1]["event"] == "end"
        assert json.loads(messages[-1]["data"]) == {"reason": "until_version", "version": version}
        # `after` works the same for clients that cannot set headers.
        by_query = Sse(url, after=version - 1, until_version=version)
        assert [int(m["id"]) for m in by_query.rest() if "id" in m] == [version]


def test_an_id_cut_from_a_stream_line_resumes_the_stream_as_is(server: str) -> None:
    """What a shell user does (docs/live.md): ``grep '^id:'`` on the stream, then send the
    value back as ``Last-Event-ID``. Lines end in LF, so nothing (no ``\\r``) sticks to it."""
    with httpx.Client(base_url=server, timeout=WAIT) as http:
        created = _create(http, "azul", 2)
        game_id = created["id"]
        version = _play(http, created, random.Random(1), 6)
        stream = f"/games/{game_id}/events/stream"
        with http.stream("GET", stream, params={"until_version": 3}) as response:
            raw = response.read()
    ids = [line.split(b" ", 1)[1] for line in raw.split(b"\n") if line.startswith(b"id:")]
    assert ids == [b"1", b"2", b"3"]
    # Sent byte for byte, as curl -H "Last-Event-ID: $ID" would.
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=WAIT) as sock:
        sock.sendall(
            b"GET %s?until_version=%d HTTP/1.1\r\nHost: x\r\nLast-Event-ID: %s\r\n"
            b"Connection: close\r\n\r\n" % (stream.encode(), version, ids[-1])
        )
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    resumed = [int(n) for n in re.findall(rb"^id: (\d+)$", answer, re.MULTILINE)]
    assert resumed == list(range(4, version + 1))


def test_keep_alive_comments_and_timeout(server: str) -> None:
    with httpx.Client(base_url=server, timeout=WAIT) as http:
        created = _create(http, "azul", 2)
        started = time.monotonic()
        stream = Sse(
            f"{server}/games/{created['id']}/events/stream", after=created["version"], timeout=1
        )
        messages = stream.rest()
        # Below uvicorn's graceful-shutdown timeout (10 s): nothing waited for it.
        assert time.monotonic() - started < 9
        assert sum("keep-alive" in m.get("comments", []) for m in messages) >= 2
        assert messages[0]["retry"].isdigit()
        assert messages[-1]["event"] == "end"
        assert json.loads(messages[-1]["data"])["reason"] == "timeout"
        assert not [m for m in messages if "id" in m]


def test_a_client_that_goes_away_is_unsubscribed(server: str) -> None:
    hub = APPS[server].state.live
    with httpx.Client(base_url=server, timeout=WAIT) as http:
        created = _create(http, "azul", 2)
        game_id = uuid.UUID(created["id"])
        stream = f"/games/{created['id']}/events/stream"
        with http.stream("GET", stream, params={"timeout": 5}) as response:
            assert response.status_code == 200
            lines = response.iter_lines()
            first = next(lines)
            assert hub.subscribers(game_id) == 1, (first, hub.closing, list(lines))
    deadline = time.monotonic() + WAIT
    while hub.subscribers(game_id):
        assert time.monotonic() < deadline, "the stream outlived its client"
        time.sleep(0.05)


def test_a_finished_game_streams_in_full_and_ends(server: str) -> None:
    with httpx.Client(base_url=server, timeout=WAIT) as http:
        created = _create(http, "azul", 2)
        version = _play(http, created, random.Random(2), 10_000)
        token = created["seats"][1]["token"]
        messages = Sse(f"{server}/games/{created['id']}/events/stream", headers=auth(token)).rest()
        events = [m for m in messages if "id" in m]
        assert [int(m["id"]) for m in events] == list(range(1, version + 1))
        assert [json.loads(m["data"]) for m in events] == _feed(http, created["id"])
        assert json.loads(messages[-1]["data"]) == {"reason": "finished", "version": version}


def test_stream_errors_are_problems(server: str) -> None:
    with httpx.Client(base_url=server, timeout=WAIT) as http:
        created = _create(http, "azul", 2)
        other = _create(http, "azul", 2)
        stream = f"/games/{created['id']}/events/stream"
        assert http.get(f"/games/{uuid.uuid4()}/events/stream").status_code == 404
        assert http.get(f"/tournaments/{created['id']}/events/stream").status_code == 404
        assert http.get(f"/tournaments/{uuid.uuid4()}/events/stream").status_code == 404
        assert http.get(stream, headers=auth("nope")).status_code == 401
        assert http.get(stream, headers=auth(other["seats"][0]["token"])).status_code == 403
        bad = http.get(stream, headers={"Last-Event-ID": "x"})
        assert bad.status_code == 400
        assert bad.headers["content-type"].startswith("application/problem+json")
        assert http.get(stream, params={"timeout": 0}).status_code == 400


def test_tournament_streams_are_public_and_redacted(server: str, database_url: str) -> None:
    from domain.tournament.events import RoundStarted, Table, TournamentConfig, TournamentCreated
    from service.games.model import encode_event
    from service.store.chain import NewEvent
    from service.store.events import EventStore

    tournament_id = uuid.uuid4()
    config = TournamentConfig(name="live", game="azul", format="swiss", duplicate=True)
    round_one = RoundStarted(
        round=1, tables=(Table(table_id="1-1", players=(1, 2), seed="secret-seed"),)
    )

    async def store(events: list[Any], expected: int) -> None:
        from psycopg import AsyncConnection

        async with await AsyncConnection.connect(database_url, autocommit=True) as conn:
            store = EventStore(None)  # type: ignore[arg-type]
            async with conn.transaction():
                if expected == 0:
                    await store.create_stream(
                        conn,
                        stream_id=tournament_id,
                        kind="tournament",
                        # As the tournament service writes a stream row: the list answer's
                        # enums (game slug, format, status) must hold for every row.
                        game="azul",
                        rules_version="1",
                        setup={"name": "live", "format": "swiss", "open_registration": False},
                        status="registration",
                    )
                await store.append(
                    conn,
                    tournament_id,
                    expected,
                    [NewEvent(type(e).__struct_config__.tag, encode_event(e), {}) for e in events],
                )

    asyncio.run(store([TournamentCreated(config=config)], 0))
    stream = Sse(f"{server}/tournaments/{tournament_id}/events/stream", timeout=WAIT)
    first = stream.events_until(1)
    assert first[0]["event"] == "tournament.created"
    asyncio.run(store([round_one], 1))
    (second,) = stream.events_until(2)
    body = json.loads(second["data"])
    assert second["event"] == body["type"] == "tournament.round_started"
    assert body["version"] == 2
    assert body["data"]["tables"][0]["seed"] == ""


def _listeners(database_url: str) -> set[int]:
    from service.live.hub import LISTENER_NAME

    with psycopg.connect(database_url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = %s", (LISTENER_NAME,)
        ).fetchall()
    return {pid for (pid,) in rows}


def test_the_listener_reconnects_and_nothing_is_lost(quiet_server: str, database_url: str) -> None:
    with httpx.Client(base_url=quiet_server, timeout=WAIT) as http:
        created = _create(http, "azul", 2)
        stream = Sse(
            f"{quiet_server}/games/{created['id']}/events/stream",
            after=created["version"],
            timeout=int(WAIT),
        )
        version = _play(http, created, random.Random(4), 1)
        assert [int(m["id"]) for m in stream.events_until(version)] == [version]

        before = _listeners(database_url)
        with psycopg.connect(database_url, autocommit=True) as conn:
            for pid in before:
                conn.execute("SELECT pg_terminate_backend(%s)", (pid,))
        # Committed while the listener may well be down: the reconnect's wake-up finds it.
        later = _play(http, {**created, "version": version}, random.Random(5), 3)
        got = stream.events_until(later)
        assert [int(m["id"]) for m in got] == list(range(version + 1, later + 1))
        deadline = time.monotonic() + WAIT
        while not (_listeners(database_url) - before):
            assert time.monotonic() < deadline, "the listener did not reconnect"
            time.sleep(0.05)


# -- two processes ------------------------------------------------------------------------


@contextlib.contextmanager
def _serve(database_url: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": database_url,
        "GAMESTATE_ADMIN_KEY": ADMIN_KEY,
        # Long enough that events can only arrive through NOTIFY.
        "GAMESTATE_SSE_KEEPALIVE": "60",
        "GAMESTATE_LOG_LEVEL": "warning",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "service.ops.cli", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, "server exited"
            assert time.monotonic() < deadline, "server did not become healthy"
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            time.sleep(0.1)
        yield url, process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def test_events_fan_out_between_two_processes(database_url: str) -> None:
    with _serve(database_url) as (reader_url, reader), _serve(database_url) as (writer_url, writer):
        with httpx.Client(base_url=writer_url, timeout=WAIT) as http:
            created = _create(http, "azul", 2)
            game_id = created["id"]
            stream = Sse(f"{reader_url}/games/{game_id}/events/stream", timeout=120)
            # A second subscriber stays open on an active game to show shutdown ends it.
            other = _create(http, "azul", 2)
            lingering = Sse(f"{reader_url}/games/{other['id']}/events/stream")
            final = _play(http, created, random.Random(5), 10_000)
            assert http.get(f"/games/{game_id}").json()["status"] == "finished"
        messages = stream.rest()
        events = [m for m in messages if "id" in m]
        assert [int(m["id"]) for m in events] == list(range(1, final + 1))
        assert json.loads(messages[-1]["data"]) == {"reason": "finished", "version": final}

        started = time.monotonic()
        for process in (reader, writer):
            process.send_signal(signal.SIGTERM)
        for process in (reader, writer):
            assert process.wait(timeout=8) == 0
        # Below uvicorn's graceful-shutdown timeout (10 s): nothing waited for it.
        assert time.monotonic() - started < 9
        rest = lingering.rest()
        assert json.loads(rest[-1]["data"])["reason"] == "shutdown"


def test_a_turn_waited_for_in_one_process_is_given_by_a_command_in_another(
    database_url: str,
) -> None:
    """A waiting request hears only announcements (it has no keep-alive re-read): the game is
    not announced until the wait asks for it (service/live/interest.py), and then the other
    process's commit must be, however soon after the ask it comes."""
    from tests.api.test_legal_wait import _game, _move, _wait

    with _serve(database_url) as (reader_url, _), _serve(database_url) as (writer_url, _):
        for _round in range(3):
            game_id, tokens, to_act, _version = _game(writer_url)
            mover = to_act[0]
            waiter = 1 - mover
            with concurrent.futures.ThreadPoolExecutor(1) as pool:
                waiting = pool.submit(_wait, reader_url, game_id, tokens[waiter], 30)
                time.sleep(0.3)
                answer = _move(writer_url, game_id, tokens[mover])
                while waiter not in answer["to_act"]:
                    answer = _move(writer_url, game_id, tokens[mover])
                response, took = waiting.result(timeout=40)
            assert response.status_code == 200, response.text
            assert response.json()["commands"], response.json()
            assert took < 10, took


def test_a_commit_whose_announcement_was_lost_arrives_at_the_next_keep_alive(
    server: str, database_url: str
) -> None:
    """A process that dies between an append's commit and its announcement: no notification is
    ever sent, and subscribers elsewhere still get the event, at their next keep-alive re-read."""
    from psycopg_pool import AsyncConnectionPool

    from service.games import schemas as s
    from service.games.model import Viewer
    from service.games.service import GameService
    from service.store.announce import Announcer
    from service.store.events import EventStore

    async def commit_silently(game_id: uuid.UUID) -> int:
        pool = AsyncConnectionPool(
            database_url, min_size=1, max_size=2, open=False, kwargs={"autocommit": True}
        )
        await pool.open()
        try:
            # Its announcer never runs: the "process" is gone before it would have sent.
            lost = Announcer(database_url)
            games = GameService(EventStore(pool, lost))
            async with pool.connection() as conn:
                view = await games.reads.resource(conn, game_id, Viewer())
                seat = Viewer(game_id=game_id, seat=view.to_act[0])
                legal = await games.reads.legal(conn, game_id, seat)
            request = s.SubmitCommand(command=legal.commands[0], expected_version=legal.version)
            answer = await games.commands.submit(
                pool, game_id, seat, request, idempotency_key=None, request_id=None
            )
            assert lost.pending == 1
            return answer.version
        finally:
            await pool.close()

    with httpx.Client(base_url=server, timeout=WAIT) as http:
        created = _create(http, "azul", 2)
        stream = Sse(
            f"{server}/games/{created['id']}/events/stream",
            after=created["version"],
            timeout=int(WAIT),
        )
        version = asyncio.run(commit_silently(uuid.UUID(created["id"])))
        assert [int(m["id"]) for m in stream.events_until(version)] == [version]
