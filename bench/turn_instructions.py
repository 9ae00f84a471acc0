"""Instructions per command turn in the service's process, counted by valgrind's callgrind:
a figure that does not move with the machine's load, for cuts too small for the timed
benches to tell apart from their noise (issue #32 item 2).

    python -m bench.turn_instructions [--tree PATH ...] [--turns 600] [--base 100]
                                      [--repeat 1] [--games azul,splendor,...]
                                      [--database-url URL] [--out FILE]

For each tree (``--tree``, repeatable; default this checkout) it runs this file's driver
under ``valgrind --tool=callgrind`` twice, with ``--base`` and with ``--turns`` turns, and
prints the difference of the two instruction totals divided by the difference of the turns:
the start-up (imports, the app, the first games) counts in both and drops out. The driver
runs the tree's own code (its directory first on the path) and needs nothing of its
``bench/``, so that an older commit can be measured with this driver.

The driver (``--drive N``) calls the app in-process as ASGI, one request at a time, as a bot
of ``bench.http_load`` plays: per game type one game with a fixed seed at a time (a new one,
with the next seed, when it ends), the games in turn; per turn the legal commands when the
last answer did not carry them (``?min_version=`` the version it knows: from the cache), then
``POST /games/{id}/commands?include=legal_commands`` with a command chosen by a seeded
``random.Random`` and the version it was chosen at (``expected_version``). Every run thus
plays the same games with the same commands. What it leaves out: the HTTP server and the
sockets (``bench.asgi_path`` says the same), and the batching of concurrent appends (one
append per statement here).
PostgreSQL runs outside valgrind and is not counted. Python's hash seed is fixed (0).

Instruction counts are not time: a cut that saves memory traffic or system calls shows less
here than in ``bench.turn_budget``, and the reverse. Compare trees of one invocation.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import msgspec

if __package__:
    from bench._asgi import Asgi
else:
    # Run as a file by the driver: its folder comes first on the path (and the tree measured,
    # an older checkout, may have no bench/_asgi.py of its own).
    from _asgi import Asgi

REPO = Path(__file__).resolve().parent.parent
ADMIN_KEY = "bench-admin-key"
GAMES = ("azul", "carcassonne", "castles", "hearts", "splendor", "three_kingdoms")
PLAYERS = {"hearts": 3, "three_kingdoms": 3}
RESULTS = REPO / "bench" / "results" / "turn_instructions.jsonl"


async def _request(app, method: str, path: str, body: object = None, token: str = "") -> object:
    # msgspec, as the service: the driver's own share of the count stays small.
    data = msgspec.json.encode(body) if body is not None else b""
    status, answer = await Asgi(app).request(method, path, data, token or None)
    if status >= 300:
        raise RuntimeError(f"{method} {path}: {status} {answer!r}")
    return msgspec.json.decode(answer or b"null")


class _Table:
    """One game type's current game and its bot's state."""

    def __init__(self, slug: str) -> None:
        self.slug, self.games = slug, 0
        self.id, self.tokens, self.to_act, self.carried = "", [], [], None
        self.version = 0

    async def start(self, app) -> None:
        players = PLAYERS.get(self.slug, 2)
        created = await _request(
            app,
            "POST",
            "/games",
            {
                "game": self.slug,
                "seats": [{"name": f"p{i}"} for i in range(players)],
                "seed": f"instructions-{self.slug}-{self.games}",
            },
            ADMIN_KEY,
        )
        self.games += 1
        self.id, self.tokens = created["id"], [s["token"] for s in created["seats"]]
        view = await _request(app, "GET", f"/games/{self.id}?min_version={created['version']}")
        self.to_act, self.version, self.carried = view["to_act"], view["version"], None

    async def turn(self, app, rng: random.Random) -> None:
        if not self.to_act:
            await self.start(app)
        seat = self.to_act[0]
        token = self.tokens[seat]
        if self.carried is not None and self.carried[0] == seat:
            commands = self.carried[1]
        else:
            path = f"/games/{self.id}/legal-commands?min_version={self.version}"
            commands = (await _request(app, "GET", path, token=token))["commands"]
        answer = await _request(
            app,
            "POST",
            f"/games/{self.id}/commands?include=legal_commands",
            {"command": rng.choice(commands), "expected_version": self.version},
            token,
        )
        self.version = answer["version"]
        self.to_act = answer["to_act"] if answer["status"] != "finished" else []
        self.carried = (seat, answer["legal_commands"]) if answer.get("legal_commands") else None


async def drive(url: str, turns: int, games: list[str], quiet: bool = False) -> None:
    """``turns`` turns; ``quiet``: logging as bench.http_load's service (warnings only, no
    access lines), configured after the app is made, as ``gamestate serve`` does (Litestar's
    default logging takes the root logger over when the app is made)."""
    import gc

    from service.api.app import create_app
    from service.store.database import migrate
    from service.support.logs import configure_logging

    migrate(url)
    app = create_app(url, admin_key=ADMIN_KEY)
    if quiet:
        configure_logging("warning", False)
    rng = random.Random(1)
    tables = [_Table(slug) for slug in games]
    async with app.lifespan():
        gc.collect()
        gc.freeze()
        for n in range(turns):
            await tables[n % len(tables)].turn(app, rng)


def _count(tree: Path, url: str, turns: int, games: list[str]) -> int:
    """Instructions of one driver run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={tmp}/out",
            sys.executable,
            str(Path(__file__).resolve()),
            "--drive",
            str(turns),
            "--url",
            url,
            "--games",
            ",".join(games),
        ]
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode != 0 or found is None:
            raise RuntimeError(f"{tree}: the driver failed\n{done.stderr[-3000:]}")
        return int(found[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.turn_instructions")
    parser.add_argument("--tree", action="append", type=Path)
    parser.add_argument("--turns", type=int, default=600)
    parser.add_argument("--base", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL") or None)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--drive", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    games = args.games.split(",")
    if args.drive is not None:
        # Run as a file, its folder (bench/) came first on the path: its domain.py would
        # shadow the tree's domain package.
        sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent]
        asyncio.run(drive(args.url, args.drive, games, quiet=True))
        return 0
    import psycopg
    from psycopg import conninfo

    sys.path.insert(0, str(REPO))
    from bench._common import commit_of, server_url

    trees = [t.resolve() for t in args.tree or [REPO]]
    print(f"turn_instructions: {args.turns} - {args.base} turns, games {','.join(games)}")
    with server_url(args.database_url) as server:
        for n in range(args.repeat):
            for tree in trees if n % 2 == 0 else trees[::-1]:
                counts = {}
                for turns in (args.base, args.turns):
                    name = f"gamestate_instr_{uuid.uuid4().hex[:10]}"
                    with psycopg.connect(server, autocommit=True) as admin:
                        admin.execute(f'CREATE DATABASE "{name}"')
                    try:
                        url = conninfo.make_conninfo(server, dbname=name)
                        counts[turns] = _count(tree, url, turns, games)
                    finally:
                        with psycopg.connect(server, autocommit=True) as admin:
                            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                per_turn = (counts[args.turns] - counts[args.base]) / (args.turns - args.base)
                line = {
                    "bench": "turn_instructions",
                    "at": time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()),
                    "commit": commit_of(tree),
                    "round": n + 1,
                    "turns": args.turns - args.base,
                    "games": games,
                    "instructions/turn": round(per_turn),
                }
                print(f"round {n + 1} {line['commit']}: {per_turn:,.0f} instructions per turn")
                args.out.parent.mkdir(parents=True, exist_ok=True)
                with args.out.open("a") as f:
                    f.write(json.dumps(line) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
