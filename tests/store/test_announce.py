"""Commit announcements: an append that commits on its own is announced after its commit by
the process's announcer (coalesced); an append inside a larger transaction notifies in its own
statement, delivered when that transaction commits. Either way a listener hears every stream's
newest version, and only after it is readable. The announcer announces only the commits of
streams someone listens to (service/live/interest.py, migration 0015)."""

from __future__ import annotations

import asyncio
import contextlib
import uuid

import psycopg
from psycopg_pool import AsyncConnectionPool

from service.live.hub import Hub, renew_leases
from service.live.interest import Interest
from service.store.announce import PAYLOAD_LIMIT, Announcer, payloads
from service.store.batching import AppendBatcher
from service.store.chain import GENESIS, NOTIFY_CHANNEL, NewEvent, canonical
from service.store.events import EventStore
from tests.store.test_event_store import _new_stream


def _event(n: int) -> NewEvent:
    return NewEvent("test.appended", canonical({"type": "test.appended", "n": n}), {})


def _token() -> str:  # token hashes are unique
    return uuid.uuid4().hex


async def three_games(store: EventStore, player: uuid.UUID) -> dict[str, uuid.UUID]:
    """A registered player's game ("seated"), a tournament's table ("table") and a game of
    guests ("plain"), each created with its first event; the player is registered here."""
    created = {
        "seated": ({}, [(0, "p", None, player), (1, "b", _token())]),
        "table": ({"link": {"tournament": str(uuid.uuid4())}}, [(0, "a", _token())]),
        "plain": ({}, [(0, "a", _token()), (1, "b", _token())]),
    }
    ids = {name: uuid.uuid4() for name in created}
    async with store.pool.connection() as conn:
        await conn.execute(
            "INSERT INTO players (id, name, token_hash) VALUES (%s, 'p', %s)",
            (player, f"hash-{player}"),
        )
        for name, (setup, seats) in created.items():
            await store.start_stream(
                conn,
                stream_id=ids[name],
                kind="game",
                game="test",
                rules_version="1",
                setup=setup,
                status="active",
                events=[_event(1)],
                seats=seats,
            )
    return ids


async def _setup(url: str, announcer: Announcer | None) -> tuple[AsyncConnectionPool, EventStore]:
    pool = AsyncConnectionPool(url, min_size=1, max_size=4, open=False, kwargs={"autocommit": True})
    await pool.open()
    return pool, EventStore(pool, announcer)


async def _listener(url: str) -> psycopg.AsyncConnection:
    conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
    return conn


async def _heard(conn: psycopg.AsyncConnection, timeout: float) -> list[str]:
    """Every ``stream:version`` line notified within ``timeout``."""
    lines: list[str] = []
    async for notify in conn.notifies(timeout=timeout):
        lines.extend(notify.payload.split("\n"))
    return lines


def test_payloads_stay_under_the_notify_limit_and_keep_every_stream() -> None:
    versions = {uuid.uuid4(): n for n in range(1000)}
    sent = payloads(versions)
    assert len(sent) > 1
    assert all(len(p.encode()) <= PAYLOAD_LIMIT for p in sent)
    lines = [line for p in sent for line in p.split("\n")]
    assert lines == [f"{s}:{v}" for s, v in versions.items()]


def test_announcements_keep_the_newest_version_per_stream() -> None:
    async def main() -> None:
        announcer = Announcer("")
        a, b = uuid.uuid4(), uuid.uuid4()
        announcer.announce(a, 3)
        announcer.announce(a, 5)
        announcer.announce(a, 4)  # an older append finishing late does not move it back
        announcer.announce(b, 1)
        assert announcer.pending == 2
        assert payloads(announcer._pending) == [f"{a}:5\n{b}:1"]

    asyncio.run(main())


def test_hub_wakes_every_stream_named_in_a_coalesced_notification() -> None:
    async def main() -> None:
        hub = Hub(keepalive=1.0)
        a, b, c = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
        with hub.subscribe(a) as sa, hub.subscribe(b) as sb, hub.subscribe(c) as sc:
            hub.notify(f"{a}:7\nnot-a-uuid:1\n{b}:2")
            assert await sa.wait(0.01) and await sb.wait(0.01)
            assert not await sc.wait(0.01)

    asyncio.run(main())


def test_an_append_on_its_own_is_announced_after_commit_in_one_coalesced_send(
    database_url: str,
) -> None:
    async def main() -> None:
        # The window is far longer than the ten appends take even on a loaded machine (a
        # 50 ms window can end between them there): the test is that they coalesce at all.
        announcer = Announcer(database_url, window=0.5)
        pool, store = await _setup(database_url, announcer)
        listener = await _listener(database_url)
        sender = asyncio.create_task(announcer.run(NOTIFY_CHANNEL))
        try:
            streams = [await _new_stream(store) for _ in range(5)]
            await Interest(pool).renew(streams)
            async with pool.connection() as conn:
                for stream_id in streams:
                    await store.append(conn, stream_id, 0, [_event(1)])
                    await store.append(conn, stream_id, 1, [_event(2), _event(3)])
            heard = await _heard(listener, timeout=2.0)
            # The newest version of each stream, all within one window: one send.
            assert sorted(heard) == sorted(f"{s}:3" for s in streams)
            assert announcer.sends == 1
            # What was announced is committed: another connection reads it.
            async with pool.connection() as conn:
                for stream_id in streams:
                    assert await store.version(conn, stream_id) == 3
        finally:
            sender.cancel()
            await listener.close()
            await pool.close()

    asyncio.run(main())


