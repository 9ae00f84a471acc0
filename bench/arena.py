"""Bot strength: policies play each other with seats rotated; win rates with 95% intervals.

    python -m bench.arena [--games azul,splendor,...] [--n 100] [--players N]
                          [--pairings mcts:random,mcts:greedy,greedy:random]
                          [--playouts 2000] [--cpu-ms 250] [--workers 2] [--out PATH]

A pairing ``A:B`` seats one ``A`` and ``B`` in every other seat; game ``i`` puts ``A`` in
seat ``i mod players``, so every seat is played equally often. ``A`` wins a game when it is
placed first; a first place shared by k seats counts 1/k. The interval is Wilson's (95%).
CPU per bot move is ``time.process_time`` around the policy, measured in the worker that
plays it, with the cyclic garbage collector off during the move as in the service's
thinkers. Each pairing's figures are appended as one JSON line (with the commit) to
``--out`` (default bench/results/arena.jsonl). ``--players`` defaults to 2, 3 for
three_kingdoms (which plays only three).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bench._common import commit_of

REPO = Path(__file__).resolve().parent.parent


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(spec, players: int, seed: str, choose) -> Any:
    """One game to its end (or ``spec.max_events`` steps): ``choose(state, seat, step)``
    returns the command of the seat to act. The last state."""
    from domain._kernel import Rng, decide, start

    state, log = start(spec, spec.new_setup(players), seed)
    count = len(log)
    for step in range(spec.max_events):
        seats = spec.to_act(state)
        if not seats or spec.result(state) is not None:
            break
        seat = seats[0]
        events = decide(spec, state, seat, choose(state, seat, step), Rng(seed, count))
        count += len(events)
        for event in events:
            state = spec.evolve(state, event)
    return state


def first_share(spec, state: Any, hero: int) -> float:
    """``hero``'s share of first place (1/k of a first place shared by k seats)."""
    result = spec.result(state) or spec.provisional_result(state)
    firsts = [s.seat for s in result.ranking if s.place == 1]
    return 1.0 / len(firsts) if hero in firsts else 0.0


def play_one(task: tuple) -> dict:
    """One game: ``policies[seat]`` plays each seat. Returns A's share of first place and the
    CPU per move of each policy."""
    from domain._kernel import Rng
    from domain.bots import Budget, decide_for
    from domain.registry import GAMES

    slug, players, policies, seed, playouts, cpu_ms, hero = task
    spec = GAMES[slug]
    cpu: dict[str, list[float]] = {}
    budget = Budget(playouts=playouts, cpu_ms=cpu_ms, clock=time.process_time)

    def choose(state: Any, seat: int, step: int) -> Any:
        # As the service's thinkers do (service/clocks/thinking.py): no cyclic collection
        # during a move, whose full collections took up to 235 ms of a Castles move.
        gc.disable()
        began = time.process_time()
        command = decide_for(policies[seat], spec, state, seat, Rng(seed, step, "bot"), budget)
        cpu.setdefault(policies[seat], []).append(time.process_time() - began)
        gc.enable()
        return command

    state = play_game(spec, players, seed, choose)
    return {
        "score": first_share(spec, state, hero),
        "cpu": cpu,
        "finished": spec.result(state) is not None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__)
    parser.add_argument("--games", default="azul,splendor,carcassonne,castles,three_kingdoms")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--n", type=int, default=100, help="games per pairing")
    parser.add_argument("--pairings", default="mcts:random,mcts:greedy,greedy:random")
    parser.add_argument("--playouts", type=int, default=2000, help="most MCTS playouts a move")
    parser.add_argument("--cpu-ms", type=float, default=250.0, help="most CPU ms a move")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--out", default=str(REPO / "bench" / "results" / "arena.jsonl"))
    args = parser.parse_args(argv)
    from domain.registry import GAMES

    rev = commit_of()
    rows = []
    for slug in args.games.split(","):
        spec = GAMES[slug]
        players = args.players or max(spec.min_players, 2)
        for pairing in args.pairings.split(","):
            hero, villain = pairing.split(":")
            tasks = []
            for i in range(args.n):
                seat = i % players
                policies = [villain] * players
                policies[seat] = hero
                seed = f"{args.seed}-{slug}-{players}-{pairing}-{i}"
                tasks.append((slug, players, policies, seed, args.playouts, args.cpu_ms, seat))
            began = time.monotonic()
            if args.workers > 1:
                with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
                    games = pool.map(play_one, tasks, chunksize=1)
            else:
                games = [play_one(t) for t in tasks]
            wins = sum(g["score"] for g in games)
            low, high = wilson(wins, len(games))
            cpu = {
                name: [t for g in games for t in g["cpu"].get(name, [])] for name in {hero, villain}
            }
            row = {
                "commit": rev,
                "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "game": slug,
                "players": players,
                "hero": hero,
                "villain": villain,
                "games": len(games),
                "unfinished": sum(not g["finished"] for g in games),
                "win_rate": wins / len(games),
                "ci95": [round(low, 3), round(high, 3)],
                "cpu_ms_per_move": {
                    name: {
                        "mean": round(1000 * statistics.fmean(ts), 1) if ts else None,
                        "max": round(1000 * max(ts), 1) if ts else None,
                        "moves": len(ts),
                    }
                    for name, ts in cpu.items()
                },
                "playouts": args.playouts,
                "cpu_ms": args.cpu_ms,
                "seed": args.seed,
                "seconds": round(time.monotonic() - began, 1),
                "python": sys.version.split()[0],
            }
            rows.append(row)
            hero_cpu = row["cpu_ms_per_move"][hero]
            villain_cpu = row["cpu_ms_per_move"][villain]
            print(
                f"{slug:15} {players}p {hero:>6} vs {villain:<6} n={len(games):4}"
                f" win {100 * row['win_rate']:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}]"
                f"  cpu/move {hero} {hero_cpu['mean']} ms (max {hero_cpu['max']}),"
                f" {villain} {villain_cpu['mean']} ms",
                flush=True,
            )
            out = Path(args.out)
            out.parent.mkdir(parents=True, exist_ok=True)
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
