"""The parts of a random playout's decision, timed alone, in several source trees.

    python -m bench.playout_parts TREE [TREE ...] [--game azul] [--players 2] [--games 30]
                                  [--passes 15] [--repeat 3]

Each tree (a checkout of this repository) records the steps of ``--games`` kernel playouts
(as ``bench.playouts``: seed, step, version, state, seat, command, events), then times each
part over all of them, ``--passes`` times, and keeps the fastest pass (CPU time): the
``legal_commands`` call, the kernel's ``decide`` with its ``Rng(seed, version)``, the
``evolve`` of the decision's events, and the bot's ``Rng(seed, step, "bot")`` with its two
choices. One process per tree and part, the trees interleaved (A B, B A, ...) ``--repeat``
times; figures are µs per decision, min-max over the repeats. The playout loop's own cost
(``to_act``, the loop itself, ``start``) is not in any part.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from bench._common import heading, table

WORKER = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from domain.registry import GAMES
from domain._kernel import Rng, decide, start
slug, players, games, passes, part = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
spec = GAMES[slug]
setup = spec.new_setup(players)
steps = []
for n in range(games):
    seed = f"parts-{slug}-{players}-{n}"
    state, events = start(spec, setup, seed)
    version = len(events)
    for step in range(100_000):
        seats = spec.to_act(state)
        if not seats:
            break
        bot = Rng(seed, step, "bot")
        seat = bot.choice(seats)
        command = bot.choice(spec.legal_commands(state, seat))
        new = decide(spec, state, seat, command, Rng(seed, version))
        steps.append((seed, step, version, state, seat, command, new))
        for event in new:
            state = spec.evolve(state, event)
        version += len(new)

def run():
    if part == "legal":
        for s in steps:
            spec.legal_commands(s[3], s[4])
    elif part == "decide":
        for s in steps:
            decide(spec, s[3], s[4], s[5], Rng(s[0], s[2]))
    elif part == "evolve":
        evolve = spec.evolve
        for s in steps:
            state = s[3]
            for event in s[6]:
                state = evolve(state, event)
    elif part == "bot":
        for s in steps:
            bot = Rng(s[0], s[1], "bot")
            bot.choice((0,))
            bot.choice(range(10))

best = float("inf")
for _ in range(passes):
    t0 = time.process_time()
    run()
    best = min(best, time.process_time() - t0)
print(1e6 * best / len(steps))
"""

PARTS = ("legal", "decide", "evolve", "bot")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.playout_parts", description=__doc__.split("\n")[0]
    )
    parser.add_argument("trees", type=Path, nargs="+")
    parser.add_argument("--game", default="azul")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--passes", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    trees = [tree.resolve() for tree in args.trees]
    heading(
        f"playout parts: {args.game} ({args.players} players), {args.games} games,"
        f" best of {args.passes} passes, {args.repeat} interleaved repeats"
    )
    figures: dict[tuple[Path, str], list[float]] = {}
    for part in PARTS:
        for repeat in range(args.repeat):
            for tree in trees if repeat % 2 == 0 else trees[::-1]:
                done = subprocess.run(
                    [sys.executable, "-c", WORKER, str(tree), args.game, str(args.players),
                     str(args.games), str(args.passes), part],
                    cwd=tree, check=True, capture_output=True, text=True,
                )  # fmt: skip
                figures.setdefault((tree, part), []).append(float(done.stdout))
    rows = []
    for tree in trees:
        row = [str(tree)]
        total_low = total_high = 0.0
        for part in PARTS:
            values = figures[(tree, part)]
            total_low += min(values)
            total_high += max(values)
            row.append(f"{min(values):.2f}-{max(values):.2f}")
        row.append(f"{total_low:.2f}-{total_high:.2f}")
        rows.append(row)
    print(table(["tree", *(f"{part} µs" for part in PARTS), "sum µs"], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
