"""The deriver over real games: a tournament's tables become ``round_paired`` and
``game_ended`` notifications of the tournament, once each, whatever page size and however
often the events are read again."""

from __future__ import annotations

import asyncio
import random

import psycopg

from tests.api.tournament_bots import create_tournament, play_game, register, seats_now, start
from tests.notify.test_player_notifications import _derive_all


def _tournament_notes(database_url: str, tid: str) -> list[tuple[str, str, int]]:
    with psycopg.connect(database_url) as conn:
        return conn.execute(
            "SELECT kind, game_id::text, version FROM notifications WHERE tournament_id = %s"
            " ORDER BY id",
            (tid,),
        ).fetchall()


def test_tournament_tables_are_paired_and_ended_once(client, database_url: str) -> None:
    created = create_tournament(client, name="Notified", game="azul", format="swiss", rounds=1)
    tid = created["id"]
    tokens = register(client, tid, ["a", "b", "c", "d"])
    start(client, tid)
    games = seats_now(client, tid, tokens)
    assert len(games) == 2
    asyncio.run(_derive_all(database_url))
    paired = _tournament_notes(database_url, tid)
    assert sorted(kind for kind, _, _ in paired) == ["round_paired", "round_paired"]
    assert {game for _, game, _ in paired} == set(games)
    game_id, seats = sorted(games.items())[0]
    final = play_game(client, game_id, seats, random.Random(3))
    asyncio.run(_derive_all(database_url, page=7))
    notes = _tournament_notes(database_url, tid)
    assert notes[:2] == paired
    assert notes[2:] == [("game_ended", game_id, final["version"])]
    # Everything read again (a deriver that lost its place), in small pages: nothing new.
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "UPDATE notify_cursor SET position = least(position,"
            " (SELECT min(position) - 1 FROM events WHERE stream_id = %s))",
            (game_id,),
        )
    asyncio.run(_derive_all(database_url, page=5))
    assert _tournament_notes(database_url, tid) == notes
