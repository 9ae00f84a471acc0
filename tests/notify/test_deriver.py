"""The deriver over real games: a tournament's tables become ``round_paired`` and
``game_ended`` notifications of the tournament, once each, whatever page size and however
often the events are read again."""

from __future__ import annotations

import asyncio
import random
import time
import uuid

import psycopg

from tests.api.tournament_bots import create_tournament, play_game, register, seats_now, start
from tests.notify.test_player_notifications import _derive_all, rewind


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
        rewind(conn, game_id)
    asyncio.run(_derive_all(database_url, page=5))
    assert _tournament_notes(database_url, tid) == notes


def test_an_event_committed_after_a_later_position_is_not_skipped(database_url: str) -> None:
    """Transaction one takes its id first, transaction two writes the lower position;
    one commits, and the deriver reads past its position while two is still open. A reader
    by position alone would never go back for two's event; the deriver's (transaction id,
    position) cursor does."""
    first, second = uuid.uuid4(), uuid.uuid4()
    with (
        psycopg.connect(database_url, autocommit=True) as setup,
        psycopg.connect(database_url) as one,
        psycopg.connect(database_url) as two,
    ):
        for stream in (first, second):
            setup.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                " VALUES (%s, 'tournament', 'azul', '1', '{}', 'registration')",
                (stream,),
            )
        one.execute("SELECT pg_current_xact_id()")  # one's id is the older
        two.execute("SELECT pg_current_xact_id()")
        insert = (
            "INSERT INTO events (stream_id, version, type, data, metadata, prev_hash, hash,"
            " notable) VALUES (%s, 1, 'test.event', '{}', '{}', '', '', true)"
            " RETURNING position"
        )
        low = two.execute(insert, (second,)).fetchone()[0]
        high = one.execute(insert, (first,)).fetchone()[0]
        assert low < high
        one.commit()
        # Two is open: the deriver reads one's event, at the higher position (once no older
        # transaction anywhere on the server holds its horizon back).
        deadline = time.monotonic() + 15
        while True:
            asyncio.run(_derive_once(database_url))
            at = setup.execute("SELECT position FROM notify_cursor").fetchone()[0]
            if at == high:
                break
            assert time.monotonic() < deadline, "the deriver did not read past the open one"
            time.sleep(0.05)
        two.commit()
    asyncio.run(_derive_all(database_url))
    with psycopg.connect(database_url) as conn:
        read_low = conn.execute(
            "SELECT (e.tx, e.position) <= (c.tx, c.position) FROM events e, notify_cursor c"
            " WHERE e.position = %s",
            (low,),
        ).fetchone()[0]
    assert read_low, "the event at the lower position was skipped"


async def _derive_once(database_url: str) -> None:
    from psycopg_pool import AsyncConnectionPool

    from service.games.service import GameService
    from service.notify.deriver import Deriver
    from service.store.events import EventStore

    pool = AsyncConnectionPool(
        database_url, min_size=1, max_size=2, open=False, kwargs={"autocommit": True}
    )
    await pool.open()
    try:
        deriver = Deriver(pool, GameService(EventStore(pool)))
        while await deriver.step():
            pass
    finally:
        await pool.close()
