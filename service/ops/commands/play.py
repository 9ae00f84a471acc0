"""``gamestate play``: random bots play whole games and a summary is printed.

Against a server (``--url``, or ``$GAMESTATE_URL`` when set) the bots play through the HTTP
API exactly as a client would: create the game, then per turn read the game, ask the acting
seat's legal commands and submit one with ``expected_version``. Otherwise (or with
``--in-process``) the games are played in this process with the rules alone
(``domain._kernel.playout``): no server and no database, which makes it a quick smoke test of
the rules and a throughput figure for the domain alone.

With ``--as-players`` (over HTTP) every bot is a registered player (``POST /players``) with
one player token for all its games, and waits on its notification stream
(``GET /players/{id}/events/stream``, docs/notifications.md) instead of reading the game:
on ``your_turn`` it asks its legal commands at that version and sends one with
``?include=legal_commands``, so a seat that acts again needs no further request. Without the
admin key the game is created with open seats and each bot joins it with its player token
(``POST /games/{id}/join``, docs/lobby.md); with one (``--admin-key`` or
``$GAMESTATE_ADMIN_KEY``) the organiser seats the players by id at creation. The summary
counts HTTP requests per decision either way (a stream opened is one request).

With ``--turn-seconds`` every game is on a clock (docs/lifecycle.md). Over HTTP the server's
clock runs and a seat left idle (``--idle-seat``) is timed out, auto-played, then a zombie;
in-process the clock is simulated (``domain.lifecycle.playout``): bots think up to 1.2 turns,
so some decisions time out. Each game's clocks (timeouts, auto-played decisions, zombies,
banks left) are shown on stderr, and their totals in the summary.

Progress goes to stderr; to stdout, the games played (over HTTP: each game's id, viewer link,
record and audit URLs; in-process games are stored nowhere, so their seeds) and then the
summary table (docs/cli.md). ``--players`` defaults to 2 where the game allows it, else its
minimum. Exit codes: 0 ok, 1 a game or the server failed, 2 usage (unknown game, player count
out of range)."""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import secrets
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from service.ops.console import Progress
from service.ops.where import games_played
from service.support.config import Settings

URL_ENV = "GAMESTATE_URL"


class Failure(Exception):
    """Something went wrong that is not the user's typing: exit code 1."""


@dataclass
class Tally:
    """Per seat: outright wins, first places shared with other seats, and the total score."""

    players: int
    games: int = 0
    commands: int = 0
    wins: list[int] = field(default_factory=list)
    shared: list[int] = field(default_factory=list)
    win_share: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    clocks: Counter = field(default_factory=Counter)
    """Totals of the games' clocks: timeouts, auto-played decisions, zombies, endings."""
    requests: int = 0
    """HTTP requests sent (over HTTP only)."""
    game_ids: list[str] = field(default_factory=list)
    """The stored games played (over HTTP only: in-process games are not stored)."""

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.shared = [0] * self.players
        self.win_share = [0.0] * self.players
        self.scores = [0] * self.players

    def add(
        self,
        ranking: list[dict[str, Any]],
        commands: int,
        clocks: Counter | None = None,
        game_id: str | None = None,
    ) -> None:
        self.games += 1
        if game_id is not None:
            self.game_ids.append(game_id)
        self.commands += commands
        self.clocks.update(clocks or {})
        firsts = sorted({s["seat"] for s in ranking if s["place"] == 1})
        for standing in ranking:
            self.scores[standing["seat"]] += standing["score"]
        for seat in firsts:
            if len(firsts) == 1:
                self.wins[seat] += 1
            else:
                self.shared[seat] += 1
            # A shared first place is a fraction of a win: every game hands out exactly one.
            self.win_share[seat] += 1 / len(firsts)

    def win_percent(self, seat: int) -> float:
        """The seat's share of the games' wins, in percent: 0..100, and 100 over all seats."""
        return 100 * self.win_share[seat] / self.games if self.games else 0.0


