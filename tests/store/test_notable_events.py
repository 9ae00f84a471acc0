"""Only the events of games that can produce a notification or a rating are notable, and only
those are in the log's (transaction id, position) index (migration 0016; issue 32 item 1).
Every path that stores events marks them: a game's creation, a single append, a batch, and a
writer that does not name the column (the previous release during an upgrade)."""

from __future__ import annotations

import asyncio
import uuid

import psycopg

from service.store.announce import Announcer
from service.store.batching import AppendBatcher
from service.store.chain import GENESIS
from service.store.database import migrate
from tests.conftest import fresh_database
from tests.store.test_announce import _event, _setup, three_games


async def _notable(conn: psycopg.AsyncConnection, ids: dict[str, uuid.UUID]) -> dict:
    cur = await conn.execute(
        "SELECT stream_id, version, notable FROM events WHERE stream_id = ANY(%s)",
        (list(ids.values()),),
    )
    names = {v: k for k, v in ids.items()}
    return {(names[s], v): n for s, v, n in await cur.fetchall()}


def test_every_path_that_stores_events_marks_the_notable_ones(pg_server: str) -> None:
    with fresh_database(pg_server) as url:  # its games of no game type: no deriver reads them
        migrate(url)
        seen = asyncio.run(_stored_by_every_path(url))
    for version in (1, 2, 3, 4):
        assert seen[("seated", version)] is True
        assert seen[("table", version)] is True
        assert seen[("plain", version)] is False


async def _stored_by_every_path(url: str) -> dict:
    pool, store = await _setup(url, Announcer(url))
    try:
        ids = await three_games(store, uuid.uuid4())
        async with pool.connection() as conn:
            for stream_id in ids.values():  # one append each, on its own
                await store.append(conn, stream_id, 1, [_event(2)])
        batcher = AppendBatcher(store)
        stored = await asyncio.gather(
            *(batcher.append(s, 2, [_event(3)], prev_hash=GENESIS) for s in ids.values())
        )
        assert all(stored) and batcher.batches == 1  # the three in one batch statement
        async with pool.connection() as conn:
            for stream_id in ids.values():  # the previous release's INSERT
                await conn.execute(
                    "INSERT INTO events (stream_id, version, type, data, metadata,"
                    " prev_hash, hash) VALUES (%s, 4, 't', '{}', '{}', '', '')",
                    (stream_id,),
                )
            return await _notable(conn, ids)
    finally:
        await pool.close()


def test_catch_up_reads_only_the_notable_events(pg_server: str) -> None:
    async def main(url: str) -> tuple[list[uuid.UUID], dict[str, uuid.UUID]]:
        pool, store = await _setup(url, None)
        try:
            async with pool.connection() as conn:
                _, start = await store.read_all(conn, limit=100000)
            ids = await three_games(store, uuid.uuid4())
            async with pool.connection() as conn:
                read, _ = await store.read_all(conn, after=start, limit=100000)
            wanted = set(ids.values())
            return [e.stream_id for e in read if e.stream_id in wanted], ids
        finally:
            await pool.close()

    with fresh_database(pg_server) as url:
        migrate(url)
        read, ids = asyncio.run(main(url))
    assert sorted(read) == sorted([ids["seated"], ids["table"]])


def test_the_migration_marks_the_events_of_notable_games_stored_before_it(
    pg_server: str,
) -> None:
    with fresh_database(pg_server) as url:
        migrate(url, "0015")
        player, seated, plain = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO players (id, name, token_hash) VALUES (%s, 'p', 'h')", (player,)
            )
            for stream in (seated, plain):
                conn.execute(
                    "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                    " VALUES (%s, 'game', 'azul', '1', '{}', 'active')",
                    (stream,),
                )
            conn.execute(
                "INSERT INTO seats (stream_id, seat, name, player_id) VALUES (%s, 0, 'p', %s)",
                (seated, player),
            )
            for stream in (seated, plain):
                for version in (1, 2):
                    conn.execute(
                        "INSERT INTO events (stream_id, version, type, data, metadata,"
                        " prev_hash, hash) VALUES (%s, %s, 't', '{}', '{}', '', '')",
                        (stream, version),
                    )
        migrate(url)
        with psycopg.connect(url) as conn:
            rows = conn.execute(
                "SELECT stream_id, bool_and(coalesce(notable, false)),"
                " bool_or(coalesce(notable, false)) FROM events"
                " WHERE stream_id = ANY(%s) GROUP BY stream_id",
                ([seated, plain],),
            ).fetchall()
            index = conn.execute(
                "SELECT indexdef FROM pg_indexes WHERE tablename = 'events'"
                " AND indexname LIKE 'events%%by_tx'"
            ).fetchall()
        assert dict((s, (a, o)) for s, a, o in rows) == {
            seated: (True, True),
            plain: (False, False),
        }
        assert [i[0].endswith("WHERE notable") for i in index] == [True]
