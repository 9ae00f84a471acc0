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
import os
import random
import secrets
import sys
import time
from collections import Counter
from typing import Any

from service.ops.commands import play_bots
from service.ops.commands.play_common import (
    URL_ENV,
    Failure,
    Tally,
    _check,
    _finished_over_http,
    clock_line,
    clock_tally,
    summary,
)
from service.ops.commands.play_players import PlayerBots, play_as_players
from service.ops.console import Progress
from service.ops.where import games_played
from service.support.config import Settings

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


def play_over_http(
    http: Any,
    slug: str,
    players: int,
    seed: str,
    max_commands: int = 100_000,
    clock: dict[str, Any] | None = None,
    bots: tuple[list[str], int, str | None] = ([], 2, None),
) -> tuple[list[dict[str, Any]], int, Counter, str]:
    """One game through the HTTP API: its ranking, commands, clocks and id. ``bots``: the
    server's bot policies of the first seats, their level, the admin key (a game of bots
    alone needs it; service/ops/commands/play_bots.py)."""
    rng = random.Random(seed)
    policies, level, admin_key = bots
    body: dict[str, Any] = {
        "game": slug,
        "seats": play_bots.seats_body(players, policies, level),
        "seed": seed,
    }
    idle = None
    if clock is not None:
        idle = clock.get("idle_seat")
        body["clock"] = {k: v for k, v in clock.items() if k != "idle_seat"}
    admin = {"Authorization": f"Bearer {admin_key}"} if admin_key and policies else {}
    created = _check(http.post("/games", json=body, headers=admin), "create game")
    game_id = created["id"]
    if policies:
        print(f"game {game_id}", file=sys.stderr)
    tokens = [seat["token"] for seat in created["seats"]]
    for commands in range(max_commands):
        view = _check(http.get(f"/games/{game_id}"), "read game")
        if view["status"] == "finished":
            if policies:
                ranking = view["result"]["ranking"]
                print(f"game {game_id}: {play_bots.outcome(ranking, policies)}", file=sys.stderr)
            return _finished_over_http(http, game_id, view, commands)
        seats = [s for s in view["to_act"] if s != idle and s >= len(policies)]
        if not seats:  # only the idle seat or the server's bots may act: wait for them
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
    try:
        bots_of = play_bots.parse_bots(args.bots, spec, args.players)
    except play_bots.BotsError as exc:
        stderr(f"gamestate play: --bots: {exc}")
        return 2
    url = None if args.in_process else (args.url or os.environ.get(URL_ENV) or None)
    if bots_of and (args.as_players or (clock is not None and not url)):
        stderr("gamestate play: --bots plays neither --as-players nor in-process clocks")
        return 2
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
                                        http,
                                        args.game,
                                        args.players,
                                        seed,
                                        clock=clock,
                                        bots=(bots_of, args.level, admin_key),
                                    )
                                )
                            progress.update(i + 1)
                    finally:
                        if bots is not None:
                            bots.close()
            else:
                for i in range(args.games):
                    seed = f"{base_seed}-{i}"
                    if bots_of:
                        played = play_bots.play_in_process(
                            args.game, args.players, seed, bots_of, args.level
                        )
                    else:
                        played = play_in_process(args.game, args.players, seed, clock)
                    tally.add(*played)
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
        "  gamestate play splendor --players 2 --url http://127.0.0.1:8000\n"
        "  gamestate play azul --players 2 --bots mcts,random",
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
    p.add_argument(
        "--bots",
        default=None,
        help="the service's bot policies of the first seats, e.g. mcts,random (docs/bots.md);"
        " the other seats are played by this command's random client",
    )
    p.add_argument(
        "--level",
        type=int,
        choices=sorted(play_bots.LEVELS),
        default=2,
        help="the bots' level (their budget per move; default 2)",
    )
    p.set_defaults(run=run)
