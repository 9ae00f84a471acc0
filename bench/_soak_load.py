"""The soak's traffic (bench/soak.py): bots in every game, clocked games that time out, lobby
joins, matchmaking of registered players (with their player streams and webhooks), spectator
streams and a running tournament. Every request goes through :meth:`Load.call`, which counts
what each answer was: expected, a race the traffic makes on purpose (a clock that fired
between a bot's look and its command), or an error."""

from __future__ import annotations

import asyncio
import collections
import random
import re
import time
import uuid
from typing import Any

from bench._http import Connection, HttpError, Response
from bench.fanout import Subscriber

GAMES = {"azul": 2, "splendor": 2, "carcassonne": 2, "castles": 2, "three_kingdoms": 3}
IDS = re.compile(r"[0-9a-f]{8}-[0-9a-f-]{27}|\d+(?=/|$)")


class Stream(Subscriber):
    """A live stream that also counts the events it received."""

    __slots__ = ("events",)

    def __init__(self, request: bytes) -> None:
        super().__init__(request)
        self.events = 0

    def data_received(self, data: bytes) -> None:
        self.events += data.count(b"\nid: ") + data.startswith(b"id: ")
        super().data_received(data)


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


OPENS_PER_SECOND = 50


class Load:
    def __init__(self, base: str, admin: str, receiver: str, seed: int, think: float = 0.0) -> None:
        self.think = think
        """Mean seconds a bot waits before each command (uniform, 0 to twice this): a soak
        runs a sustainable load for a long time, not the box at saturation."""
        self.base = base
        self.admin = _auth(admin)
        self.receiver = receiver
        self.rng = random.Random(seed)
        self.stop = asyncio.Event()
        self.counts: collections.Counter[str] = collections.Counter()
        self.errors: collections.Counter[str] = collections.Counter()
        self.samples: list[str] = []
        # game id -> {version: hash} of every event an answer acknowledged
        self.acked: dict[str, dict[int, str]] = {}
        self.active: list[str] = []  # games in play, for the spectators
        self.spectators: list[Stream] = []
        self.player_streams: list[Stream] = []

    def connection(self) -> Connection:
        return Connection.for_url(self.base, timeout=60)

    async def call(
        self,
        conn: Connection,
        method: str,
        path: str,
        expect: tuple[int, ...] = (200,),
        races: tuple[int, ...] = (),
        **kw: Any,
    ) -> Response | None:
        route = f"{method} {IDS.sub('{id}', path.split('?')[0])}"
        try:
            answer = await conn.request(method, path, **kw)
        except HttpError as exc:
            self._error(f"transport {route}", str(exc))
            return None
        self.counts["requests"] += 1
        if answer.status in expect:
            return answer
        if answer.status in races:
            self.counts["races"] += 1
            return None
        self._error(f"{answer.status} {route}", answer.text[:200])
        return None

    def _error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        if len(self.samples) < 20:
            self.samples.append(f"{kind}: {detail}")

    async def play(
        self,
        conn: Connection,
        game: str,
        tokens: dict[int, str],
        skip: float = 0.0,
        skip_for: float = 0.0,
    ) -> None:
        """Random legal commands for ``tokens``' seats until the game ends (or the soak
        does). With ``skip``, a turn is left to the clock that often (``skip_for`` seconds)."""
        look = _auth(next(iter(tokens.values())))
        self.active.append(game)
        try:
            while not self.stop.is_set():
                view = await self.call(conn, "GET", f"/games/{game}", headers=look)
                if view is None:
                    return
                view = view.json()
                if view["status"] != "active":
                    self.counts["games_finished"] += view["status"] == "finished"
                    return
                mine = [s for s in view["to_act"] if s in tokens]
                if not mine:
                    await asyncio.sleep(0.2)
                    continue
                if skip and self.rng.random() < skip:
                    await asyncio.sleep(skip_for)
                    continue
                if self.think:
                    await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                seat = self.rng.choice(mine)
                auth = _auth(tokens[seat])
                legal = await self.call(
                    conn, "GET", f"/games/{game}/legal-commands", races=(409,), headers=auth
                )
                if legal is None:
                    continue
                legal = legal.json()
                if not legal["commands"]:
                    await asyncio.sleep(0.1)
                    continue
                body = {
                    "command": self.rng.choice(legal["commands"]),
                    "expected_version": legal["version"],
                }
                headers = {**auth, "Idempotency-Key": uuid.uuid4().hex}
                # 409 stale_version, 422 not_your_turn: the clock moved the game meanwhile.
                answer = await self.call(
                    conn,
                    "POST",
                    f"/games/{game}/commands",
                    races=(409, 422) if skip else (),
                    json=body,
                    headers=headers,
                )
                if answer is not None:
                    self.counts["commands"] += 1
                    for event in answer.json()["events"]:
                        self.acked.setdefault(game, {})[event["version"]] = event["hash"]
        finally:
            self.active.remove(game)

    async def create(self, conn: Connection, body: dict, headers: dict | None = None) -> Any:
        answer = await self.call(conn, "POST", "/games", expect=(201,), json=body, headers=headers)
        if answer is None:
            await asyncio.sleep(1)
            return None
        created = answer.json()
        self.acked.setdefault(created["id"], {})
        return created

    async def bot(self, game: str, clocked: bool = False) -> None:
        """Games of one kind, one after the other, every seat played here."""
        conn = self.connection()
        players = GAMES[game]
        while not self.stop.is_set():
            body: dict[str, Any] = {
                "game": game,
                "seats": [{"name": f"bot{i}"} for i in range(players)],
            }
            if clocked:
                body["clock"] = {"turn_seconds": 1, "on_timeout": "auto_play", "zombie_after": 1000}
            created = await self.create(conn, body)
            if created is None:
                continue
            tokens = {s["seat"]: s["token"] for s in created["seats"]}
            await self.play(conn, created["id"], tokens, *((0.2, 1.3) if clocked else ()))
        await conn.close()

    async def lobby(self) -> None:
        """Open tables filled by a join each, then played out."""
        conn = self.connection()
        while not self.stop.is_set():
            body = {"game": "splendor", "seats": [{"name": "host"}, {"open": True}]}
            created = await self.create(conn, body)
            if created is None:
                continue
            joined = await self.call(
                conn, "POST", f"/games/{created['id']}/join", json={"name": "guest"}
            )
            if joined is None:
                continue
            self.counts["lobby_joins"] += 1
            tokens = {s["seat"]: s["token"] for s in created["seats"] if s.get("token")}
            tokens[joined.json()["seat"]] = joined.json()["token"]
            await self.play(conn, created["id"], tokens)
        await conn.close()

    async def register(self, conn: Connection, name: str) -> dict | None:
        player = await self.call(conn, "POST", "/players", expect=(201,), json={"name": name})
        if player is None:
            return None
        player = player.json()
        hook = await self.call(
            conn,
            "POST",
            f"/players/{player['id']}/webhooks",
            expect=(201,),
            json={"url": self.receiver},
            headers=_auth(player["token"]),
        )
        self.counts["webhooks_registered"] += hook is not None
        return player

    async def matchmaker(self, player: dict) -> None:
        """A registered player: queue, wait for the match, play its seat, again."""
        conn = self.connection()
        auth = _auth(player["token"])
        while not self.stop.is_set():
            ticket = await self.call(
                conn, "POST", "/matchmaking/azul", expect=(200, 201), json={}, headers=auth
            )
            if ticket is None:
                await asyncio.sleep(1)
                continue
            ticket = ticket.json()
            while not self.stop.is_set():
                polled = await self.call(
                    conn, "GET", f"/matchmaking/azul/{ticket['id']}", headers=auth
                )
                if polled is None or polled.json()["status"] != "waiting":
                    break
                await asyncio.sleep(0.3)
            if polled is None or polled.json()["status"] != "matched":
                continue
            self.counts["matched_seats"] += 1
            match = polled.json()
            self.acked.setdefault(match["game_id"], {})
            await self.play(conn, match["game_id"], {match["seat"]: player["token"]})
        await conn.close()

    async def tournaments(self, entrants: int) -> None:
        """Swiss tournaments of Splendor, one after the other, their tables played here."""
        conn = self.connection()
        while not self.stop.is_set():
            body = {"name": "soak", "game": "splendor", "format": "swiss", "rounds": 3}
            created = await self.call(
                conn, "POST", "/tournaments", expect=(201,), json=body, headers=self.admin
            )
            if created is None:
                await asyncio.sleep(1)
                continue
            tid, tokens = created.json()["id"], []
            for i in range(entrants):
                joined = await self.call(
                    conn,
                    "POST",
                    f"/tournaments/{tid}/players",
                    expect=(201,),
                    json={"name": f"entrant{i}", "rating": i},
                    headers=self.admin,
                )
                if joined is not None:
                    tokens.append(joined.json()["token"])
            await self.call(conn, "POST", f"/tournaments/{tid}/start", headers=self.admin)
            await self._play_tournament(conn, tid, tokens)
        await conn.close()

    async def _play_tournament(self, conn: Connection, tid: str, tokens: list[str]) -> None:
        while not self.stop.is_set():
            answer = await self.call(conn, "GET", f"/tournaments/{tid}")
            if answer is None or answer.json()["view"]["status"] == "finished":
                self.counts["tournaments_finished"] += answer is not None
                return
            tables: dict[str, dict[int, str]] = {}
            for token in tokens:
                me = await self.call(conn, "GET", f"/tournaments/{tid}/me", headers=_auth(token))
                me = me.json() if me is not None else {}
                if me.get("game_id") and me.get("seat_token"):
                    tables.setdefault(me["game_id"], {})[me["seat"]] = me["seat_token"]
            for game, seats in tables.items():
                self.acked.setdefault(game, {})
                await self.play(conn, game, seats)
                self.counts["tournament_games"] += 1
            if not tables:
                await asyncio.sleep(0.5)

    async def spectate(self, count: int) -> None:
        """``count`` live streams on games in play; a stream that ended (its game finished)
        is opened again on another game."""
        host, port = self.base.removeprefix("http://").split(":")
        loop = asyncio.get_running_loop()
        while not self.stop.is_set():
            for sub in [s for s in self.spectators if s.ended is not None]:
                self.spectators.remove(sub)
                if sub.transport is not None:
                    sub.transport.close()
                self.counts["spectator_events"] += sub.events
                self._ended(sub, "spectator")
            # At most OPENS_PER_SECOND new streams a second: 500 at once is a thundering herd
            # that no server answers without queueing (the stream worker's pool answered half
            # of them 503 after its 5 s wait), and spectators arrive over time.
            opened = 0
            while len(self.spectators) < count and self.active and opened < OPENS_PER_SECOND:
                opened += 1
                game = self.rng.choice(self.active)
                request = (
                    f"GET /games/{game}/events/stream HTTP/1.1\r\nHost: {host}:{port}\r\n"
                    "Accept: text/event-stream\r\n\r\n"
                ).encode()
                sub = Stream(request)
                try:
                    await loop.create_connection(lambda sub=sub: sub, host, int(port))
                except OSError as exc:
                    self._error("transport spectator stream", str(exc))
                    break
                self.spectators.append(sub)
                self.counts["spectator_streams_opened"] += 1
            await asyncio.sleep(1)

    async def player_stream(self, player: dict) -> None:
        host, port = self.base.removeprefix("http://").split(":")
        loop = asyncio.get_running_loop()
        while not self.stop.is_set():
            request = (
                f"GET /players/{player['id']}/events/stream HTTP/1.1\r\nHost: {host}:{port}\r\n"
                f"Authorization: Bearer {player['token']}\r\nAccept: text/event-stream\r\n\r\n"
            ).encode()
            sub = Stream(request)
            try:
                await loop.create_connection(lambda sub=sub: sub, host, int(port))
            except OSError as exc:
                self._error("transport player stream", str(exc))
                await asyncio.sleep(1)
                continue
            self.player_streams.append(sub)
            while sub.ended is None and not self.stop.is_set():
                await asyncio.sleep(0.5)
            self.player_streams.remove(sub)
            self.counts["player_notifications"] += sub.events
            if sub.transport is not None:
                sub.transport.close()
            self._ended(sub, "player")

    def _ended(self, sub: Subscriber, kind: str) -> None:
        """A stream that ended: how. ``finished`` and ``timeout`` are a stream's normal end;
        ``closed`` without an end event, or ``behind`` or ``error``, are counted as errors."""
        if sub.status and sub.status != b"200":
            self._error(f"{sub.status.decode()} {kind} stream", "")
            return
        text = (sub.ended or b"").decode(errors="replace")
        reason = re.search(r'"reason":\s*"(\w+)"', text)
        reason = reason.group(1) if reason else "closed"
        self.counts[f"{kind}_stream_end_{reason}"] += 1
        if reason in ("behind", "error", "closed") and not self.stop.is_set():
            self._error(f"{kind} stream ended: {reason}", text[:120])


