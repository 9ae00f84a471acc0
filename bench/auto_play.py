"""What the kernel's inline auto-play costs, with and without the cap on the commands it
values (``Terms.auto_play_commands``), and what the cap costs in strength.

    python -m bench.auto_play [--games azul,splendor,...] [--n 6] [--strength 40]
                              [--caps 0:0,24:8] [--out bench/results/auto_play.jsonl]

A timed-out or zombie seat is decided by ``greedy`` inside the request or clock tick that
times it out, on the worker's event loop, with no clock to stop it. Each ``--caps`` entry is
``commands:batch`` (``Terms.auto_play_commands`` and ``auto_play_batch``; 0:0 is a game
created before the caps). Part one plays ``--n`` games of each game (two seats, three in
Three Kingdoms) on the lifecycle's simulated clock where nobody ever acts (``zombie_after``
1): the first timeouts make every seat a zombie and, without a batch cap, the rest of the
game plays itself in one batch, the worst a stranger's game can do. It prints the CPU of one
auto-played decision (mean and max) and of the longest batch (what one request or clock tick
holds a worker's loop). Part two plays ``--strength`` two-seat games per game of the capped
greedy against ``random`` and against uncapped greedy, seats rotated, and prints the capped
side's share of first places with a 95% interval. One JSON line per game and cap to ``--out``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import time
from pathlib import Path

from bench._common import commit_of, heading, table
from bench.arena import first_share, play_game, wilson

REPO = Path(__file__).resolve().parent.parent
GAMES = ("azul", "splendor", "carcassonne", "castles", "three_kingdoms")


def _zombie_games(slug: str, cap: int, batch: int, n: int) -> dict:
    """CPU per auto-played decision and per batch over ``n`` games played by zombies."""
    from domain.lifecycle import MATCHES, Clock, Terms
    from domain.lifecycle.events import SeatAutoPlayed
    from domain.lifecycle.playout import playout

    # The package's ``decide`` function hides its module of the same name.
    lifecycle_decide = importlib.import_module("domain.lifecycle.decide")
    match = MATCHES[slug]
    players = 3 if slug == "three_kingdoms" else 2
    decisions: list[float] = []
    batches: list[float] = []
    real = lifecycle_decide.decide_for

    def timed(*args, **kwargs):
        began = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            decisions.append(time.process_time() - began)

    lifecycle_decide.decide_for = timed
    try:
        for i in range(n):
            terms = Terms(
                clock=Clock(turn_ms=1000, zombie_after=1),
                max_events=match.max_events,
                auto_play="greedy",
                auto_play_commands=cap,
                auto_play_batch=batch,
            )
            last = [time.process_time()]

            def step(state, seat, command, events, last=last) -> None:
                now = time.process_time()
                if any(isinstance(event, SeatAutoPlayed) for event in events):
                    batches.append(now - last[0])
                last[0] = now

            setup = match.new_setup(players, terms=terms)
            gc.disable()
            playout(match, setup, f"zombies-{i}", lambda seat, since: None, on_step=step)
            gc.enable()
    finally:
        lifecycle_decide.decide_for = real
    return {
        "decisions": len(decisions),
        "decision_ms": {
            "mean": round(1000 * sum(decisions) / len(decisions), 2),
            "max": round(1000 * max(decisions), 1),
        },
        "batch_ms_max": round(1000 * max(batches), 1),
    }


def _share(slug: str, cap: int, villain: str, n: int) -> tuple[float, int]:
    """The capped greedy's share of first places against ``villain`` (``random`` or
    uncapped ``greedy``) over ``n`` two-seat games, seats rotated."""
    from domain._kernel import Rng
    from domain.bots import Budget, decide_for
    from domain.registry import GAMES as SPECS

    spec = SPECS[slug]
    players = 3 if slug == "three_kingdoms" else 2
    score = 0.0
    for i in range(n):
        hero = i % players
        seed = f"strength-{slug}-{i}"

        def choose(state, seat: int, step: int, hero: int = hero, seed: str = seed):
            policy, budget = ("greedy", Budget(commands=cap)) if seat == hero else (villain, None)
            return decide_for(policy, spec, state, seat, Rng(seed, step, "bot"), budget)

        score += first_share(spec, play_game(spec, players, seed, choose), hero)
    return score, n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.auto_play", description=__doc__)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--n", type=int, default=6)
    parser.add_argument("--strength", type=int, default=40)
    parser.add_argument("--caps", default="0:0,24:8")
    parser.add_argument("--out", default=str(REPO / "bench/results/auto_play.jsonl"))
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    caps = [tuple(int(x) for x in c.split(":")) for c in args.caps.split(",")]
    at = commit_of()
    today = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    heading(f"auto-play by zombies, {args.n} games each (commit {at})")
    rows, lines = [], []
    for slug in games:
        for cap, batch in caps:
            figures = _zombie_games(slug, cap, batch, args.n)
            line = {"bench": "auto_play", "commit": at, "at": today, "game": slug,
                    "cap": cap, "batch": batch, **figures}  # fmt: skip
            if cap and args.strength:
                for villain in ("random", "greedy"):
                    wins, n = _share(slug, cap, villain, args.strength)
                    low, high = wilson(wins, n)
                    line[f"vs_{villain}"] = {"share": round(wins / n, 3), "n": n,
                                             "ci95": [round(low, 3), round(high, 3)]}  # fmt: skip
            lines.append(line)
            rows.append([
                slug,
                f"{cap or '-'}:{batch or '-'}",
                figures["decisions"],
                figures["decision_ms"]["mean"],
                figures["decision_ms"]["max"],
                figures["batch_ms_max"],
                _fmt(line.get("vs_random")),
                _fmt(line.get("vs_greedy")),
            ])  # fmt: skip
            print(rows[-1], flush=True)
    print(table(["game", "caps", "decisions", "ms mean", "ms max", "batch ms max",
                 "vs random", "vs greedy"], rows))  # fmt: skip
    with open(args.out, "a", encoding="utf-8") as out:
        for line in lines:
            out.write(json.dumps(line) + "\n")
    return 0


def _fmt(figure: dict | None) -> str:
    if figure is None:
        return "-"
    low, high = figure["ci95"]
    return f"{figure['share']:.0%} ({low:.0%}-{high:.0%}) of {figure['n']}"


if __name__ == "__main__":
    raise SystemExit(main())
