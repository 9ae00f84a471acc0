"""``gamestate tournament demo``: a whole bot tournament, in-process, with the pure domain.

The tournament is the real aggregate (``domain.tournament.TOURNAMENT``: decide/evolve), and
every table's game is a real game played to the end by random bots
(``domain._kernel.playout``) with the table's seed when it has one (duplicate mode). Results
go back as ``tournament.record_result`` through ``placements_from_result``, exactly as the
service does it. No server, no database.

With ``--turn-seconds`` every table's game is on a clock, simulated
(``domain.lifecycle.playout``): bots think up to 1.2 turns, and ``--idle-player N`` never acts
once the tournament starts (its seats time out, are auto-played, then zombies; with
``--on-timeout forfeit`` it forfeits each game). The clocks' totals are printed with the
standings.

Exit codes: 0 ok, 1 the tournament did not finish, 2 usage (unknown game or format, a
configuration the tournament refuses)."""

from __future__ import annotations

import argparse
import hashlib
import secrets
import time
import uuid
from collections import Counter
from typing import Any

# FORMATS_WITH_ROUNDS: one rule for the CLI, the API and the aggregate.
from domain.tournament.state import FORMATS, FORMATS_WITH_ROUNDS
from service.ops.console import Progress
from service.support.config import Settings


class Usage(Exception):
    pass


class DemoTournament:
    """A tournament decided in memory, command by command, as the service would."""

    def __init__(self, seed: str) -> None:
        from domain.tournament import TOURNAMENT

        self.seed = seed
        self.state = TOURNAMENT.initial_state()
        self.version = 0

    def send(self, command: Any) -> tuple[Any, ...]:
        from domain._kernel import Rng
        from domain.tournament import TOURNAMENT

        events = TOURNAMENT.decide(self.state, command, Rng(self.seed, self.version))
        for event in events:
            self.state = TOURNAMENT.evolve(self.state, event)
        self.version += len(events)
        return events

    def record(self, table: Any, result: Any) -> None:
        """The table's result; a tie at an elimination cut is broken by seat order, as the
        demo's organiser decides (the rules leave it to the organiser)."""
        from domain._kernel import DomainError
        from domain.tournament import TOURNAMENT
        from domain.tournament import commands as tc

        placements = TOURNAMENT.placements_from_result(table.players, result)
        try:
            self.send(tc.RecordResult(table_id=table.table_id, placements=placements))
        except DomainError as exc:
            if exc.code != "tournament/tie_at_cut":
                raise
            ordered = sorted(placements, key=lambda p: (p.place, table.players.index(p.player_id)))
            resolved = tuple(
                type(p)(player_id=p.player_id, place=i + 1, score=p.score)
                for i, p in enumerate(ordered)
            )
            self.send(
                tc.ResolveTable(
                    table_id=table.table_id,
                    placements=resolved,
                    reason="tie at the cut broken by seat order (demo)",
                )
            )


def run_tournament(
    game: str,
    players: int,
    format: str,
    *,
    seed: str,
    table_size: int | None = None,
    rounds: int = 0,
    duplicate: bool = False,
    seeding: str = "random",
    progress: Any = None,
    clock: dict[str, Any] | None = None,
) -> tuple[Any, dict[str, Any]]:
    """Play a tournament to its end; returns (final state, figures). ``clock``:
    ``{turn_seconds, on_timeout, idle_player?}`` puts the games on a simulated clock."""
    from domain._kernel import DomainError
    from domain.registry import GAMES
    from domain.tournament import TOURNAMENT
    from domain.tournament import commands as tc

    spec = GAMES.get(game)
    if spec is None:
        raise Usage(f"unknown game '{game}' (one of: {', '.join(sorted(GAMES))})")
    demo = DemoTournament(seed)
    try:
        demo.send(
            tc.CreateTournament(
                name=f"demo {game} {format}",
                game=game,
                format=format,
                min_players=spec.min_players,
                max_players=spec.max_players,
                table_size=table_size or max(2, spec.min_players),
                rounds=rounds,
                duplicate=duplicate,
                seeding=seeding,
                clock=_clock(clock),
            )
        )
        for i in range(players):
            demo.send(tc.RegisterPlayer(name=f"bot{i + 1}", rating=players - i))
        demo.send(tc.StartTournament())
    except DomainError as exc:
        raise Usage(f"the tournament refuses this configuration: {exc.code}: {exc.detail}") from exc
    games_played = commands = 0
    clocks: Counter = Counter()
    for _ in range(10_000):
        if demo.state.status == "finished":
            break
        tables = TOURNAMENT.tables_awaiting_game(demo.state)
        if not tables:
            raise RuntimeError("the tournament is running but no table waits for a game")
        for table in tables:
            commands += _play_table(demo, spec, table, clock or {}, clocks)
            games_played += 1
            if progress is not None:
                progress(games_played, len(demo.state.rounds))
            if demo.state.status == "finished":
                break
    if demo.state.status != "finished":
        raise RuntimeError("the tournament did not finish")
    figures = {"games": games_played, "commands": commands, "rounds": len(demo.state.rounds)}
    return demo.state, {**figures, "clocks": dict(clocks)}