def clock_tally(events: list[dict[str, Any]]) -> Counter:
    """What the clocks did in a game, from its events (as JSON)."""
    tally: Counter = Counter()
    for event in events:
        data = event.get("data") or event
        kind = event.get("type")
        if kind == "game.turn_timed_out":
            tally["timeouts"] += 1
            tally["forfeits"] += data.get("outcome") == "forfeit"
            tally["zombies"] += bool(data.get("zombie")) and data.get("outcome") == "auto_play"
        elif kind == "game.seat_auto_played":
            tally["auto-played decisions"] += 1
        elif kind in ("game.ended", "game.abandoned"):
            tally[f"ended: {data.get('reason')}"] += 1
    return tally


def clock_line(game: str, tally: Counter, banks: list[float] | None) -> str:
    parts = [f"{tally.get(k, 0)} {k}" for k in ("timeouts", "auto-played decisions", "zombies")]
    if banks is not None:
        parts.append("banks left " + ", ".join(f"{b:g}s" for b in banks))
    return f"game {game}: " + ", ".join(parts)


def summary(game: str, tally: Tally, seconds: float, where: str) -> str:
    rows = [f"{tally.games} game(s) of {game} with {tally.players} players ({where})", ""]
    rows.append(f"{'seat':>4}  {'wins':>5}  {'shared':>6}  {'win %':>6}  {'avg score':>9}")
    for seat in range(tally.players):
        games = max(tally.games, 1)
        rows.append(
            f"{seat:>4}  {tally.wins[seat]:>5}  {tally.shared[seat]:>6}"
            f"  {tally.win_percent(seat):>5.1f}%  {tally.scores[seat] / games:>9.2f}"
        )
    rows.append("")
    rows.append("win %: wins, with a first place shared by k seats counted as 1/k of a win")
    if tally.clocks:
        rows.append("clocks: " + ", ".join(f"{n} {k}" for k, n in sorted(tally.clocks.items())))
    rows.append(f"commands per game: {tally.commands / max(tally.games, 1):.1f}")
    if tally.requests:
        rows.append(f"requests per decision: {tally.requests / max(tally.commands, 1):.2f}")
    rows.append(f"games per second:  {tally.games / max(seconds, 1e-9):.2f}")
    rows.append(f"elapsed:           {seconds:.2f} s")
    return "\n".join(rows)


# -- in-process ---------------------------------------------------------------------------


def play_in_process(
    slug: str, players: int, seed: str, clock: dict[str, Any] | None = None
) -> tuple[list[dict[str, Any]], int, Counter]:
    import msgspec

    from domain._kernel import playout
    from domain.registry import GAMES

    spec = GAMES[slug]
    steps = 0

    def count(*_: Any) -> None:
        nonlocal steps
        steps += 1

    if clock is not None:
        return _clocked_in_process(slug, players, seed, clock)
    state, _ = playout(spec, spec.new_setup(players), seed, on_step=count)
    result = spec.result(state)
    if result is None:
        raise Failure(f"{slug}: the game did not end")
    return msgspec.to_builtins(result.ranking), steps, Counter()


