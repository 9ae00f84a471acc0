"""Random playouts of two source trees side by side: each tree is imported in its own
process, the runs interleaved (A B, B A, A B, ...), so that a ratio comes from one run on the
same box at the same time.

    python -m bench.playouts BASE_TREE [NEW_TREE] [--repeat 3] [--games 20] [--game azul]
                             [--players 2] [--all-counts]

NEW_TREE defaults to this checkout. A tree is a checkout of this repository (e.g. a second
worktree at the old commit: ``git worktree add --detach /tmp/base <commit>``); only what both
trees have is used (``domain.GAMES``, ``domain._kernel``, ``domain.lifecycle``).

Per game and player count, per tree: kernel playouts per CPU-second (``domain._kernel``'s
loop: legal commands, decide, evolve; as ``bench.domain``), lifecycle playouts per CPU-second
(the match every game runs in, ``domain.lifecycle.playout``, unclocked), and the mean time of
one ``legal_commands`` call (wall clock: a call is too short for the CPU clock). CPU time of the worker process, not wall time: the box is
shared, and CPU time is what another job does not inflate as much (it still does, through
caches). Ranges are min-max over the repeats; a speed-up range is over the repeats too, each
pairing the two trees' runs of that repeat.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from bench._common import heading, table

WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from domain.registry import GAMES
from domain._kernel import Rng, decide, start
from domain.lifecycle import MATCHES
from domain.lifecycle.playout import playout as match_playout

def kernel(spec, setup, seed, legal):
    state, events = start(spec, setup, seed)
    version = len(events)
    for step in range(100_000):
        seats = spec.to_act(state)
        if not seats:
            return
        bot = Rng(seed, step, "bot")
        seat = bot.choice(seats)
        if legal is None:
            commands = spec.legal_commands(state, seat)
        else:
            t0 = time.perf_counter()
            commands = spec.legal_commands(state, seat)
            legal.append(time.perf_counter() - t0)
        command = bot.choice(commands)
        new = decide(spec, state, seat, command, Rng(seed, version))
        for event in new:
            state = spec.evolve(state, event)
        version += len(new)

out = []
games = int(sys.argv[2])
for case in json.loads(sys.argv[3]):
    slug, players = case
    spec = GAMES[slug]
    setup = spec.new_setup(players)
    # Warm up (imports, caches), then measure.
    kernel(spec, setup, "warm", None)
    legal = []
    for n in range(games):
        kernel(spec, setup, f"bench-{slug}-{players}-{n}", legal)
    # Games/s from a second loop: the per-call timers of the first are not part of it.
    t0 = time.process_time()
    for n in range(games):
        kernel(spec, setup, f"bench-{slug}-{players}-{n}", None)
    kernel_s = time.process_time() - t0
    match = MATCHES[slug]
    msetup = match.new_setup(players)
    t0 = time.process_time()
    for n in range(games):
        match_playout(match, msetup, f"bench-{slug}-{players}-{n}", lambda s, t: 1000)
    match_s = time.process_time() - t0
    out.append({
        "game": slug, "players": players,
        "kernel_gps": games / kernel_s, "match_gps": games / match_s,
        "legal_us": 1e6 * sum(legal) / len(legal),
    })
print(json.dumps(out))
"""


def run_tree(tree: Path, games: int, cases: list[tuple[str, int]]) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(tree), str(games), json.dumps(cases)],
        cwd=tree,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout)


def _range(values: list[float], fmt: str) -> str:
    low, high = min(values), max(values)
    return f"{low:{fmt}}-{high:{fmt}}" if len(values) > 1 else f"{low:{fmt}}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.playouts", description=__doc__.split("\n")[0]
    )
    parser.add_argument("base", type=Path)
    parser.add_argument("new", type=Path, nargs="?", default=Path(__file__).parents[1])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="only this player count")
    parser.add_argument("--all-counts", action="store_true", help="every player count")
    args = parser.parse_args(argv)

    sys.path.insert(0, str(args.new))
    from domain.registry import GAMES

    cases: list[tuple[str, int]] = []
    for slug in args.game or sorted(GAMES):
        spec = GAMES[slug]
        counts = range(spec.min_players, spec.max_players + 1)
        if args.players:
            counts = [p for p in args.players if p in counts]
        elif not args.all_counts:
            counts = [spec.min_players if spec.min_players >= 2 else 2]
        cases += [(slug, p) for p in counts]

    trees = {"base": args.base.resolve(), "new": args.new.resolve()}
    heading(
        f"playouts: {args.games} games per case, {args.repeat} interleaved repeats,"
        f" base={trees['base']} new={trees['new']}"
    )
    runs: dict[str, list[list[dict]]] = {"base": [], "new": []}
    for repeat in range(args.repeat):
        # ABBA: neither tree always runs first after the other's load.
        order = ("base", "new") if repeat % 2 == 0 else ("new", "base")
        for name in order:
            runs[name].append(run_tree(trees[name], args.games, cases))
            print(f"  repeat {repeat + 1} {name} done", flush=True)

    rows = []
    for i, (slug, players) in enumerate(cases):

        def values(name: str, key: str, i: int = i) -> list[float]:
            return [run[i][key] for run in runs[name]]

        row: list[object] = [slug, players]
        for key, fmt in (("kernel_gps", ".1f"), ("match_gps", ".1f"), ("legal_us", ".1f")):
            base, new = values("base", key), values("new", key)
            row += [_range(base, fmt), _range(new, fmt)]
            # Paired: repeat i of one tree ran right next to repeat i of the other.
            ratios = [n / b for b, n in zip(base, new, strict=True)]
            if key == "legal_us":
                ratios = [b / n for b, n in zip(base, new, strict=True)]
            row.append(
                f"{min(ratios):.2f}-{max(ratios):.2f}x (median {statistics.median(ratios):.2f})"
            )
        rows.append(row)
    print(
        table(
            [
                "game",
                "players",
                "kernel games/s base",
                "new",
                "speed-up",
                "match games/s base",
                "new",
                "speed-up",
                "legal µs base",
                "new",
                "speed-up",
            ],
            rows,
        )
    )
    print(
        "games/s are per CPU-second of the worker; a speed-up range is over the repeats,"
        " each repeat's new tree against the base tree run next to it."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
