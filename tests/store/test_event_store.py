"""The event store on a real PostgreSQL: concurrency, append-only, hash chain, idempotency."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from service.store.chain import (
    GENESIS,
    IdempotencyReplay,
    NewEvent,
    VersionConflict,
    canonical,
    event_hash,
)
from service.store.database import migrate
from service.store.events import EventStore
from tests.conftest import fresh_database


def run(coro):
    return asyncio.run(coro)


async def _pool(url: str, size: int = 10) -> AsyncConnectionPool:
    pool = AsyncConnectionPool(
        url, min_size=1, max_size=size, open=False, kwargs={"autocommit": True}
    )
    await pool.open()
    return pool


async def _new_stream(store: EventStore) -> uuid.UUID:
    stream_id = uuid.uuid4()
    async with store.pool.connection() as conn, conn.transaction():
        await store.create_stream(
            conn,
            stream_id=stream_id,
            kind="game",
            game="test",
            rules_version="1",
            setup={},
            status="active",
            seed="s",
        )
    return stream_id


async def _notable_stream(store: EventStore) -> uuid.UUID:
    """A stream heard for ever, as a registered player's game is: its events are notable,
    the ones ``read_all`` reads (migration 0016)."""
    stream_id = await _new_stream(store)
    async with store.pool.connection() as conn:
        await conn.execute(
            "UPDATE streams SET listened_until = 'infinity' WHERE id = %s", (stream_id,)
        )
    return stream_id


def _event(n: int) -> NewEvent:
    return NewEvent("test.appended", canonical({"type": "test.appended", "n": n}), {"writer": n})


def test_twenty_concurrent_appenders_lose_and_duplicate_nothing(database_url: str) -> None:
    async def scenario() -> list:
        pool = await _pool(database_url, size=20)
        store = EventStore(pool)
        stream_id = await _new_stream(store)
        conflicts = 0

        async def writer(n: int) -> None:
            nonlocal conflicts
            while True:
                async with pool.connection() as conn:
                    try:
                        async with conn.transaction():
                            stream = await store.get_stream(conn, stream_id)
                            await store.append(conn, stream_id, stream.version, [_event(n)])
                            return
                    except VersionConflict:
                        conflicts += 1

        await asyncio.gather(*(writer(n) for n in range(20)))
        async with pool.connection() as conn:
            events = await store.read(conn, stream_id)
            stream = await store.get_stream(conn, stream_id)
        await pool.close()
        return events, stream, conflicts

    events, stream, conflicts = run(scenario())
    assert [e.version for e in events] == list(range(1, 21))
    assert sorted(e.data["n"] for e in events) == list(range(20))
    assert stream.version == 20
    assert conflicts > 0, "the test must actually race"


def test_a_stale_expected_version_is_refused(database_url: str) -> None:
    async def scenario() -> None:
        pool = await _pool(database_url)
        store = EventStore(pool)
        stream_id = await _new_stream(store)
        async with pool.connection() as conn:
            async with conn.transaction():
                await store.append(conn, stream_id, 0, [_event(1)])
            with pytest.raises(VersionConflict) as conflict:
                async with conn.transaction():
                    await store.append(conn, stream_id, 0, [_event(2)])
            assert conflict.value.actual == 1
        await pool.close()

    run(scenario())


@pytest.mark.parametrize(
    "statement",
    ["UPDATE events SET type = 'forged'", "DELETE FROM events", "TRUNCATE events CASCADE"],
    ids=["update", "delete", "truncate"],
)
def test_events_are_append_only_in_the_database_itself(database_url: str, statement: str) -> None:
    async def seed() -> None:
        pool = await _pool(database_url)
        store = EventStore(pool)
        stream_id = await _new_stream(store)
        async with pool.connection() as conn, conn.transaction():
            await store.append(conn, stream_id, 0, [_event(1)])
        await pool.close()

    run(seed())
    with (
        psycopg.connect(database_url, autocommit=True) as conn,
        pytest.raises(psycopg.Error, match="append-only"),
    ):
        conn.execute(statement)


def test_the_hash_chain_links_every_event_to_the_one_before(database_url: str) -> None:
    async def scenario():
        pool = await _pool(database_url)
        store = EventStore(pool)
        stream_id = await _new_stream(store)
        async with pool.connection() as conn:
            for batch in ([_event(1), _event(2)], [_event(3)], [_event(4), _event(5), _event(6)]):
                async with conn.transaction():
                    stream = await store.get_stream(conn, stream_id)
                    await store.append(conn, stream_id, stream.version, batch)
            events = await store.read(conn, stream_id)
        await pool.close()
        return stream_id, events

    stream_id, events = run(scenario())
    previous = GENESIS
    for event in events:
        assert event.prev_hash == previous
        assert event.hash == event_hash(
            previous, stream_id, event.version, event.type, event.data, event.metadata
        )
        previous = event.hash
    # Changing any content changes the hash.
    first = events[0]
    assert (
        event_hash(GENESIS, stream_id, 1, first.type, {**first.data, "n": 99}, first.metadata)
        != first.hash
    )


def test_concurrent_claims_of_one_idempotency_key_let_exactly_one_through(
    database_url: str,
) -> None:
    async def scenario() -> list[str]:
        pool = await _pool(database_url)
        store = EventStore(pool)
        stream_id = await _new_stream(store)
        outcomes: list[str] = []

        async def claim() -> None:
            async with pool.connection() as conn:
                try:
                    async with conn.transaction():
                        await store.claim_idempotency_key(conn, stream_id, 0, "key-1", "h")
                        await asyncio.sleep(0.05)
                        await store.complete_idempotency_key(
                            conn, stream_id, 0, "key-1", 200, {"ok": True}
                        )
                        outcomes.append("first")
                except IdempotencyReplay as replay:
                    assert replay.response == {"ok": True}
                    outcomes.append("replayed")

        await asyncio.gather(*(claim() for _ in range(5)))
        await pool.close()
        return outcomes

    assert sorted(run(scenario())) == ["first", "replayed", "replayed", "replayed", "replayed"]


def test_catch_up_reads_return_events_in_global_order(database_url: str) -> None:
    async def scenario():
        pool = await _pool(database_url)
        store = EventStore(pool)
        a, b = await _notable_stream(store), await _notable_stream(store)
        async with pool.connection() as conn:
            _, start = await store.read_all(conn, limit=100000)
            for stream_id, n in ((a, 1), (b, 2), (a, 3)):
                async with conn.transaction():
                    stream = await store.get_stream(conn, stream_id)
                    await store.append(conn, stream_id, stream.version, [_event(n)])
            after, _ = await store.read_all(conn, after=start, limit=100000)
        await pool.close()
        # Other tests' games may append meanwhile (clocked games time out in the background):
        # the order is checked among this test's own streams.
        ours = [e for e in after if e.stream_id in (a, b)]
        return [(e.stream_id, e.data["n"]) for e in ours], a, b

    seen, a, b = run(scenario())
    assert seen == [(a, 1), (b, 2), (a, 3)]


def test_a_catch_up_reader_misses_no_event_of_a_transaction_that_commits_late(
    database_url: str,
) -> None:
    """Transaction A takes an id after B but a lower position, and commits after B. A reader
    that reads between the two commits and resumes later must still get A's event (in position
    order with a per-row "finished transaction" filter it was skipped for good)."""

    async def scenario():
        pool = await _pool(database_url)
        store = EventStore(pool)
        a, b = await _notable_stream(store), await _notable_stream(store)
        async with (
            pool.connection() as reader,
            pool.connection() as conn_a,
            pool.connection() as conn_b,
        ):
            _, cursor = await store.read_all(reader, limit=100000)
            await conn_b.execute("BEGIN")
            await conn_b.execute("SELECT pg_current_xact_id()")  # B's id first
            await conn_a.execute("BEGIN")
            await conn_a.execute("SELECT pg_current_xact_id()")
            await store.append(conn_a, a, 0, [_event(1)])  # the lower position
            await store.append(conn_b, b, 0, [_event(2)])
            positions = {}
            for conn, stream in ((conn_a, a), (conn_b, b)):
                row = await (
                    await conn.execute(
                        "SELECT position FROM events WHERE stream_id = %s", (stream,)
                    )
                ).fetchone()
                positions[stream] = row[0]
            await conn_b.execute("COMMIT")
            first, cursor = await store.read_all(reader, after=cursor, limit=100000)
            await conn_a.execute("COMMIT")
            # Resume until both are read: a transaction of another test's app still open
            # holds the read horizon back for a while, but a skipped event never comes.
            second: list = []
            deadline = time.monotonic() + 10
            while len([e for e in first + second if e.stream_id in (a, b)]) < 2:
                if time.monotonic() > deadline:
                    break
                more, cursor = await store.read_all(reader, after=cursor, limit=100000)
                second += more
                if not more:
                    await asyncio.sleep(0.05)
        await pool.close()
        seen = [e.stream_id for e in first + second if e.stream_id in (a, b)]
        return seen, positions, a, b

    seen, positions, a, b = run(scenario())
    assert positions[a] < positions[b]  # the interleaving this test is about
    assert sorted(seen) == sorted([a, b]) and len(seen) == 2


def _head_revision() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from service.store.database import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def test_migrations_run_once_when_many_processes_start_together(pg_server: str) -> None:
    with fresh_database(pg_server) as url:
        errors: list[BaseException] = []

        def go() -> None:
            try:
                migrate(url)
            except BaseException as exc:  # collected and asserted below
                errors.append(exc)

        threads = [threading.Thread(target=go) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [
                (_head_revision(),)
            ]


def test_starting_a_stream_is_one_statement_that_stores_all_or_nothing(database_url: str) -> None:
    async def scenario() -> dict:
        pool = await _pool(database_url)
        store = EventStore(pool)
        first, second = uuid.uuid4(), uuid.uuid4()
        common = {
            "kind": "game",
            "game": "test",
            "rules_version": "1",
            "setup": {"players": 2},
            "status": "active",
            "seed": "s33d",
            "seed_commitment": "c",
            "events": [_event(1), _event(2)],
        }
        found: dict = {}
        async with pool.connection() as conn:
            stored = await store.start_stream(
                conn, stream_id=first, seats=[(0, "ann", "h-ann"), (1, "bob", "h-bob")], **common
            )
            found["stored"] = [(e.version, e.prev_hash, e.hash) for e in stored]
            found["read"] = [
                (e.version, e.prev_hash, e.hash) for e in await store.read(conn, first)
            ]
            found["stream"] = await store.get_stream(conn, first)
            found["seats"] = await store.seats(conn, first)
            found["seed"] = await store.seed(conn, first)
            # A second stream whose last seat's token hash is taken: nothing of it is stored.
            with pytest.raises(psycopg.errors.UniqueViolation):
                await store.start_stream(
                    conn, stream_id=second, seats=[(0, "cy", "h-cy"), (1, "bob", "h-bob")], **common
                )
            found["second"] = (
                await store.get_stream(conn, second),
                await store.read(conn, second),
                await store.seed(conn, second),
                await store.seat_for_token(conn, "h-cy"),
            )
        await pool.close()
        return found

    found = run(scenario())
    (v1, prev1, hash1), (v2, prev2, hash2) = found["stored"]
    assert (v1, v2) == (1, 2) and prev1 == GENESIS and prev2 == hash1
    assert hash2 == event_hash(
        hash1,
        found["stream"].id,
        2,
        "test.appended",
        {"type": "test.appended", "n": 2},
        {"writer": 2},
    )
    assert found["read"] == found["stored"]
    assert found["stream"].version == 2 and found["stream"].setup == {"players": 2}
    assert found["seats"] == [(0, "ann"), (1, "bob")]
    assert found["seed"] == ("s33d", False)
    assert found["second"] == (None, [], None, None)
