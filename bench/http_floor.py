"""The floor of a request's cost over HTTP: what the service spends on a request that does
nothing (``GET /health``: no database, no game), i.e. the server (uvicorn's protocol, the
socket reads and writes), Litestar and our middleware, with keep-alive clients as in
bench.http_load. Runs ``gamestate serve`` as a subprocess (a throwaway database) and, with
``--before PATH``, another checkout's, interleaved.

    python -m bench.http_floor [--before PATH] [--repeat N] [--clients 50] [--seconds 10]
                               [--workers 2] [--path /health] [--database-url URL]

``{game}`` in ``--path`` stands for a new Azul game's id (``--path /games/{game}``: its
spectator view, answered from the process's state cache). Prints requests/s and the
service's CPU per request (all its processes, from psutil). Set
beside bench.http_load's service CPU per command turn (a turn is 1.7 requests on average),
it says how much of a turn is the HTTP stack's fixed part and how much is the routes' own
work: the part that a faster server or framework cannot remove. The clients share the
machine's cores with the service.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

from bench._common import REPO, add_database_argument, bench_database, heading, serve, table
from bench._http import Connection, HttpError
from bench.http_load import cpu_seconds, run, server_processes


async def hammer(base: str, path: str, clients: int, seconds: float) -> dict:
    """``clients`` keep-alive connections asking ``path`` one request at a time each."""
    connections = [Connection.for_url(base) for _ in range(clients)]
    if "{game}" in path:  # a new game's id: e.g. /games/{game}, its cached spectator view
        created = await connections[0].request(
            "POST",
            "/games",
            json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]},
            headers={"Authorization": "Bearer bench-admin-key"},
        )
        path = path.replace("{game}", created.json()["id"])
    for c in connections:  # opened before the clock starts
        await c.request("GET", path)
    processes = server_processes(base)
    counts = [0] * clients
    errors = 0

    async def client(index: int, until: float) -> None:
        nonlocal errors
        connection = connections[index]
        while time.perf_counter() < until:
            try:
                answer = await connection.request("GET", path)
            except HttpError:
                errors += 1
                continue
            if answer.status != 200:
                errors += 1
            counts[index] += 1

    cpu0, wall0 = cpu_seconds(processes), time.perf_counter()
    until = wall0 + seconds
    await asyncio.gather(*(client(i, until) for i in range(clients)))
    cpu, wall = cpu_seconds(processes) - cpu0, time.perf_counter() - wall0
    for c in connections:
        await c.close()
    requests = sum(counts)
    return {
        "requests": requests,
        "rate": requests / wall,
        "cpu_per_request_us": cpu / max(1, requests) * 1e6,
        "cpu_share": cpu / wall,
        "errors": errors,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.http_floor", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--before", type=Path, help="another checkout, run interleaved")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--path", default="/health")
    add_database_argument(parser)
    args = parser.parse_args(argv)
    heading(
        f"http_floor: GET {args.path}, {args.clients} keep-alive clients for {args.seconds:.0f} s,"
        f" {args.workers} workers"
    )
    trees = [("before", args.before), ("after", REPO)] if args.before else [("after", REPO)]
    rows = []
    for round_ in range(1, args.repeat + 1):
        for label, repo in trees:
            with (
                bench_database(args.database_url) as url,
                serve(url, workers=args.workers, repo=repo) as base,
            ):
                result = run(hammer(base, args.path, args.clients, args.seconds))
            rows.append(
                [
                    f"{label} #{round_}",
                    f"{result['rate']:,.0f}",
                    f"{result['cpu_per_request_us']:.1f}",
                    f"{result['cpu_share'] * 100:.0f}%",
                    result["errors"],
                ]
            )
            print(
                table(["service", "requests/s", "CPU us per request", "CPU", "errors"], rows[-1:])
            )
    print(table(["service", "requests/s", "CPU us per request", "CPU", "errors"], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
