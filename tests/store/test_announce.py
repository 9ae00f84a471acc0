"""Commit announcements: an append that commits on its own is announced after its commit by
the process's announcer (coalesced); an append inside a larger transaction notifies in its own
statement, delivered when that transaction commits. Either way a listener hears every stream's
newest version, and only after it is readable."""

from __future__ import annotations

import asyncio
import uuid

import msgspec
import psycopg
from psycopg_pool import AsyncConnectionPool

from service.live.hub import Hub
from service.store.announce import PAYLOAD_LIMIT, Announcer, payloads
from service.store.chain import NOTIFY_CHANNEL, NewEvent
from service.store.events import EventStore
from tests.store.test_event_store import _new_stream


def _event(n: int) -> NewEvent:
    return NewEvent("test.appended", msgspec.json.encode({"type": "test.appended", "n": n}), {})


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
