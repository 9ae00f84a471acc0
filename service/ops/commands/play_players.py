"""``gamestate play --as-players``: registered players that wait on their notification
streams (service/ops/commands/play.py's docstring)."""

from __future__ import annotations

import contextlib
import random
import threading
import time
from collections import Counter
from typing import Any

from service.ops.commands.play_common import Failure, _check, _finished_over_http


class PlayerBots:
    """Registered players, one token each for all their games, each with its notification
    stream read by a thread into one queue."""

    def __init__(self, http: Any, players: int, prefix: str = "bot") -> None:
        import queue

        self.http = http
        self.queue: queue.Queue[tuple[int, dict[str, Any]]] = queue.Queue()
        self.players = []
        for i in range(players):
            created = _check(http.post("/players", json={"name": f"{prefix}{i}"}), "create player")
            self.players.append((created["id"], created["token"]))
        self._responses: list[Any] = []
        self._threads = []
        for index in range(players):
            ready = threading.Event()
            thread = threading.Thread(target=self._follow, args=(index, ready), daemon=True)
            thread.start()
            ready.wait(10)
            self._threads.append(thread)

    def auth(self, index: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.players[index][1]}"}

    def _follow(self, index: int, ready: threading.Event) -> None:
        import json

        player_id, _ = self.players[index]
        last = ""
        while True:
            headers = {**self.auth(index), "Last-Event-ID": last} if last else self.auth(index)
            try:
                with self.http.stream(
                    "GET", f"/players/{player_id}/events/stream", headers=headers, timeout=None
                ) as response:
                    self._responses.append(response)
                    ready.set()
                    if response.status_code != 200:
                        return
                    for line in response.iter_lines():
                        if line.startswith("id:"):
                            last = line[3:].strip()
                        elif line.startswith("data:"):
                            body = json.loads(line[5:])
                            if "data" in body:
                                self.queue.put((index, body["data"]))
                            elif body.get("reason") in ("revoked", "shutdown"):
                                return
                # Ended (a timeout, an error): resume from the last id, without hammering.
                time.sleep(0.1)
            except Exception:
                if getattr(self, "closed", False):
                    return
                time.sleep(0.2)

    def serve(
        self,
        rng: random.Random,
        *,
        want: Any,
        on_ended: Any,
        idle: int | None = None,
        max_commands: int = 100_000,
        what: str = "the bots",
        quiet_seconds: float = 60,
    ) -> int:
        """Act on the notifications until ``on_ended(index, note)`` (called once per
        ``game_ended`` that ``want(note)``) says to stop; the commands accepted.

        On ``your_turn`` the bot asks its legal commands at that version and sends one
        with ``?include=legal_commands``, so a seat that acts again needs no further
        request. ``round_paired`` and ``game_started`` need no request: the game's first
        ``your_turn`` names the game and the bot's seat. The stream is the only source:
        nothing polls the game or the tournament's ``/me``."""
        import queue

        commands = 0
        acted: dict[tuple[int, str], int] = {}
        while commands < max_commands:
            try:
                index, note = self.queue.get(timeout=quiet_seconds)
            except queue.Empty:
                raise Failure(f"{what}: no notification for {quiet_seconds:g} s") from None
            if not want(note):
                continue
            game_id = note["game_id"]
            if note["kind"] == "game_ended":
                if on_ended(index, note):
                    return commands
                continue
            if note["kind"] != "your_turn" or index == idle:
                continue
            if note["version"] <= acted.get((index, game_id), 0):
                continue  # it already went on acting through its command's answer
            auth = self.auth(index)
            legal = _check(
                self.http.get(
                    f"/games/{game_id}/legal-commands",
                    params={"min_version": note["version"]},
                    headers=auth,
                ),
                "legal",
            )
            while legal["commands"]:
                answer = self.http.post(
                    f"/games/{game_id}/commands",
                    params={"include": "legal_commands"},
                    json={
                        "command": rng.choice(legal["commands"]),
                        "expected_version": legal["version"],
                    },
                    headers=auth,
                )
                if answer.status_code in (409, 422):
                    break  # another seat or the clock moved first: a new notification follows
                accepted = _check(answer, f"game {game_id}: command")
                commands += 1
                acted[(index, game_id)] = accepted["version"]
                legal = {
                    "version": accepted["version"],
                    "commands": accepted.get("legal_commands") or [],
                }
        raise Failure(f"{what}: no end after {max_commands} commands")

    def close(self) -> None:
        self.closed = True
        for response in self._responses:
            with contextlib.suppress(Exception):
                response.close()


def play_as_players(
    http: Any,
    bots: PlayerBots,
    slug: str,
    seed: str,
    admin_key: str | None = None,
    max_commands: int = 100_000,
    clock: dict[str, Any] | None = None,
) -> tuple[list[dict[str, Any]], int, Counter, str]:
    """One game of registered players: each acts when its stream says it is its turn.

    Without the admin key the game is created with open seats and each bot takes its seat
    (bot i at seat i) with its own player token (``POST /games/{id}/join``, docs/lobby.md);
    the last join deals. With it, the organiser seats the players by id at creation."""
    rng = random.Random(seed)
    body: dict[str, Any] = {"game": slug, "seed": seed}
    idle = None
    if clock is not None:
        idle = clock.get("idle_seat")
        body["clock"] = {k: v for k, v in clock.items() if k != "idle_seat"}
    if admin_key:
        # Only the organiser seats several registered players at one table (docs/players.md).
        body["seats"] = [{"player_id": player_id} for player_id, _ in bots.players]
        admin = {"Authorization": f"Bearer {admin_key}"}
        created = _check(http.post("/games", json=body, headers=admin), "create game")
        game_id = created["id"]
    else:
        body["seats"] = [{"open": True} for _ in bots.players]
        created = _check(http.post("/games", json=body), "create game")
        game_id = created["id"]
        for index in range(len(bots.players)):
            _check(
                http.post(f"/games/{game_id}/join", json={"seat": index}, headers=bots.auth(index)),
                f"game {game_id}: bot{index} joins",
            )
    ended: set[int] = set()

    def on_ended(index: int, note: dict[str, Any]) -> bool:
        ended.add(index)
        return len(ended) == len(bots.players)

    commands = bots.serve(
        rng,
        want=lambda note: note["game_id"] == game_id,
        on_ended=on_ended,
        idle=idle,
        max_commands=max_commands,
        what=f"game {game_id}",
    )
    view = _check(http.get(f"/games/{game_id}"), "read game")
    return _finished_over_http(http, game_id, view, commands)
