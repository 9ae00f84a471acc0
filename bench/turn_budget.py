"""What a bot's command turn costs the service at the least, part by part, next to what it
costs in full: the floor under the service's CPU per command turn (issue #23 item 1).

    python -m bench.turn_budget [--repeat 3] [--seconds 10] [--clients 50] [--workers 2]
                                [--games 20] [--database-url URL]

Each repeat measures, interleaved on the same machine:

1. **bare server**: a bare ASGI app (``bench/_bare.py``: a fixed 200 answer) behind the
   service's own HTTP server (uvicorn, uvloop, the service's protocol and one-write transport,
   ``--workers`` processes on one port): the service CPU per request of ``--clients``
   keep-alive clients asking ``GET /health``. What any request costs before the app runs.
2. **service /health**: the same against ``gamestate serve`` (Litestar and the service's
   middleware, a route that does nothing). Minus (1): the framework's and middleware's part.
3. **turns**: ``bench.http_load``'s bots (all five games) against ``gamestate serve``: the
   service's CPU per command turn and the requests a turn takes.

and once, in this process, **the games' part**: for each game, ``--games`` random games
through the match as the service drives it (``domain.lifecycle.MATCHES``), the CPU per
command turn of only the domain calls the service makes for one (the legal commands the bot
reads when its last answer did not carry them, ``decide``, ``evolve`` of each event,
``is_over``, ``result``, ``to_act``, the ``?include=legal_commands`` answer's legal commands,
and the event redacted for the seat), the bot's choices left out; the mean over the five
games is the mix of http_load, whose bots spread evenly over them.

The floor is (2) per request times the requests of a turn, plus the games' part: what a turn
would still cost with everything else the service does for a command (its store, event
hashing, batching, caches, encoding of answers, notifications) at zero cost. It prints the
floor next to (3) and its share of it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator

from bench._common import (
    REPO,
    add_database_argument,
    bench_database,
    free_port,
    heading,
    quiet_gc,
    table,
)
from bench.http_floor import hammer
from bench.http_load import players_for, run, run_load


@contextlib.contextmanager
def bare_server(workers: int) -> Iterator[str]:
    """``bench._bare`` as a subprocess on a free port; its base URL."""
    import httpx

    port = free_port()
    command = ["-m", "bench._bare", "serve", "--port", str(port), "--workers", str(workers)]
    process = subprocess.Popen(
        [sys.executable, *command],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("bench._bare did not start")
            time.sleep(0.1)
        # Every worker listening: SO_REUSEPORT spreads new connections over the bound ones.
        time.sleep(1.0)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def domain_per_turn(slug: str, games: int) -> tuple[float, int]:
    """CPU seconds per command turn of the domain calls the service makes, over ``games``
    random games of ``slug``; and the turns measured."""
    from domain._kernel import Rng
    from domain.lifecycle import MATCHES

    spec = MATCHES[slug]
    players = players_for(slug)
    steps = []
    for n in range(games):
        seed = f"budget-{slug}-{n}"
        setup = spec.new_setup(players)
        state = spec.initial_state(setup)
        events = spec.start(setup, Rng(seed, 0))
        for event in events:
            state = spec.evolve(state, event)
        version = len(events)
        bot = random.Random(n)
        carried: tuple[int, list] | None = None  # the last answer's legal commands
        while True:
            seats = spec.to_act(state)
            if not seats:
                break
            if carried is not None and carried[0] in seats:
                seat, legal, read = carried[0], carried[1], False
            else:
                seat = bot.choice(seats)
                legal, read = spec.legal_commands(state, seat), True
            command = bot.choice(legal)
            steps.append((state, seat, command, version, read, seed))
            events = spec.decide(state, seat, command, Rng(seed, version), None)
            for event in events:
                state = spec.evolve(state, event)
            version += len(events)
            again = spec.legal_commands(state, seat)
            carried = (seat, again) if again else None
    started = time.process_time()
    for state, seat, command, version, read, seed in steps:
        if read:
            spec.legal_commands(state, seat)
        events = spec.decide(state, seat, command, Rng(seed, version), None)
        for event in events:
            state = spec.evolve(state, event)
            spec.redact(event, seat)
        spec.is_over(state)
        spec.result(state)
        spec.to_act(state)
        spec.legal_commands(state, seat)
    return (time.process_time() - started) / len(steps), len(steps)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.turn_budget", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=20, help="games per game type (domain part)")
    parser.add_argument(
        "--out",
        default=str(REPO / "bench" / "results" / "turn_budget.jsonl"),
        help="JSON lines, one per repeat (bench/figures.py renders them)",
    )
    add_database_argument(parser)
    args = parser.parse_args(argv)
    from bench._common import serve
    from domain.registry import GAMES

    heading(
        f"turn_budget: {args.clients} clients, {args.seconds:g} s per case, {args.workers}"
        f" workers, {args.repeat} repeats"
    )
    quiet_gc()
    domain_rows, domain_us = [], []
    for slug in sorted(GAMES):
        per_turn, turns = domain_per_turn(slug, args.games)
        domain_us.append(per_turn * 1e6)
        domain_rows.append([slug, players_for(slug), turns, f"{per_turn * 1e6:.1f}"])
    domain = statistics.mean(domain_us)
    domain_rows.append(["mean (http_load's mix)", "", "", f"{domain:.1f}"])
    print(table(["game", "players", "turns", "domain CPU us per turn"], domain_rows))
    rows = []
    for n in range(args.repeat):
        with bare_server(args.workers) as base:
            bare = run(hammer(base, "/health", args.clients, args.seconds))
        with bench_database(args.database_url) as url:
            with serve(url, workers=args.workers) as base:
                health = run(hammer(base, "/health", args.clients, args.seconds))
            with serve(url, workers=args.workers) as base:
                load = run(run_load(base, args.clients, args.seconds, sorted(GAMES)))
        commands = load["load"].commands
        turn_us = load["server_cpu"] / commands * 1e6
        requests_per_turn = load["requests"] / commands
        floor = health["cpu_per_request_us"] * requests_per_turn + domain
        rows.append(
            [
                f"#{n + 1}",
                f"{bare['cpu_per_request_us']:.1f}",
                f"{health['cpu_per_request_us']:.1f}",
                f"{health['cpu_per_request_us'] - bare['cpu_per_request_us']:.1f}",
                f"{requests_per_turn:.2f}",
                f"{domain:.0f}",
                f"{floor:.0f}",
                f"{turn_us:.0f}",
                f"{floor / turn_us:.0%}",
                f"{commands / load['elapsed']:,.0f}",
                len(load["load"].errors) + bare["errors"] + health["errors"],
            ]
        )
        print(table(HEADERS, rows[-1:]), flush=True)
        _record(
            args.out,
            {
                "round": n + 1,
                "workers": args.workers,
                "clients": args.clients,
                "bare server us/request": round(bare["cpu_per_request_us"], 1),
                "service /health us/request": round(health["cpu_per_request_us"], 1),
                "framework+middleware us/request": round(
                    health["cpu_per_request_us"] - bare["cpu_per_request_us"], 1
                ),
                "requests/turn": round(requests_per_turn, 2),
                "games us/turn": round(domain),
                "floor us/turn": round(floor),
                "service us/turn": round(turn_us),
                "commands/s": round(commands / load["elapsed"]),
                "games": {
                    row[0]: {"players": row[1], "turns": row[2], "domain us/turn": float(row[3])}
                    for row in domain_rows[:-1]
                },
            },
        )
    print(table(HEADERS, rows))
    return 0


def _record(out: str, figures: dict) -> None:
    import json
    from pathlib import Path

    from bench._common import commit_of

    line = {
        "bench": "turn_budget",
        "at": time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()),
        "commit": commit_of(),
        **figures,
    }
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        f.write(json.dumps(line) + "\n")


HEADERS = [
    "repeat",
    "bare server us/req",
    "service /health us/req",
    "framework us/req",
    "requests/turn",
    "games us/turn",
    "floor us/turn",
    "service us/turn",
    "floor share",
    "commands/s",
    "errors",
]


if __name__ == "__main__":
    raise SystemExit(main())
