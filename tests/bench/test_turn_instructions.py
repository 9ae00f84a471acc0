"""bench.turn_instructions' driver plays what it says: every game type's seeded games through
the app, a new game when one ends, the same commands for the same seeds."""

from __future__ import annotations

import asyncio

import psycopg

from bench import turn_instructions


def _commands(url: str) -> list[tuple[str, str]]:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT s.game, e.metadata->>'command' FROM events e JOIN streams s"
            " ON s.id = e.stream_id WHERE e.metadata->>'command' IS NOT NULL AND s.kind = 'game'"
            " ORDER BY s.game, s.created_at, e.version"
        ).fetchall()


def test_the_driver_plays_seeded_games_to_their_end_and_again_alike(database, pg_server) -> None:
    from tests.conftest import fresh_database

    asyncio.run(turn_instructions.drive(database, 240, ["azul", "hearts"]))
    with psycopg.connect(database) as conn:
        games = conn.execute(
            "SELECT game, status, count(*) FROM streams WHERE kind = 'game'"
            " GROUP BY game, status ORDER BY game, status"
        ).fetchall()
    # 120 turns of Azul end at least one 2-player game; each type has one game in play.
    assert ("azul", "active", 1) in games and ("azul", "finished", 1) in games
    assert [g for g in games if g[0] == "hearts" and g[1] == "active"] == [("hearts", "active", 1)]
    first = _commands(database)
    assert len(first) == 240
    with fresh_database(pg_server) as again:
        asyncio.run(turn_instructions.drive(again, 240, ["azul", "hearts"]))
        assert _commands(again) == first
