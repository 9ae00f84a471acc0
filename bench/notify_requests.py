"""Requests per decision of the repository's bots: ``gamestate play`` as it was (each bot
reads the game, asks its legal commands, sends one: polling) next to ``gamestate play
--as-players`` (registered players waiting on their notification stream; docs/notifications.md).

Both modes play the same seeds against one ``gamestate serve`` on a fresh database, runs
interleaved (polling, players, polling, ...) so that the shared machine's load hits both
alike. Requests are counted by the bots' HTTP client (every request, a stream opened being
one); decisions are accepted commands. Wall time per decision is printed too, but the
figure that matters is the request count: it is what a bot author pays and what the server
serves.

    python -m bench.notify_requests [--games 3] [--repeat 2] [--game azul --players 3]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time

from bench._common import REPO, add_database_argument, bench_database, heading, serve, table

FIGURE = re.compile(r"requests per decision: ([0-9.]+)")
COMMANDS = re.compile(r"commands per game: ([0-9.]+)")


def one_run(url: str, game: str, players: int, games: int, seed: str, as_players: bool) -> dict:
    command = [
        sys.executable,
        *("-m", "service.ops.cli", "play", game, "--players", str(players)),
        *("--games", str(games), "--url", url, "--seed", seed),
        *(["--as-players", "--admin-key", "bench-admin-key"] if as_players else []),
    ]
    started = time.monotonic()
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    elapsed = time.monotonic() - started
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr[-2000:]}")
    per_decision = float(FIGURE.search(done.stdout).group(1))  # type: ignore[union-attr]
    commands = float(COMMANDS.search(done.stdout).group(1)) * games  # type: ignore[union-attr]
    return {"requests": per_decision, "ms": 1000 * elapsed / max(commands, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_database_argument(parser)
    parser.add_argument("--games", type=int, default=3, help="games per run (default 3)")
    parser.add_argument("--repeat", type=int, default=2, help="runs per mode (default 2)")
    parser.add_argument(
        "--game",
        action="append",
        default=None,
        help="game slug:players (repeatable; default azul:3, castles:3, splendor:2)",
    )
    args = parser.parse_args(argv)
    pairs = [g.split(":") for g in (args.game or ["azul:3", "castles:3", "splendor:2"])]
    heading("Requests per decision: polling bots vs registered players on their stream")
    rows = []
    with bench_database(args.database_url) as database, serve(database) as url:
        for slug, players in pairs:
            figures: dict[bool, list[dict]] = {False: [], True: []}
            for run in range(args.repeat):
                for as_players in (False, True):
                    seed = f"bench-notify-{slug}-{run}"
                    figures[as_players].append(
                        one_run(url, slug, int(players), args.games, seed, as_players)
                    )
            for as_players in (False, True):
                runs = figures[as_players]
                requests = [r["requests"] for r in runs]
                wall = [r["ms"] for r in runs]
                rows.append(
                    [
                        f"{slug} x{players}",
                        "players + stream" if as_players else "polling",
                        f"{min(requests):.2f}-{max(requests):.2f}",
                        f"{statistics.median(wall):.1f} ({min(wall):.1f}-{max(wall):.1f})",
                    ]
                )
    print(
        table(
            [
                "game",
                "bots",
                "requests per decision (range)",
                "wall ms per decision, median (range)",
            ],
            rows,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