def test_an_append_inside_a_transaction_notifies_at_that_commit(database_url: str) -> None:
    async def main() -> None:
        announcer = Announcer(database_url)
        pool, store = await _setup(database_url, announcer)
        listener = await _listener(database_url)
        try:
            stream_id = await _new_stream(store)
            async with pool.connection() as conn:
                async with conn.transaction():
                    await store.append(conn, stream_id, 0, [_event(1)])
                    # Not yet committed: nothing heard, nothing left to the announcer.
                    assert await _heard(listener, timeout=0.2) == []
                    assert announcer.pending == 0
                assert await _heard(listener, timeout=1.0) == [f"{stream_id}:1"]
                # A rolled-back append is never announced.
                try:
                    async with conn.transaction():
                        await store.append(conn, stream_id, 1, [_event(2)])
                        raise RuntimeError("roll back")
                except RuntimeError:
                    pass
            assert await _heard(listener, timeout=0.3) == []
            assert announcer.pending == 0
        finally:
            await listener.close()
            await pool.close()

    asyncio.run(main())


def test_a_store_without_announcer_notifies_in_the_statement(database_url: str) -> None:
    async def main() -> None:
        pool, store = await _setup(database_url, None)
        listener = await _listener(database_url)
        try:
            stream_id = await _new_stream(store)
            async with pool.connection() as conn:
                await store.append(conn, stream_id, 0, [_event(1)])
            assert await _heard(listener, timeout=1.0) == [f"{stream_id}:1"]
        finally:
            await listener.close()
            await pool.close()

    asyncio.run(main())


def test_announcements_that_could_not_be_sent_are_sent_after_reconnecting(
    database_url: str,
) -> None:
    async def main() -> None:
        announcer = Announcer(database_url, window=0.01)
        listener = await _listener(database_url)
        sender = asyncio.create_task(announcer.run(NOTIFY_CHANNEL))
        try:
            first = uuid.uuid4()
            announcer.announce(first, 1)
            assert await _heard(listener, timeout=1.0) == [f"{first}:1"]
            # Kill the announcer's connection from the server side, then announce.
            await listener.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = 'gamestate-announcer' AND datname = current_database()"
            )
            second = uuid.uuid4()
            announcer.announce(second, 2)
            assert f"{second}:2" in await _heard(listener, timeout=3.0)
        finally:
            sender.cancel()
            await listener.close()

    asyncio.run(main())


def test_a_send_leaves_the_connections_settings_as_they_were(database_url: str) -> None:
    """Through PgBouncer in transaction mode the announcer's server connection is shared: its
    asynchronous commit must not outlive the notifying statement."""

    async def main() -> tuple[str, str]:
        announcer = Announcer(database_url)
        listener = await _listener(database_url)
        conn = await psycopg.AsyncConnection.connect(database_url, autocommit=True)
        try:
            stream_id = uuid.uuid4()
            announcer.announce(stream_id, 4)
            await announcer._send(conn, NOTIFY_CHANNEL)
            heard = await _heard(listener, timeout=1.0)
            setting = await (await conn.execute("SHOW synchronous_commit")).fetchone()
            return heard, setting[0]
        finally:
            await conn.close()
            await listener.close()

    heard, setting = asyncio.run(main())
    assert heard and setting == "on"


@contextlib.asynccontextmanager
async def _announcing(url: str, **interest: float):
    """A pool, a store whose announcer runs, a listener, and this process's leases."""
    announcer = Announcer(url, window=0.01)
    pool, store = await _setup(url, announcer)
    listener = await _listener(url)
    sender = asyncio.create_task(announcer.run(NOTIFY_CHANNEL))
    try:
        yield pool, store, listener, Interest(pool, **interest)
    finally:
        sender.cancel()
        await listener.close()
        await pool.close()


def test_a_commit_nobody_listens_to_is_not_announced_until_someone_asks(
    database_url: str,
) -> None:
    async def main() -> None:
        async with _announcing(database_url) as (pool, store, listener, interest):
            quiet, heard = await _new_stream(store), await _new_stream(store)
            # Asking answers with the version the stream stood at.
            assert await interest.listen(heard) == 0
            async with pool.connection() as conn:
                await store.append(conn, quiet, 0, [_event(1)])
                await store.append(conn, heard, 0, [_event(1)])
            assert await _heard(listener, timeout=0.5) == [f"{heard}:1"]
            # Whatever was committed before the ask is in the asker's first read (version 1);
            # every commit after it is announced.
            assert await interest.listen(quiet) == 1
            assert await interest.listen(quiet) is None  # the lease held covers it: no query
            assert interest.asked == 2
            async with pool.connection() as conn:
                await store.append(conn, quiet, 1, [_event(2)])
            assert await _heard(listener, timeout=0.5) == [f"{quiet}:2"]

    asyncio.run(main())


