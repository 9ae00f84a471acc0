"""What one finished game adds to each table, per kind of game (docs/operations.md, "What
grows, per game"). ``python -m bench.per_game [--games N] [--database-url URL]``.

Games are played in-process (the app, a fresh database) by registered players seated by id,
every command sent with an Idempotency-Key (as a careful client does), so that the rows a
game makes in every table show up: the events, the idempotency keys, the notifications the
players get (your turn, game started and ended), the snapshots. For each table: rows per
game, bytes of those rows (pg_column_size of the tuples: data only), and the growth of the
table with its indexes and TOAST (pg_total_relation_size, page-granular: meaningful with a
few games or more); and the WAL written per game (what a WAL archive grows by: measure
it on a server of its own, the embedded default, not a shared one)."""

from __future__ import annotations

import argparse
import time
import uuid
from typing import Any

import msgspec
import psycopg

from bench._common import add_database_argument, bench_database, heading, table

ADMIN = "bench-admin-key"


def _tables(conn: psycopg.Connection) -> list[str]:
    rows = conn.execute(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
        " AND tablename <> 'alembic_version' ORDER BY tablename"
    ).fetchall()
    return [r[0] for r in rows]


def _measure(conn: psycopg.Connection, tables: list[str]) -> dict[str, tuple[int, int, int]]:
    out = {}
    for name in tables:
        row = conn.execute(
            f"SELECT count(*), coalesce(sum(pg_column_size(t.*)), 0),"
            f" pg_total_relation_size('{name}') FROM {name} t"
        ).fetchone()
        assert row is not None
        out[name] = (int(row[0]), int(row[1]), int(row[2]))
    return out


def _settle(conn: psycopg.Connection) -> None:
    """Wait for the background work (the notification deriver) to catch up."""
    last, since = None, time.monotonic()
    while time.monotonic() - since < 1.5:
        row = conn.execute("SELECT count(*) FROM notifications").fetchone()
        if row != last:
            last, since = row, time.monotonic()
        time.sleep(0.1)


def _play(client: Any, slug: str, seed: str) -> tuple[int, int]:
    """One game to the end by the domain's random bot, seats held by registered players.
    Returns (commands, events)."""
    from domain._kernel import playout
    from domain.registry import GAMES

    spec = GAMES[slug]
    players = max(2, spec.min_players)
    tokens, ids = [], []
    for i in range(players):
        answer = client.post("/players", json={"name": f"{slug}-{i}"})
        assert answer.status_code == 201, answer.text
        ids.append(answer.json()["id"])
        tokens.append(answer.json()["token"])
    created = client.post(
        "/games",
        json={"game": slug, "seats": [{"player_id": p} for p in ids], "seed": seed},
        headers={"Authorization": f"Bearer {ADMIN}"},
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    version = created.json()["version"]
    commands = 0

    def send(state: Any, seat: int, command: Any, events: tuple) -> None:
        nonlocal version, commands
        answer = client.post(
            f"/games/{game_id}/commands",
            json={"command": msgspec.to_builtins(command), "expected_version": version},
            headers={
                "Authorization": f"Bearer {tokens[seat]}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )
        assert answer.status_code == 200, answer.text
        version += len(events)
        commands += 1

    playout(spec, spec.new_setup(players), seed, on_step=send)
    return commands, version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.per_game", description=__doc__)
    parser.add_argument("--games", type=int, default=5, help="finished games per kind")
    parser.add_argument("--short", action="store_true", help="2 games per kind")
    add_database_argument(parser)
    args = parser.parse_args(argv)
    games = 2 if args.short else args.games

    from litestar.testing import TestClient

    from domain.registry import GAMES
    from service.api.app import create_app
    from service.support.logs import configure_logging

    heading(f"Rows and bytes per finished game ({games} games per kind)")
    with bench_database(args.database_url) as url, psycopg.connect(url, autocommit=True) as conn:
        app = create_app(url, admin_key=ADMIN)
        configure_logging("warning", False)  # not a line per request
        tables = _tables(conn)
        results: dict[str, dict[str, tuple[float, float, float]]] = {}
        shape: dict[str, tuple[float, float]] = {}
        wal_bytes: dict[str, float] = {}
        with TestClient(app, raise_server_exceptions=False) as client:
            for slug in sorted(GAMES):
                _settle(conn)
                before = _measure(conn, tables)
                wal = conn.execute("SELECT pg_current_wal_lsn()").fetchone()[0]  # type: ignore[index]
                played = [_play(client, slug, f"{slug}-{i}") for i in range(games)]
                _settle(conn)
                after = _measure(conn, tables)
                row = conn.execute(
                    "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), %s)", (wal,)
                ).fetchone()
                wal_bytes[slug] = float(row[0]) / games  # type: ignore[index]
                results[slug] = {
                    name: tuple((after[name][k] - before[name][k]) / games for k in range(3))  # type: ignore[misc]
                    for name in tables
                }
                shape[slug] = (
                    sum(c for c, _ in played) / games,
                    sum(e for _, e in played) / games,
                )
        kinds = sorted(results)
        print(
            table(
                ["per game", *kinds],
                [
                    ["commands", *(f"{shape[k][0]:.0f}" for k in kinds)],
                    ["events", *(f"{shape[k][1]:.0f}" for k in kinds)],
                    ["KB of WAL", *(f"{wal_bytes[k] / 1024:.0f}" for k in kinds)],
                ],
            )
        )
        print()
        rows = []
        for name in tables:
            cells = [results[k][name] for k in kinds]
            if not any(c[0] or c[2] for c in cells):
                continue
            rows.append(
                [name, *(f"{c[0]:.0f} / {c[1] / 1024:.1f} / {c[2] / 1024:.0f}" for c in cells)]
            )
        print("rows / KB of row data / KB on disk with indexes, per finished game")
        print(table(["table", *kinds], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
