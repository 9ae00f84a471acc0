"""The CPU a request costs inside the service process, without the HTTP server and the network:
the app (Litestar, our middleware, the game service, psycopg and the batcher) called directly
as ASGI in this process, one request at a time, on a game kept hot in the state cache.

    python -m bench.asgi_path [--short] [--turns N] [--game azul] [--database-url URL]

Prints, per request kind, the process CPU time per request (``time.process_time``, so that
what other programs on a shared machine do is not counted, as wall time would be; less what
the idle process uses in the same wall time, measured before each round) and the
wall time per request, median and range over ``--repeat`` rounds. The kinds are those of a bot
turn in bench.http_load: ``GET /games/{id}/legal-commands?min_version=`` (answered from the
cache), ``POST /games/{id}/commands?include=legal_commands`` (decided on the cached state,
appended through the batcher: one statement and its round trip per command here, as nothing
else waits with it) and, for the fixed part, ``GET /health``. The difference between two
commits of this figure is what a change to the request path saves, with the server's part
(uvicorn's protocol, the socket writes) left out; bench.http_load measures the whole.

    python -m bench.asgi_path --direct-ab [--turns N] [--repeat N] [--out FILE]

``--direct-ab``: the hot routes' direct path (service/api/direct.py) on and off in turns in
this one process, ``--repeat`` rounds of each (the first alternating), so that the difference
is the path's alone, not another process's layout or another hour's box; one results line per
round and case (``direct path on``/``off``) appended to ``--out`` (default
bench/results/asgi_path.jsonl).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path

import msgspec

from bench._asgi import Asgi
from bench._common import (
    REPO,
    add_database_argument,
    bench_database,
    commit_of,
    heading,
    portable_command,
    quiet_gc,
    table,
)
from bench.http_load import players_for, run

ADMIN_KEY = "bench-admin-key"
RESULTS = REPO / "bench" / "results" / "asgi_path.jsonl"


def _app(database_url: str):
    """The app as ``gamestate serve`` makes it, logging as bench.http_load's service does
    (GAMESTATE_LOG_LEVEL=warning: no access log lines), and an ASGI client of it."""
    from service.api.app import create_app
    from service.support.logs import configure_logging

    app = create_app(database_url, admin_key=ADMIN_KEY)
    configure_logging("warning", False)
    return app, Asgi(app)


async def measure(database_url: str, game: str, turns: int, repeat: int) -> list[list[object]]:
    app, client = _app(database_url)
    figures: dict[str, list[tuple[float, float]]] = {
        "health": [],
        "legal": [],
        "command": [],
        "legal, no framework": [],
        "command, no framework": [],
        "same legal read": [],
    }
    async with app.lifespan():
        quiet_gc()
        rng = random.Random(1)
        for _ in range(repeat):
            idle = await idle_cpu_rate()
            for kind, cpu, wall in [
                *await one_round(client, game, turns, rng),
                *await direct_round(app, game, turns, rng),
                await same_read(client, game, turns * 5),
            ]:
                # The process's background tasks (the live hub's listener, the announcer)
                # use CPU while a request waits for the database: not the request's.
                figures[kind].append((cpu - idle * wall, wall))
    rows = []
    for kind, values in figures.items():
        cpu = [c for c, _ in values]
        wall = [w for _, w in values]
        rows.append(
            [
                kind,
                f"{statistics.median(cpu):.0f} ({min(cpu):.0f}-{max(cpu):.0f})",
                f"{statistics.median(wall):.0f} ({min(wall):.0f}-{max(wall):.0f})",
            ]
        )
    return rows


async def idle_cpu_rate(seconds: float = 1.0) -> float:
    """CPU seconds per second this process uses while it serves nothing."""
    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    return (time.process_time() - cpu0) / (time.perf_counter() - wall0)


async def one_round(client: Asgi, game: str, turns: int, rng: random.Random):
    """(kind, CPU us per request, wall us per request) of one round: ``turns`` health checks,
    then games played with one legal-commands read and one command per turn."""
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for _ in range(turns):
        status, _ = await client.request("GET", "/health")
        assert status == 200, status
    health = (time.process_time() - cpu0, time.perf_counter() - wall0)
    legal_time = [0.0, 0.0]
    command_time = [0.0, 0.0]
    done = 0
    while done < turns:
        body = msgspec.json.encode(
            {"game": game, "seats": [{"name": f"b{i}"} for i in range(players_for(game))]}
        )
        status, answer = await client.request("POST", "/games", body)
        assert status == 201, (status, answer[:200])
        created = msgspec.json.decode(answer)
        game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        status, answer = await client.request("GET", f"/games/{game_id}")
        view = msgspec.json.decode(answer)
        to_act, version, finished = view["to_act"], view["version"], False
        while not finished and done < turns:
            seat = rng.choice(to_act)
            c0, w0 = time.process_time(), time.perf_counter()
            status, answer = await client.request(
                "GET",
                f"/games/{game_id}/legal-commands?min_version={version}",
                token=tokens[seat],
            )
            legal_time[0] += time.process_time() - c0
            legal_time[1] += time.perf_counter() - w0
            assert status == 200, (status, answer[:200])
            page = msgspec.json.decode(answer)
            body = msgspec.json.encode(
                {"command": rng.choice(page["commands"]), "expected_version": page["version"]}
            )
            c0, w0 = time.process_time(), time.perf_counter()
            status, answer = await client.request(
                "POST",
                f"/games/{game_id}/commands?include=legal_commands",
                body,
                token=tokens[seat],
            )
            command_time[0] += time.process_time() - c0
            command_time[1] += time.perf_counter() - w0
            assert status == 200, (status, answer[:200])
            accepted = msgspec.json.decode(answer)
            to_act, version = accepted["to_act"], accepted["version"]
            finished = accepted["status"] == "finished"
            done += 1
    return [
        ("health", health[0] / turns * 1e6, health[1] / turns * 1e6),
        ("legal", legal_time[0] / turns * 1e6, legal_time[1] / turns * 1e6),
        ("command", command_time[0] / turns * 1e6, command_time[1] / turns * 1e6),
    ]


async def same_read(client: Asgi, game: str, reads: int):
    """One seat's cached legal-commands read of a new game, asked ``reads`` times at the same
    version: the route and the framework alone, with the same legal commands every time (no
    game moves on, no store read, no token lookup after the first)."""
    body = msgspec.json.encode(
        {"game": game, "seats": [{"name": f"b{i}"} for i in range(players_for(game))]}
    )
    status, answer = await client.request("POST", "/games", body)
    created = msgspec.json.decode(answer)
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    status, answer = await client.request("GET", f"/games/{game_id}")
    view = msgspec.json.decode(answer)
    path = f"/games/{game_id}/legal-commands?min_version={view['version']}"
    token = tokens[view["to_act"][0]]
    status, _ = await client.request("GET", path, token=token)
    assert status == 200, status
    c0, w0 = time.process_time(), time.perf_counter()
    for _ in range(reads):
        await client.request("GET", path, token=token)
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return ("same legal read", cpu / reads * 1e6, wall / reads * 1e6)


async def direct_round(app, game: str, turns: int, rng: random.Random):
    """The same turns as :func:`one_round`, the routes' own work called directly (the game
    service's calls and the answer's encoding, as the handlers make them), without the
    server, Litestar or the middleware: what the framework costs a hot request is the
    difference."""
    import uuid

    from service.games import schemas as s

    games, pool = app.state.games, app.state.pool
    decoder = msgspec.json.Decoder(s.SubmitCommand)
    legal_time = [0.0, 0.0]
    command_time = [0.0, 0.0]
    done = 0
    while done < turns:
        async with pool.connection() as conn:
            created = await games.commands.create(
                conn,
                msgspec.convert(
                    {"game": game, "seats": [{"name": f"b{i}"} for i in range(players_for(game))]},
                    s.CreateGame,
                ),
            )
            viewers = [
                await games.repo.viewer_for_token(conn, seat.token, ADMIN_KEY)
                for seat in created.seats
            ]
        game_id = uuid.UUID(str(created.id))
        loaded = games.repo.cache.get(game_id)
        if loaded is None:  # as the app's first view of it does: the game in the cache
            async with pool.connection() as conn:
                loaded = await games.repo.load(conn, game_id)
            games.repo.cache.put(game_id, loaded)
        to_act, version, finished = list(loaded.spec.to_act(loaded.state)), loaded.version, False
        while not finished and done < turns:
            seat = rng.choice(to_act)
            c0, w0 = time.process_time(), time.perf_counter()
            answer = games.reads.legal_from_cache(game_id, viewers[seat], version)
            assert answer is not None, "the legal commands were not cached"
            page = msgspec.json.encode(answer)
            legal_time[0] += time.process_time() - c0
            legal_time[1] += time.perf_counter() - w0
            decoded = msgspec.json.decode(page)
            body = msgspec.json.encode(
                {"command": rng.choice(decoded["commands"]), "expected_version": answer.version}
            )
            c0, w0 = time.process_time(), time.perf_counter()
            accepted = await games.commands.submit(
                pool,
                game_id,
                viewers[seat],
                decoder.decode(body),
                idempotency_key=None,
                request_id=None,
                include_legal=True,
            )
            msgspec.json.encode(accepted)
            command_time[0] += time.process_time() - c0
            command_time[1] += time.perf_counter() - w0
            to_act, version = accepted.to_act, accepted.version
            finished = accepted.status == "finished"
            done += 1
    return [
        ("legal, no framework", legal_time[0] / turns * 1e6, legal_time[1] / turns * 1e6),
        ("command, no framework", command_time[0] / turns * 1e6, command_time[1] / turns * 1e6),
    ]


async def direct_ab(database_url: str, game: str, turns: int, repeat: int) -> list[dict]:
    """Rounds of :func:`one_round` with the direct path on and off in turns (``--direct-ab``)."""
    from service.api import direct

    app, client = _app(database_url)
    routes = direct.find(app)
    served = dict(routes.routes)
    lines = []
    async with app.lifespan():
        quiet_gc()
        rng = random.Random(1)
        for n in range(repeat):
            for on in (True, False) if n % 2 == 0 else (False, True):
                routes.routes.clear()
                if on:
                    routes.routes.update(served)
                idle = await idle_cpu_rate()
                cpu = {
                    kind: c - idle * w for kind, c, w in await one_round(client, game, turns, rng)
                }
                lines.append(
                    {
                        "case": f"direct path {'on' if on else 'off'}",
                        "round": n + 1,
                        "GET /health us CPU": round(cpu["health"], 1),
                        "legal read us CPU": round(cpu["legal"], 1),
                        "command us CPU": round(cpu["command"], 1),
                    }
                )
        routes.routes.update(served)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.asgi_path", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--short", action="store_true", help="500 turns a round, 3 rounds")
    parser.add_argument("--turns", type=int, default=None, help="turns a round (default 2000)")
    parser.add_argument("--repeat", type=int, default=None, help="rounds (default 5)")
    parser.add_argument("--game", default="azul", help="the game played (default azul)")
    parser.add_argument(
        "--direct-ab", action="store_true", help="the direct path on and off in one process"
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="results file (--direct-ab)")
    add_database_argument(parser)
    args = parser.parse_args(argv)
    turns = args.turns or (500 if args.short else 2000)
    repeat = args.repeat or (3 if args.short else 5)
    if args.direct_ab:
        return direct_main(args, turns, repeat, sys.argv[1:] if argv is None else argv)
    heading(f"asgi_path: {args.game}, {turns} turns a round, {repeat} rounds")
    with bench_database(args.database_url) as url:
        rows = run(measure(url, args.game, turns, repeat))
    print(table(["request", "CPU us per request", "wall us per request"], rows))
    return 0


def direct_main(args: argparse.Namespace, turns: int, repeat: int, argv: list[str]) -> int:
    heading(f"asgi_path --direct-ab: {args.game}, {turns} turns a round, {repeat} rounds each")
    with bench_database(args.database_url) as url:
        lines = run(direct_ab(url, args.game, turns, repeat))
    stamp = {
        "bench": "asgi_path",
        "at": time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()),
        "commit": commit_of(REPO),
        "game": args.game,
        "turns": turns,
        "repeat": repeat,
        "command": portable_command("bench.asgi_path", argv, commit_of),
    }
    rows = []
    for case in ("direct path on", "direct path off"):
        row: list[object] = [case]
        for key in ("GET /health us CPU", "legal read us CPU", "command us CPU"):
            cpu = [line[key] for line in lines if line["case"] == case]
            row.append(f"{statistics.median(cpu):.1f} ({min(cpu):.0f}-{max(cpu):.0f})")
        rows.append(row)
    print(table(["case", "health us CPU", "legal us CPU", "command us CPU"], rows))
    with args.out.open("a") as out:
        for line in lines:
            out.write(json.dumps({**stamp, **line}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