def _clock(clock: dict[str, Any] | None) -> Any:
    from domain.lifecycle import Clock

    if clock is None:
        return None
    turn_ms = max(1, round(clock["turn_seconds"] * 1000))
    return Clock(turn_ms=turn_ms, on_timeout=clock.get("on_timeout", "auto_play"))


def _clocked_game(
    state: Any, table: Any, seed: str, clock: dict[str, Any], clocks: Counter
) -> tuple[Any, int]:
    """A table's game on a simulated clock (see the module docstring); its result."""
    from domain._kernel import Rng
    from domain.lifecycle import MATCHES, Terms
    from domain.lifecycle import playout as lifecycle
    from domain.lifecycle.events import SeatAutoPlayed, TurnTimedOut

    config = state.config
    match = MATCHES[config.game]
    terms = Terms(clock=config.clock, started_ms=0, max_events=match.max_events)
    turn_ms = config.clock.turn_ms
    idle = clock.get("idle_player")

    def think(seat: int, since: int) -> int | None:
        if table.players[seat] == idle:
            return None
        return Rng(seed, since, f"think-{seat}").below(turn_ms * 6 // 5 + 1)

    setup = match.new_setup(len(table.players), terms=terms)
    final, events = lifecycle.playout(match, setup, seed, think)
    for event in events:
        if isinstance(event, TurnTimedOut):
            clocks["timeouts"] += 1
            clocks["forfeits"] += event.outcome == "forfeit"
            clocks["zombies"] += event.zombie and event.outcome == "auto_play"
        elif isinstance(event, SeatAutoPlayed):
            clocks["auto-played decisions"] += 1
    steps = sum(1 for e in events if type(e).__struct_config__.tag == "game.clocks_set")
    return match.result(final), steps


def _play_table(
    demo: DemoTournament, spec: Any, table: Any, clock: dict[str, Any], clocks: Counter
) -> int:
    """Play the table's game by random legal commands (on a simulated clock when the
    tournament has one) and record its result; the number of commands played."""
    from domain._kernel import playout
    from domain.tournament import commands as tc

    game_seed = table.seed or hashlib.sha256(f"{demo.seed}/{table.table_id}".encode()).hexdigest()
    steps = 0

    def count(*_: Any) -> None:
        nonlocal steps
        steps += 1

    if demo.state.config is not None and demo.state.config.clock is not None:
        result, steps = _clocked_game(demo.state, table, game_seed, clock, clocks)
    else:
        final, _events = playout(spec, spec.new_setup(len(table.players)), game_seed, on_step=count)
        result = spec.result(final)
    assert result is not None
    game_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"gamestate-demo:{demo.seed}:{table.table_id}"))
    demo.send(tc.AttachGame(table_id=table.table_id, game_id=game_id))
    demo.record(table, result)
    return steps


def standings_table(state: Any) -> str:
    from domain.tournament import TOURNAMENT

    view = TOURNAMENT.view(state)
    names = {p.player_id: p.name for p in view.players}
    rows = view.ranking or view.standings
    lines = [
        f"{'place':>5}  {'player':<10} {'points':>6}  {'W-D-L':>8}  {'byes':>4}"
        f"  {'game pts':>8}  {'tie-breaks':<14} status"
    ]
    for r in rows:
        wdl = f"{r.wins}-{r.draws}-{r.losses}"
        tiebreaks = ",".join(str(t) for t in r.tiebreaks) or "-"
        lines.append(
            f"{r.place:>5}  {names.get(r.player_id, r.player_id)!s:<10} {r.points:>6}  {wdl:>8}"
            f"  {r.byes:>4}  {r.game_points:>8}  {tiebreaks:<14} {r.status}"
        )
    return "\n".join(lines)


