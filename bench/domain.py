"""Domain speed: random playouts, replay, legal-command generation and memory, per game and
player count. Pure Python, no database.

    python -m bench.domain [--short] [--games N] [--game SLUG]

Figures per (game, declared option variant, players):
- games/s: whole random playouts per second (legal commands, decide, evolve; as ``playout``);
- events/s replay: events folded per second by ``evolve`` alone, and with the JSON decoding the
  service does on a cold load (``msgspec.convert`` of the stored dicts);
- legal mean/p99: time of one ``legal_commands`` call per decision;
- peak KiB: tracemalloc peak of one whole playout (state, events, log).
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from typing import Any

import msgspec

from bench._common import heading, mean, percentile, table
from domain._kernel import GameSpec, Rng, decide, fold, start
from domain.registry import GAMES


def timed_playout(
    spec: GameSpec, players: int, seed: str, options: Any = None
) -> tuple[list[Any], list[float], Any]:
    """``domain._kernel.playout`` with each ``legal_commands`` call timed."""
    setup = spec.new_setup(players, options)
    state, events = start(spec, setup, seed)
    log = list(events)
    legal_times: list[float] = []
    for step in range(100_000):
        seats = spec.to_act(state)
        if not seats:
            return log, legal_times, setup
        bot = Rng(seed, step, "bot")
        seat = bot.choice(seats)
        t0 = time.perf_counter()
        commands = spec.legal_commands(state, seat)
        legal_times.append(time.perf_counter() - t0)
        command = bot.choice(commands)
        new_events = decide(spec, state, seat, command, Rng(seed, len(log)))
        for event in new_events:
            state = spec.evolve(state, event)
        log.extend(new_events)
    raise AssertionError(f"{spec.slug}: no end")


def measure(spec: GameSpec, players: int, games: int, options: Any = None) -> list[object]:
    logs = []
    legal: list[float] = []
    t0 = time.perf_counter()
    for n in range(games):
        seed = f"bench-{spec.slug}-{players}-{n}"
        log, legal_times, setup = timed_playout(spec, players, seed, options)
        logs.append(log)
        legal += legal_times
    play_seconds = time.perf_counter() - t0

    events = sum(len(log) for log in logs)
    t0 = time.perf_counter()
    for log in logs:
        fold(spec, setup, log)
    fold_seconds = time.perf_counter() - t0

    stored = [[msgspec.to_builtins(e) for e in log] for log in logs]
    t0 = time.perf_counter()
    for rows in stored:
        fold(spec, setup, (msgspec.convert(r, spec.event_type) for r in rows))
    decode_seconds = time.perf_counter() - t0

    tracemalloc.start()
    timed_playout(spec, players, f"bench-{spec.slug}-{players}-mem", options)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    return [
        spec.slug,
        _options_label(options),
        players,
        f"{games / play_seconds:.1f}",
        f"{events / games:.0f}",
        f"{len(legal) / games:.0f}",
        f"{events / fold_seconds:,.0f}",
        f"{events / decode_seconds:,.0f}",
        f"{mean(legal) * 1e3:.3f}",
        f"{percentile(legal, 99) * 1e3:.3f}",
        f"{peak / 1024:,.0f}",
    ]


def _options_label(options: Any) -> str:
    """Only the options that differ from the defaults, e.g. ``river``."""
    if options is None:
        return "default"
    defaults = msgspec.to_builtins(type(options)())
    changed = {k: v for k, v in msgspec.to_builtins(options).items() if defaults.get(k) != v}
    return ",".join(k if v is True else f"{k}={v}" for k, v in changed.items()) or "default"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.domain", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--short", action="store_true", help="one game per case, fewer cases")
    parser.add_argument(
        "--games", type=int, default=None, help="playouts per case (default 5; 1 short)"
    )
    parser.add_argument("--game", action="append", help="only this game slug (repeatable)")
    args = parser.parse_args(argv)
    games = args.games or (1 if args.short else 5)
    slugs = args.game or sorted(GAMES)
    heading(f"domain: random playouts, {games} per case")
    rows = []
    for slug in slugs:
        spec = GAMES[slug]
        counts = range(spec.min_players, spec.max_players + 1)
        if args.short:
            counts = sorted({spec.min_players, spec.max_players})
        # Each declared option variant too (e.g. Carcassonne with the River).
        for options in (None, *spec.variants):
            for players in counts:
                rows.append(measure(spec, players, games, options))
                print(f"  {slug} {_options_label(options)} {players}p done", flush=True)
    print(
        table(
            [
                "game",
                "options",
                "players",
                "games/s",
                "events/game",
                "decisions/game",
                "replay ev/s",
                "decode+replay ev/s",
                "legal mean ms",
                "legal p99 ms",
                "peak KiB",
            ],
            rows,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
