"""Server-side bots against people (issue #34 item 4): a person's command p99 with ``--games``
all-bot games running on the same service, against its p99 with none, interleaved in one run.
Target: at most 1.5x.

    python -m bench.bot_load [--games 500] [--policy greedy] [--level 1] [--game azul]
                             [--commands 300] [--rounds 3] [--workers 2] [--bot-workers 1]
                             [--bot-players 1] [--database-url URL]
                             [--control busy|pausing] [--out bench/results/bot_load.jsonl]

Each round: ``without``: one client plays ``--commands`` commands of two-seat games whose
seats it holds (ask the legal commands, post one; only the POST is timed), with no bot game
in the service. Then ``with``: ``--games`` games whose every seat is a bot of ``--policy``
are created, the same client plays the same number of commands while the bots play theirs,
and the bot games still running are abandoned (admin) before the next round. With
``--bot-players 1`` (``serve``'s default with two workers) the bot turns are played by the bot
process beside the workers: its claims, loads and appends and its thinkers
(``GAMESTATE_BOT_WORKERS``) all run at nice 19, so a person's command competes with them for
the cores (and PostgreSQL) only. ``--bot-players 0`` is the layout before it: each command
worker plays bot turns in its own event loop, thinking in its own pool (nice 10).
``--control busy``: the 'with' phase runs ``--bot-workers`` busy loops under ``SCHED_IDLE``
instead of bot games: the share of the ratio that is CPU-bound thinking beside the person on
this box, with no bot claim, load or append at all. ``--control pausing``: the same loops
pause while a timed command is in flight (the client sets a shared byte around it): what
thinking that stood aside while people's commands ran would cost. Prints per round the p50/p99 of both, the ratio, and the bot moves made meanwhile (counted
in the store); appends one JSON line per round to ``--out``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import mmap
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench._common import (
    REPO,
    add_database_argument,
    bench_database,
    commit_of,
    heading,
    ms,
    percentile,
    serve,
    table,
)
from bench._http import Connection

ADMIN = "bench-admin-key"
HEADERS = [
    "round",
    "p50 alone",
    "p99 alone",
    "p50 bots",
    "p99 bots",
    "p99 ratio",
    "bot moves/s",
    "bot games left",
]


async def _person(
    base: str, game: str, commands: int, rng: random.Random, flag: Any = None
) -> list[float]:
    """POST latencies of ``commands`` commands, games of two seats held by this client;
    ``flag`` (a writable mmap) is set while each timed command is in flight."""
    conn = Connection.for_url(base)
    latencies: list[float] = []
    try:
        while len(latencies) < commands:
            created = await conn.request(
                "POST", "/games", json={"game": game, "seats": [{"name": "a"}, {"name": "b"}]}
            )
            assert created.status == 201, created.text
            body = created.json()
            tokens = {s["seat"]: s["token"] for s in body["seats"]}
            while len(latencies) < commands:
                view = (await conn.request("GET", f"/games/{body['id']}")).json()
                if view["status"] != "active":
                    break
                seat = view["to_act"][0]
                auth = {"authorization": f"Bearer {tokens[seat]}"}
                path = f"/games/{body['id']}"
                legal = (await conn.request("GET", f"{path}/legal-commands", headers=auth)).json()
                command = {
                    "command": rng.choice(legal["commands"]),
                    "expected_version": legal["version"],
                }
                if flag is not None:
                    flag[0] = 1
                started = time.perf_counter()
                answer = await conn.request("POST", f"{path}/commands", json=command, headers=auth)
                latencies.append(time.perf_counter() - started)
                if flag is not None:
                    flag[0] = 0
                assert answer.status == 200, answer.text
    finally:
        await conn.close()
    return latencies


def _bot_moves(database: str) -> int:
    """Bot moves stored so far (every process's: /metrics is one process's)."""
    import psycopg

    with psycopg.connect(database, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(DISTINCT metadata->>'command_id') FROM events WHERE metadata ? 'bot'"
        ).fetchone()
    return int(row[0]) if row else 0


async def _bot_games(base: str, args: argparse.Namespace) -> list[str]:
    seat = {"bot": args.policy, "level": args.level}
    conns = [Connection.for_url(base) for _ in range(8)]

    async def create(conn: Connection, count: int) -> list[str]:
        ids = []
        for _ in range(count):
            answer = await conn.request(
                "POST",
                "/games",
                json={"game": args.game, "seats": [seat, seat]},
                headers={"authorization": f"Bearer {ADMIN}"},  # bots alone: the admin's
            )
            assert answer.status == 201, answer.text
            ids.append(answer.json()["id"])
        return ids

    share = [args.games // 8 + (i < args.games % 8) for i in range(8)]
    try:
        made = await asyncio.gather(*(create(c, n) for c, n in zip(conns, share, strict=True)))
    finally:
        for conn in conns:
            await conn.close()
    return [game for ids in made for game in ids]


async def _abandon(base: str, games: list[str]) -> int:
    conn = Connection.for_url(base)
    ended = 0
    try:
        for game in games:
            answer = await conn.request(
                "POST",
                f"/games/{game}/abandon",
                json={"reason": "bench over"},
                headers={"authorization": f"Bearer {ADMIN}"},
            )
            ended += answer.status == 200  # 409: it had finished by itself
    finally:
        await conn.close()
    return ended


BURNER = (
    "import mmap, os, sys, time\n"
    "os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))\n"
    "flag = mmap.mmap(os.open(sys.argv[1], os.O_RDONLY), 1, prot=mmap.PROT_READ) if len(sys.argv) > 1 else None\n"
    "while True:\n"
    "    if flag is not None and flag[0]:\n"
    "        time.sleep(0.0002)\n"
    "        continue\n"
    "    sum(range(300))\n"
)
"""A busy loop in short steps (about 5 us each). Given a file, it pauses while the file's
first byte is set (``--control pausing``: the person's client sets it around each timed
command)."""


async def _burner_round(base: str, args: argparse.Namespace, rng: random.Random) -> dict:
    """The control: ``--bot-workers`` busy loops under SCHED_IDLE (as the thinkers run) and
    no bot game, so no bot claims, loads or appends: what CPU-bound thinking alone costs a
    person on this box, whatever the bots do."""
    without = await _person(base, args.game, args.commands, rng)
    with tempfile.NamedTemporaryFile() as board:
        board.write(b"\0")
        board.flush()
        flag = mmap.mmap(board.fileno(), 1) if args.control == "pausing" else None
        extra = [board.name] if flag is not None else []
        burners = [
            subprocess.Popen([sys.executable, "-c", BURNER, *extra])
            for _ in range(max(1, args.bot_workers))
        ]
        try:
            await asyncio.sleep(1)
            with_bots = await _person(base, args.game, args.commands, rng, flag)
        finally:
            for burner in burners:
                burner.kill()
                burner.wait()
    return {
        "without": {"p50": percentile(without, 50), "p99": percentile(without, 99)},
        "with": {"p50": percentile(with_bots, 50), "p99": percentile(with_bots, 99)},
        "bot_moves_per_s": 0.0,
        "bot_games_still_running": 0,
    }


async def _round(base: str, database: str, args: argparse.Namespace, rng: random.Random) -> dict:
    if args.control:
        return await _burner_round(base, args, rng)
    without = await _person(base, args.game, args.commands, rng)
    games = await _bot_games(base, args)
    # Until the bots play (the thinkers' processes start on the first bot turn).
    warm = await asyncio.to_thread(_bot_moves, database)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        await asyncio.sleep(0.5)
        before = await asyncio.to_thread(_bot_moves, database)
        if before - warm >= min(args.games, 50):
            break
    started = time.perf_counter()
    with_bots = await _person(base, args.game, args.commands, rng)
    seconds = time.perf_counter() - started
    moves = await asyncio.to_thread(_bot_moves, database) - before
    abandoned = await _abandon(base, games)
    await asyncio.sleep(2)  # the abandoned games' bot turns go; the pool drains
    return {
        "without": {"p50": percentile(without, 50), "p99": percentile(without, 99)},
        "with": {"p50": percentile(with_bots, 50), "p99": percentile(with_bots, 99)},
        "bot_moves_per_s": moves / seconds,
        "bot_games_still_running": abandoned,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bot_load", description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--game", default="azul")
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument(
        "--bot-players", type=int, default=1, help="bot processes (GAMESTATE_BOT_PLAYERS)"
    )
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument(
        "--control",
        choices=("busy", "pausing"),
        default=None,
        help="no bot games: --bot-workers SCHED_IDLE busy loops in the 'with' phase",
    )
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "results" / "bot_load.jsonl")
    add_database_argument(parser)
    args = parser.parse_args(argv)
    heading(
        f"bot_load: {args.games} {args.policy} bot games of {args.game}, {args.commands}"
        f" commands a phase, {args.workers} workers, {args.bot_players} bot processes,"
        f" {args.bot_workers} thinkers per player"
    )
    rng = random.Random(args.seed)
    env = {
        "GAMESTATE_BOT_WORKERS": str(args.bot_workers),
        "GAMESTATE_BOT_PLAYERS": str(args.bot_players),
        "GAMESTATE_RATE_CREATE": "",
    }
    rows, lines = [], []
    at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    with (
        bench_database(args.database_url) as url,
        serve(url, admin_key=ADMIN, workers=args.workers, extra_env=env) as base,
    ):
        for index in range(args.rounds):
            result = asyncio.run(_round(base, url, args, rng))
            ratio = result["with"]["p99"] / result["without"]["p99"]
            rows.append(
                [
                    index + 1,
                    ms(result["without"]["p50"]),
                    ms(result["without"]["p99"]),
                    ms(result["with"]["p50"]),
                    ms(result["with"]["p99"]),
                    f"{ratio:.2f}x",
                    f"{result['bot_moves_per_s']:.0f}",
                    result["bot_games_still_running"],
                ]
            )
            params = {k: v for k, v in vars(args).items() if k not in ("out", "database_url")}
            lines.append(
                {
                    "bench": "bot_load",
                    "at": at,
                    "commit": commit_of(),
                    "round": index + 1,
                    "params": params,
                    "p99_ratio": ratio,
                    **result,
                }
            )
            print(table(HEADERS, rows[-1:]), flush=True)
    print()
    print(table(HEADERS, rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a") as out:
        for line in lines:
            out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