def demo(args: argparse.Namespace, settings: Settings) -> int:
    from service.ops.environment import stderr

    if args.players < 2:
        stderr("gamestate tournament demo: --players must be at least 2")
        return 2
    if args.rounds and args.format not in FORMATS_WITH_ROUNDS:
        stderr(
            f"gamestate tournament demo: --rounds applies to {' and '.join(FORMATS_WITH_ROUNDS)}"
            f" only; {args.format} plays until its bracket is decided"
        )
        return 2
    seed = args.seed if args.seed is not None else secrets.token_hex(8)

    clock = None
    if args.turn_seconds is not None:
        if args.turn_seconds <= 0:
            stderr("gamestate tournament demo: --turn-seconds must be positive")
            return 2
        clock = {"turn_seconds": args.turn_seconds, "on_timeout": args.on_timeout}
        if args.idle_player is not None:
            clock["idle_player"] = args.idle_player
    started = time.monotonic()
    try:
        with Progress(f"{args.format} tournament of {args.game}") as bar:

            def progress(games: int, rounds: int) -> None:
                bar.update(games, f"round {rounds}")

            state, figures = run_tournament(
                args.game,
                args.players,
                args.format,
                seed=seed,
                table_size=args.table_size,
                rounds=args.rounds,
                duplicate=args.duplicate,
                seeding=args.seeding,
                progress=progress,
                clock=clock,
            )
    except Usage as exc:
        stderr(f"gamestate tournament demo: {exc}")
        return 2
    except RuntimeError as exc:
        stderr(f"gamestate tournament demo: {exc}")
        return 1
    elapsed = time.monotonic() - started
    print(
        f"{args.format} tournament of {args.game}: {args.players} players, "
        f"{figures['rounds']} round(s), {figures['games']} game(s), "
        f"{figures['commands']} commands, {elapsed:.2f} s"
    )
    if clock is not None:
        totals = ", ".join(f"{n} {k}" for k, n in sorted(figures["clocks"].items()))
        print(
            f"clocks: {args.turn_seconds:g} s per decision, {args.on_timeout}: {totals or 'none'}"
        )
    print()
    print(standings_table(state))
    print()
    print(f"seed: {seed}")
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    group = commands.add_parser(
        "tournament",
        help="tournament tools (demo in-process, play over HTTP)",
        description="Tournament tools. Real tournaments are run over HTTP (POST /tournaments);"
        " see docs/tournaments.md.",
    )
    sub = group.add_subparsers(dest="tournament_command", required=True, metavar="COMMAND")
    p = sub.add_parser(
        "demo",
        help="run a whole bot tournament in-process and print the standings",
        description="A whole tournament of random bots, decided in this process by the same"
        " rules as the service's tournaments: every table's game is a real game played to"
        " the end. No server, no database. Progress on stderr, standings on stdout.",
        epilog="examples:\n"
        "  gamestate tournament demo azul --players 8 --format swiss --rounds 3\n"
        "  gamestate tournament demo carcassonne --players 7 --format table_elimination"
        " --table-size 3",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help="an installed game's slug (GET /games/types lists the served ones)")
    p.add_argument("--players", type=int, required=True, help="number of registered players")
    p.add_argument("--format", required=True, choices=FORMATS, help="tournament format")
    p.add_argument(
        "--table-size",
        type=int,
        default=None,
        help="players per table (default 2, or the game's minimum when larger)",
    )
    p.add_argument(
        "--rounds",
        type=int,
        default=0,
        help="rounds of round_robin or swiss (default: the format's own number)",
    )
    p.add_argument(
        "--seeding",
        choices=("ranked", "random"),
        default="random",
        help="first-round pairing by rating, or at random (default random)",
    )
    p.add_argument("--duplicate", action="store_true", help="same game seed at every table")
    p.add_argument("--seed", default=None, help="tournament seed (default random)")
    p.add_argument(
        "--turn-seconds",
        type=float,
        default=None,
        help="every table's game on a (simulated) clock with this time per decision",
    )
    p.add_argument("--on-timeout", choices=("auto_play", "forfeit"), default="auto_play")
    p.add_argument(
        "--idle-player", type=int, default=None, help="a player (id) whose bot never acts"
    )
    p.set_defaults(run=demo)
    from service.ops.commands import tournament_http

    tournament_http.register(sub, FORMATS, FORMATS_WITH_ROUNDS)