class Receiver:
    """The local webhook receiver: answers every POST 204 and counts them."""

    def __init__(self) -> None:
        self.received = 0
        self.server: asyncio.Server | None = None
        self.url = ""
        self.writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> Receiver:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self.server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}/hook"
        return self

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writers.add(writer)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = re.search(rb"(?i)content-length:\s*(\d+)", head)
                await reader.readexactly(int(length.group(1)) if length else 0)
                self.received += 1
                writer.write(b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n")
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            self.writers.discard(writer)
            writer.close()

    async def close(self) -> None:
        """Stop listening and end the kept-alive connections, so that their handlers return
        (a handler still waiting when the loop closes is cancelled, with a traceback)."""
        if self.server is not None:
            self.server.close()
        for writer in list(self.writers):
            writer.close()
        await asyncio.sleep(0.2)


async def probe(base: str, stop: asyncio.Event, lags: list[float], service: list[float]) -> None:
    """Every 0.25 s: this process's own event-loop lag (how late a 0.25 s sleep wakes) and
    the service's, as the time of GET /health (answered without I/O: its time is the wait for
    the service's event loop plus the HTTP round trip)."""
    conn = Connection.for_url(base, timeout=30)
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(0.25)
        lags.append(time.perf_counter() - started - 0.25)
        started = time.perf_counter()
        try:
            await conn.request("GET", "/health")
            service.append(time.perf_counter() - started)
        except HttpError:
            service.append(float("inf"))
    await conn.close()
