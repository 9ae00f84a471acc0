"""Requests per decision of the tournament bots: polling (anonymous participants reading
``GET /tournaments/{id}/me`` after every round, then per decision the game, the legal
commands and a command: the way ``tests/api/tournament_bots.py`` drives a tournament) next to
registered players on their notification stream (``gamestate tournament play``: each bot acts
only on ``your_turn``; docs/notifications.md).

Both modes play the same tournaments (game, format, players, bot seeds) against one
``gamestate serve`` on a fresh database, runs interleaved (polling, streams, polling, ...) so
that the shared machine's load hits both alike. The bots' requests are counted by their HTTP
client (every request, a stream opened being one); decisions are accepted commands. The
organiser's requests (create, register, start, one tournament read per finished game, tie
resolutions) are counted apart. Wall time per decision is printed too; it is noisy.

    python -m bench.tournament_requests [--repeat 2] [--tournament azul:6:swiss:3]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time

from bench._common import REPO, add_database_argument, bench_database, heading, serve, table

PER_DECISION = re.compile(r"bot requests per decision: ([0-9.]+)")
DECISIONS = re.compile(r"(\d+) decisions")
ORGANISER = re.compile(r"organiser requests: (\d+)")


def one_run(url: str, game: str, players: str, format: str, rounds: str, seed: str, poll: bool):
    command = [
        sys.executable,
        *("-m", "service.ops.cli", "tournament", "play", game, "--players", players),
        *("--format", format, "--url", url, "--seed", seed, "--admin-key", "bench-admin-key"),
        *(["--rounds", rounds] if rounds != "0" else []),
        *(["--poll"] if poll else []),
    ]
    started = time.monotonic()
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    elapsed = time.monotonic() - started
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr[-2000:]}")
    decisions = int(DECISIONS.search(done.stdout).group(1))  # type: ignore[union-attr]
    return {
        "requests": float(PER_DECISION.search(done.stdout).group(1)),  # type: ignore[union-attr]
        "organiser": int(ORGANISER.search(done.stdout).group(1)),  # type: ignore[union-attr]
        "decisions": decisions,
        "ms": 1000 * elapsed / max(decisions, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_database_argument(parser)
    parser.add_argument("--repeat", type=int, default=2, help="runs per mode (default 2)")
    parser.add_argument(
        "--tournament",
        action="append",
        default=None,
        help="game:players:format:rounds (repeatable; rounds 0 = the format's own; default"
        " azul:6:swiss:3 and splendor:4:round_robin:0)",
    )
    args = parser.parse_args(argv)
    specs = [
        t.split(":") for t in (args.tournament or ["azul:6:swiss:3", "splendor:4:round_robin:0"])
    ]
    heading("Tournament bots, requests per decision: polling /me vs registered players on streams")
    rows = []
    with bench_database(args.database_url) as database, serve(database) as url:
        for game, players, format, rounds in specs:
            figures: dict[bool, list[dict]] = {True: [], False: []}
            for run in range(args.repeat):
                for poll in (True, False):
                    seed = f"bench-tournament-{game}-{run}"
                    figures[poll].append(one_run(url, game, players, format, rounds, seed, poll))
            for poll in (True, False):
                runs = figures[poll]
                requests = [r["requests"] for r in runs]
                organiser = [r["organiser"] for r in runs]
                wall = [r["ms"] for r in runs]
                decisions = [r["decisions"] for r in runs]
                rows.append(
                    [
                        f"{game} {format} x{players}",
                        "polling /me" if poll else "players + stream",
                        f"{min(decisions)}-{max(decisions)}",
                        f"{min(requests):.2f}-{max(requests):.2f}",
                        f"{min(organiser)}-{max(organiser)}",
                        f"{statistics.median(wall):.1f} ({min(wall):.1f}-{max(wall):.1f})",
                    ]
                )
    print(
        table(
            [
                "tournament",
                "bots",
                "decisions",
                "bot requests per decision (range)",
                "organiser requests",
                "wall ms per decision, median (range)",
            ],
            rows,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
