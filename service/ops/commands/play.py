"""``gamestate play``: random bots play whole games and a summary is printed.

Against a server (``--url``, or ``$GAMESTATE_URL`` when set) the bots play through the HTTP
API exactly as a client would: create the game, then per turn read the game, ask the acting
seat's legal commands and submit one with ``expected_version``. Otherwise (or with
``--in-process``) the games are played in this process with the rules alone
(``domain._kernel.playout``): no server and no database, which makes it a quick smoke test of
the rules and a throughput figure for the domain alone.

Progress goes to stderr, the summary table to stdout. Exit codes: 0 ok, 1 a game or the
server failed, 2 usage (unknown game, player count out of range)."""

from __future__ import annotations

import argparse
import os
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from service.ops.console import Progress
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

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.shared = [0] * self.players
        self.win_share = [0.0] * self.players
        self.scores = [0] * self.players

    def add(self, ranking: list[dict[str, Any]], commands: int) -> None:
        self.games += 1
        self.commands += commands
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
    rows.append(f"commands per game: {tally.commands / max(tally.games, 1):.1f}")
    rows.append(f"games per second:  {tally.games / max(seconds, 1e-9):.2f}")
    rows.append(f"elapsed:           {seconds:.2f} s")
    return "\n".join(rows)


# -- in-process ---------------------------------------------------------------------------


def play_in_process(slug: str, players: int, seed: str) -> tuple[list[dict[str, Any]], int]:
    import msgspec

    from domain import GAMES
    from domain._kernel import playout

    spec = GAMES[slug]
    steps = 0

    def count(*_: Any) -> None:
        nonlocal steps
        steps += 1

    state, _ = playout(spec, spec.new_setup(players), seed, on_step=count)
    result = spec.result(state)
    if result is None:
        raise Failure(f"{slug}: the game did not end")
    return msgspec.to_builtins(result.ranking), steps


# -- over HTTP ----------------------------------------------------------------------------


def _check(response: Any, what: str) -> Any:
    if response.status_code >= 400:
        raise Failure(f"{what}: HTTP {response.status_code}: {response.text[:300]}")
    return response.json()


def play_over_http(
    http: Any, slug: str, players: int, seed: str, max_commands: int = 100_000
) -> tuple[list[dict[str, Any]], int]:
    rng = random.Random(seed)
    body = {"game": slug, "seats": [{"name": f"bot{i}"} for i in range(players)], "seed": seed}
    created = _check(http.post("/games", json=body), "create game")
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for commands in range(max_commands):
        view = _check(http.get(f"/games/{game_id}"), "read game")
        if view["status"] == "finished":
            return view["result"]["ranking"], commands
        seat = rng.choice(view["to_act"])
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = _check(http.get(f"/games/{game_id}/legal-commands", headers=auth), "legal")
        if not legal["commands"]:
            raise Failure(f"game {game_id}: seat {seat} must act but has no legal command")
        answer = http.post(
            f"/games/{game_id}/commands",
            json={"command": rng.choice(legal["commands"]), "expected_version": legal["version"]},
            headers=auth,
        )
        if answer.status_code == 409:  # someone else moved first (simultaneous phases)
            continue
        _check(answer, f"game {game_id}: command")
    raise Failure(f"game {game_id}: no end after {max_commands} commands")


# -- command ------------------------------------------------------------------------------


def run(args: argparse.Namespace, settings: Settings) -> int:
    import httpx

    from domain import GAMES
    from service.ops.environment import stderr

    spec = GAMES.get(args.game)
    if spec is None:
        stderr(f"gamestate play: unknown game '{args.game}' (one of: {', '.join(sorted(GAMES))})")
        return 2
    if not spec.min_players <= args.players <= spec.max_players:
        stderr(
            f"gamestate play: {spec.title} takes {spec.min_players} to {spec.max_players}"
            f" players, not {args.players}"
        )
        return 2
    if args.games < 1:
        stderr("gamestate play: --games must be at least 1")
        return 2
    url = None if args.in_process else (args.url or os.environ.get(URL_ENV) or None)
    base_seed = args.seed if args.seed is not None else secrets.token_hex(8)
    tally = Tally(args.players)
    started = time.monotonic()
    try:
        with Progress(args.game, total=args.games) as progress:
            if url:
                with httpx.Client(base_url=url.rstrip("/"), timeout=30) as http:
                    for i in range(args.games):
                        tally.add(
                            *play_over_http(http, args.game, args.players, f"{base_seed}-{i}")
                        )
                        progress.update(i + 1)
            else:
                for i in range(args.games):
                    tally.add(*play_in_process(args.game, args.players, f"{base_seed}-{i}"))
                    progress.update(i + 1)
    except Failure as exc:
        stderr(f"gamestate play: {exc}")
        return 1
    except httpx.HTTPError as exc:
        stderr(f"gamestate play: cannot talk to {url}: {exc}")
        return 1
    elapsed = time.monotonic() - started
    where = f"over HTTP at {url}" if url else "in-process, domain only"
    print(summary(args.game, tally, elapsed, where))
    print(f"seed: {base_seed}")
    return 0


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
    p.add_argument("game", help="game slug (azul, splendor, carcassonne, castles, three_kingdoms)")
    p.add_argument("--players", type=int, required=True, help="seats per game")
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
    p.set_defaults(run=run)