def test_a_lease_that_was_not_renewed_lapses(database_url: str) -> None:
    async def main() -> None:
        async with _announcing(database_url, lease=0.3) as (pool, store, listener, interest):
            stream_id = await _new_stream(store)
            await interest.listen(stream_id)
            await asyncio.sleep(0.5)
            assert not interest.held(stream_id)
            assert interest.due([stream_id]) == [stream_id]
            assert interest.forget_lapsed() == 1 and len(interest) == 0
            async with pool.connection() as conn:
                await store.append(conn, stream_id, 0, [_event(1)])
            assert await _heard(listener, timeout=0.5) == []
            # Renewed: announced again.
            assert await interest.renew([stream_id]) == {stream_id: 1}
            async with pool.connection() as conn:
                await store.append(conn, stream_id, 1, [_event(2)])
            assert await _heard(listener, timeout=0.5) == [f"{stream_id}:2"]

    asyncio.run(main())


def test_a_batch_announces_only_the_streams_listened_to(database_url: str) -> None:
    async def main() -> None:
        async with _announcing(database_url) as (_pool, store, listener, interest):
            first, quiet, heard = [await _new_stream(store) for _ in range(3)]
            await interest.listen(heard)
            batcher = AppendBatcher(store)
            # Queued together, sent in one statement (the batch's own ``heard`` column).
            await asyncio.gather(
                *(
                    batcher.append(s, 0, [_event(1)], prev_hash=GENESIS)
                    for s in (first, quiet, heard)
                )
            )
            assert (batcher.batches, batcher.appends) == (1, 3)
            assert await _heard(listener, timeout=0.5) == [f"{heard}:1"]

    asyncio.run(main())


def test_a_game_that_can_produce_notifications_is_listened_to_from_its_creation(
    database_url: str,
) -> None:
    """Migration 0015's triggers: a registered player's seat, a tournament's table."""

    async def main() -> None:
        async with _announcing(database_url) as (pool, store, listener, interest):
            ids = await three_games(store, uuid.uuid4())
            heard = await _heard(listener, timeout=0.5)
            assert sorted(heard) == sorted([f"{ids['seated']}:1", f"{ids['table']}:1"])
            async with pool.connection() as conn:
                for stream_id in ids.values():
                    await store.append(conn, stream_id, 1, [_event(2)])
                cur = await conn.execute(
                    "SELECT id FROM streams WHERE id = ANY(%s) AND listened_until = 'infinity'",
                    (list(ids.values()),),
                )
                assert {row[0] for row in await cur.fetchall()} == {ids["seated"], ids["table"]}
            heard = await _heard(listener, timeout=0.5)
            assert sorted(heard) == sorted([f"{ids['seated']}:2", f"{ids['table']}:2"])
            # A lease never shortens it.
            await interest.renew(list(ids.values()))
            async with pool.connection() as conn:
                cur = await conn.execute(
                    "SELECT count(*) FROM streams WHERE id = ANY(%s) AND listened_until = 'infinity'",
                    (list(ids.values()),),
                )
                assert (await cur.fetchone())[0] == 2

    asyncio.run(main())


def test_the_hub_renews_the_leases_of_the_streams_it_still_serves(database_url: str) -> None:
    async def main() -> None:
        hub = Hub(keepalive=1.0)
        async with _announcing(database_url, lease=0.4) as (pool, store, listener, interest):
            served, left = await _new_stream(store), await _new_stream(store)
            await interest.renew([served, left])
            with hub.subscribe(served):
                renewing = asyncio.create_task(renew_leases(hub, interest, every=0.1))
                await asyncio.sleep(1.0)  # more than two leases
                async with pool.connection() as conn:
                    await store.append(conn, served, 0, [_event(1)])
                    await store.append(conn, left, 0, [_event(1)])
                assert await _heard(listener, timeout=0.5) == [f"{served}:1"]
                renewing.cancel()

    asyncio.run(main())


def test_many_asking_for_one_stream_at_once_send_one_update(database_url: str) -> None:
    async def main() -> None:
        async with _announcing(database_url) as (pool, store, listener, interest):
            stream_id = await _new_stream(store)
            answers = await asyncio.gather(*(interest.listen(stream_id) for _ in range(50)))
            # Every asker waited for the one lease and read after it.
            assert answers == [0] * 50
            assert interest.asked == 1
            assert await interest.listen(stream_id) is None
            async with pool.connection() as conn:
                await store.append(conn, stream_id, 0, [_event(1)])
            assert await _heard(listener, timeout=0.5) == [f"{stream_id}:1"]

    asyncio.run(main())
