"""Registered players: what a player token costs next to a seat token on the hot read and
command routes (both cached after their first use), and how fast the rating projector goes
through finished games (a full ``rebuild``).

``python -m bench.players [--short] [--games N] [--reads N] [--database-url URL]``"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from bench._common import add_database_argument, bench_database, heading, percentile, table

ADMIN = "bench-admin-key"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _finish_game(client: Any, players: list[dict], creator: str) -> None:
    """A rated game: each seat decides once, then seat 0 resigns."""
    seats = [{"player_id": p["id"]} for p in players]
    game = client.post(
        "/games", json={"game": "azul", "seats": seats}, headers=_auth(creator)
    ).json()["id"]
    tokens = [p["token"] for p in players]
    acted: set[int] = set()
    while len(acted) < len(tokens):
        seat = client.get(f"/games/{game}").json()["to_act"][0]
        legal = client.get(f"/games/{game}/legal-commands", headers=_auth(tokens[seat])).json()
        body = {"command": legal["commands"][0]}
        client.post(f"/games/{game}/commands", json=body, headers=_auth(tokens[seat]))
        acted.add(seat)
    client.post(f"/games/{game}/resign", json={}, headers=_auth(tokens[0]))


def _reads(client: Any, reads: int) -> dict[str, list[float]]:
    """GET /games/{id} and its legal commands with a seat token and with a player token,
    interleaved, on the same game (seat 0 anonymous, seat 1 a registered player)."""
    player = client.post("/players", json={"name": "reader"}).json()
    created = client.post(
        "/games",
        json={"game": "azul", "seats": [{"name": "anon"}, {"player_id": player["id"]}]},
        headers=_auth(ADMIN),
    ).json()
    game = created["id"]
    kinds = {
        "view, seat token": (f"/games/{game}", created["seats"][0]["token"]),
        "view, player token": (f"/games/{game}", player["token"]),
        "legal, seat token": (f"/games/{game}/legal-commands", created["seats"][0]["token"]),
        "legal, player token": (f"/games/{game}/legal-commands", player["token"]),
    }
    timings: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(reads):
        for kind, (path, token) in kinds.items():
            started = time.perf_counter()
            answer = client.get(path, headers=_auth(token))
            timings[kind].append(time.perf_counter() - started)
            assert answer.status_code == 200, answer.text
    return timings


def run(url: str, games: int, reads: int) -> dict[str, Any]:
    from litestar.testing import TestClient
    from psycopg_pool import AsyncConnectionPool

    from service.api.app import create_app
    from service.players.ratings import RatingProjector

    app = create_app(url, admin_key=ADMIN)
    with TestClient(app) as client:
        timings = _reads(client, reads)
        players = [client.post("/players", json={"name": f"p{i}"}).json() for i in range(8)]
        started = time.perf_counter()
        for i in range(games):
            _finish_game(client, [players[i % 8], players[(i * 3 + 1) % 8]], ADMIN)
        play_s = time.perf_counter() - started

    async def rebuild() -> tuple[float, int, int]:
        async with AsyncConnectionPool(
            url, min_size=1, max_size=2, kwargs={"autocommit": True}
        ) as pool:
            await RatingProjector(pool).catch_up()
            async with pool.connection() as conn:
                events = (await (await conn.execute("SELECT count(*) FROM events")).fetchone())[0]
            started = time.perf_counter()
            counted = await RatingProjector(pool).rebuild()
            return time.perf_counter() - started, counted, events

    rebuild_s, counted, events = asyncio.run(rebuild())
    return {
        "timings": timings,
        "play_s": play_s,
        "rebuild_s": rebuild_s,
        "counted": counted,
        "events": events,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.players", description=__doc__)
    parser.add_argument("--short", action="store_true", help="60 games, 200 reads of each kind")
    parser.add_argument("--games", type=int, default=None, help="rated games to project (300)")
    parser.add_argument("--reads", type=int, default=None, help="reads of each kind (1000)")
    add_database_argument(parser)
    args = parser.parse_args(argv)
    games = args.games or (60 if args.short else 300)
    reads = args.reads or (200 if args.short else 1000)
    heading(f"players: token costs ({reads} reads each) and the rating projector ({games} games)")
    with bench_database(args.database_url) as url:
        f = run(url, games, reads)
    rows = [
        [
            kind,
            f"{statistics.median(values) * 1000:.2f}",
            f"{percentile(values, 99) * 1000:.2f}",
        ]
        for kind, values in f["timings"].items()
    ]
    print("  in-process (Litestar TestClient, whose own cost is in every figure)")
    print(table(["request", "p50 (ms)", "p99 (ms)"], rows))
    print(
        f"  rebuild: {f['counted']} rated games among {f['events']:,} events in"
        f" {f['rebuild_s']:.2f} s = {f['counted'] / f['rebuild_s']:,.0f} games/s,"
        f" {f['events'] / f['rebuild_s']:,.0f} events scanned/s"
    )
    return 0 if f["counted"] == games else 1


if __name__ == "__main__":
    raise SystemExit(main())