def _clocked_in_process(
    slug: str, players: int, seed: str, clock: dict[str, Any]
) -> tuple[list[dict[str, Any]], int, Counter]:
    """A game on a simulated clock: bots think up to 1.2 turns, the idle seat never acts."""
    import msgspec

    from domain._kernel import Rng
    from domain.lifecycle import MATCHES, Clock, Terms
    from domain.lifecycle import playout as lifecycle

    match = MATCHES[slug]
    turn_ms = max(1, round(clock["turn_seconds"] * 1000))
    terms = Terms(
        clock=Clock(turn_ms=turn_ms, on_timeout=clock["on_timeout"]),
        started_ms=0,
        max_events=match.max_events,
    )
    idle = clock.get("idle_seat")

    def think(seat: int, since: int) -> int | None:
        if seat == idle:
            return None
        return Rng(seed, since, f"think-{seat}").below(turn_ms * 6 // 5 + 1)

    state, events = lifecycle.playout(match, match.new_setup(players, terms=terms), seed, think)
    result = match.result(state)
    if result is None:
        raise Failure(f"{slug}: the game ended without a result")
    tally = clock_tally([{"type": type(e).__struct_config__.tag, "data": msgspec.to_builtins(e)}
                         for e in events])  # fmt: skip
    banks = [seat.bank_ms / 1000 for seat in state.life.seats]
    print(clock_line(seed, tally, banks), file=sys.stderr)
    steps = sum(1 for e in events if type(e).__struct_config__.tag == "game.clocks_set")
    return msgspec.to_builtins(result.ranking), steps, tally


# -- over HTTP ----------------------------------------------------------------------------


def _check(response: Any, what: str) -> Any:
    if response.status_code >= 400:
        raise Failure(f"{what}: HTTP {response.status_code}: {response.text[:300]}")
    return response.json()


def play_over_http(
    http: Any,
    slug: str,
    players: int,
    seed: str,
    max_commands: int = 100_000,
    clock: dict[str, Any] | None = None,
) -> tuple[list[dict[str, Any]], int, Counter, str]:
    """One game through the HTTP API: its ranking, commands, clocks and id."""
    rng = random.Random(seed)
    body: dict[str, Any] = {
        "game": slug,
        "seats": [{"name": f"bot{i}"} for i in range(players)],
        "seed": seed,
    }
    idle = None
    if clock is not None:
        idle = clock.get("idle_seat")
        body["clock"] = {k: v for k, v in clock.items() if k != "idle_seat"}
    created = _check(http.post("/games", json=body), "create game")
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for commands in range(max_commands):
        view = _check(http.get(f"/games/{game_id}"), "read game")
        if view["status"] == "finished":
            return _finished_over_http(http, game_id, view, commands)
        seats = [seat for seat in view["to_act"] if seat != idle]
        if not seats:  # only the idle seat may act: its clock will run out
            time.sleep(0.05)
            continue
        seat = rng.choice(seats)
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = _check(http.get(f"/games/{game_id}/legal-commands", headers=auth), "legal")
        if not legal["commands"]:
            raise Failure(f"game {game_id}: seat {seat} must act but has no legal command")
        answer = http.post(
            f"/games/{game_id}/commands",
            json={"command": rng.choice(legal["commands"]), "expected_version": legal["version"]},
            headers=auth,
        )
        if answer.status_code in (409, 422) and view.get("clock"):
            continue  # the clock moved first (a timeout), or another seat (simultaneous)
        if answer.status_code == 409:  # someone else moved first (simultaneous phases)
            continue
        _check(answer, f"game {game_id}: command")
    raise Failure(f"game {game_id}: no end after {max_commands} commands")


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


def _finished_over_http(
    http: Any, game_id: str, view: dict[str, Any], commands: int
) -> tuple[list[dict[str, Any]], int, Counter, str]:
    if view["result"] is None:
        raise Failure(f"game {game_id} ended without a result ({view.get('ending')})")
    tally: Counter = Counter()
    if view.get("clock") is not None:
        events = _check(http.get(f"/games/{game_id}/events"), "read events")["events"]
        tally = clock_tally(events)
        print(clock_line(game_id, tally, view["clock"]["banks"]), file=sys.stderr)
    return view["result"]["ranking"], commands, tally, game_id


# -- command ------------------------------------------------------------------------------


def run(args: argparse.Namespace, settings: Settings) -> int:
    import httpx

    from domain.registry import GAMES
    from service.ops.environment import stderr

    spec = GAMES.get(args.game)
    if spec is None:
        stderr(f"gamestate play: unknown game '{args.game}' (one of: {', '.join(sorted(GAMES))})")
        return 2
    if args.players is None:
        args.players = default_players(spec)
    if not spec.min_players <= args.players <= spec.max_players:
        stderr(
            f"gamestate play: {spec.title} takes {spec.min_players} to {spec.max_players}"
            f" players, not {args.players}"
        )
        return 2
    if args.games < 1:
        stderr("gamestate play: --games must be at least 1")
        return 2
    clock = None
    if args.turn_seconds is not None:
        if args.turn_seconds <= 0:
            stderr("gamestate play: --turn-seconds must be positive")
            return 2
        clock = {"turn_seconds": args.turn_seconds, "on_timeout": args.on_timeout}
        if args.idle_seat is not None:
            if not 0 <= args.idle_seat < args.players:
                stderr("gamestate play: --idle-seat must be one of the seats")
                return 2
            clock["idle_seat"] = args.idle_seat
    url = None if args.in_process else (args.url or os.environ.get(URL_ENV) or None)
    admin_key = args.admin_key or settings.admin_key
    if args.as_players and not url:
        stderr("gamestate play: --as-players plays over HTTP: give --url (or $GAMESTATE_URL)")
        return 2
    base_seed = args.seed if args.seed is not None else secrets.token_hex(8)
    tally = Tally(args.players)
    started = time.monotonic()
    try:
        with Progress(args.game, total=args.games) as progress:
            if url:

                def count(_: Any) -> None:
                    tally.requests += 1

                with httpx.Client(
                    base_url=url.rstrip("/"), timeout=30, event_hooks={"request": [count]}
                ) as http:
                    bots = PlayerBots(http, args.players) if args.as_players else None
                    try:
                        for i in range(args.games):
                            seed = f"{base_seed}-{i}"
                            if bots is not None:
                                tally.add(
                                    *play_as_players(
                                        http, bots, args.game, seed, admin_key, clock=clock
                                    )
                                )
                            else:
                                tally.add(
                                    *play_over_http(
                                        http, args.game, args.players, seed, clock=clock
                                    )
                                )
                            progress.update(i + 1)
                    finally:
                        if bots is not None:
                            bots.close()
            else:
                for i in range(args.games):
                    seed = f"{base_seed}-{i}"
                    tally.add(*play_in_process(args.game, args.players, seed, clock))
                    progress.update(i + 1)
    except Failure as exc:
        stderr(f"gamestate play: {exc}")
        return 1
    except httpx.HTTPError as exc:
        stderr(f"gamestate play: cannot talk to {url}: {exc}")
        return 1
    elapsed = time.monotonic() - started
    where = f"over HTTP at {url}" if url else "in-process, domain only"
    print(games_played(url, tally.game_ids, tally.games, base_seed))
    print(summary(args.game, tally, elapsed, where))
    print(f"seed: {base_seed}")
    return 0


def default_players(spec: Any) -> int:
    """``--players`` left out: two where the game allows it, else its minimum."""
    return 2 if spec.min_players <= 2 <= spec.max_players else spec.min_players


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "play",
        help="random bots play whole games (against a server, or in-process)",
        description="Random bots play whole games of GAME and a summary is printed: wins,"
        " shared wins, win percentage and average score per seat, commands per game, games"
        " per second. Against a server (--url, or $GAMESTATE_URL) the bots play through the"
        " HTTP API as any client would; otherwise, in this process with the rules alone.",
        epilog="examples:\n"
        "  gamestate play azul --players 3 --games 100 --seed s1\n"
        "  gamestate play splendor --players 2 --url http://127.0.0.1:8000",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help="an installed game's slug (GET /games/types lists the served ones)")
    p.add_argument(
        "--players",
        type=int,
        default=None,
        help="seats per game (default 2 where the game allows it, else its minimum)",
    )
    p.add_argument("--games", type=int, default=1, help="how many games (default 1)")
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--url",
        default=None,
        help=f"server to play against (default ${URL_ENV} when set, else in-process)",
    )
    where.add_argument(
        "--in-process",
        action="store_true",
        help=f"play in this process even when ${URL_ENV} is set",
    )
    p.add_argument(
        "--seed", default=None, help="base seed: game i uses '<seed>-<i>' (default random)"
    )
    p.add_argument(
        "--as-players",
        action="store_true",
        help="bots are registered players (one token each) that wait on their notification"
        " stream instead of reading the game (over HTTP only)",
    )
    p.add_argument(
        "--admin-key",
        default=None,
        help="with --as-players: seat the players at creation with the admin key (default"
        " $GAMESTATE_ADMIN_KEY); without one, the game has open seats and each bot joins"
        " with its own player token",
    )
    p.add_argument(
        "--turn-seconds",
        type=float,
        default=None,
        help="put every game on a clock with this time per decision (default: no clock)",
    )
    p.add_argument(
        "--on-timeout",
        choices=("auto_play", "forfeit"),
        default="auto_play",
        help="what a timeout does (with --turn-seconds; default auto_play)",
    )
    p.add_argument(
        "--idle-seat",
        type=int,
        default=None,
        help="a seat whose bot never acts, to watch its clock run out (with --turn-seconds)",
    )
    p.set_defaults(run=run)
