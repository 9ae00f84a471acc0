"""Group commit (service/store/batching.py): appends waiting together go out in one statement, and
each comes back exactly as if it had been sent alone: its events stored, chained and in
version order, or its own refusal (a version conflict, a bad row); and every other append of
the batch unaffected."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator

import msgspec
import psycopg
from prometheus_client import REGISTRY
from psycopg_pool import AsyncConnectionPool

from service.games import schemas as s
from service.games.model import Viewer
from service.games.service import GameService
from service.live.interest import Interest
from service.store.announce import Announcer
from service.store.batching import MAX_BATCH, AppendBatcher
from service.store.chain import GENESIS, NewEvent, VersionConflict, canonical, event_hash
from service.store.events import EventStore
from tests.store.test_event_store import _new_stream

METRICS = (
    "gamestate_event_store_append_batches_total",
    "gamestate_event_store_batched_appends_total",
)


def _event(n: int, **metadata: object) -> NewEvent:
    return NewEvent("test.appended", canonical({"type": "test.appended", "n": n}), dict(metadata))


@contextlib.asynccontextmanager
async def _batching(
    url: str,
) -> AsyncIterator[tuple[AsyncConnectionPool, EventStore, AppendBatcher]]:
    """A pool, a store with an announcer (not running: what it would send stays pending) and
    a batcher over them; the pool closed afterwards."""
    pool = AsyncConnectionPool(url, min_size=1, max_size=4, open=False, kwargs={"autocommit": True})
    await pool.open()
    try:
        store = EventStore(pool, Announcer(url))
        yield pool, store, AppendBatcher(store)
    finally:
        await pool.close()


def test_appends_waiting_together_share_a_statement_and_each_is_stored_as_alone(
    database_url: str,
) -> None:
    async def main() -> None:
        async with _batching(database_url) as (pool, store, batcher):
            streams = [await _new_stream(store) for _ in range(12)]
            hashes = dict.fromkeys(streams, GENESIS)
            listened = streams[::2]  # someone listens to half of them (service/live/interest.py)
            await Interest(pool).renew(listened)
            counted = [REGISTRY.get_sample_value(name) or 0.0 for name in METRICS]
            for round_ in range(3):
                answers = await asyncio.gather(
                    *(
                        batcher.append(
                            s,
                            round_ * 2,
                            [_event(round_ * 2 + 1), _event(round_ * 2 + 2)],
                            prev_hash=hashes[s],
                        )
                        for s in streams
                    )
                )
                for s, stored in zip(streams, answers, strict=True):
                    assert [e.version for e in stored] == [round_ * 2 + 1, round_ * 2 + 2]
                    hashes[s] = stored[-1].hash
            # The first append went alone; the eleven queued behind it went together.
            assert batcher.appends == 36
            assert batcher.batches < 36
            assert batcher.retried == 0
            now = [REGISTRY.get_sample_value(name) for name in METRICS]
            assert [n - c for n, c in zip(now, counted, strict=True)] == [
                batcher.batches,
                batcher.appends,
            ]
            async with pool.connection() as conn:
                for s in streams:
                    events = await store.read(conn, s)
                    assert [e.version for e in events] == list(range(1, 7))
                    positions = [e.position for e in events]
                    assert positions == sorted(positions)
                    prev = GENESIS
                    for e in events:
                        assert e.prev_hash == prev
                        assert e.hash == event_hash(prev, s, e.version, e.type, e.data, e.metadata)
                        prev = e.hash
                    assert await store.version(conn, s) == 6
            # Every stream listened to announced, at its newest version; no other.
            assert dict(batcher.announcer._pending) == dict.fromkeys(listened, 6)

    asyncio.run(main())


def test_a_long_queue_goes_out_in_batches_of_at_most_max_batch(database_url: str) -> None:
    async def main() -> None:
        async with _batching(database_url) as (_pool, store, batcher):
            count = MAX_BATCH + 40
            streams = [await _new_stream(store) for _ in range(count)]
            sizes: list[int] = []
            send = batcher._send

            async def counted(batch):  # type: ignore[no-untyped-def]
                sizes.append(len(batch))
                await send(batch)

            batcher._send = counted  # type: ignore[method-assign]
            answers = await asyncio.gather(
                *(batcher.append(s, 0, [_event(1)], prev_hash=GENESIS) for s in streams)
            )
            assert all(a[0].version == 1 for a in answers)
            assert sum(sizes) == count and max(sizes) == MAX_BATCH and batcher.retried == 0

    asyncio.run(main())


def test_a_conflict_in_a_batch_refuses_that_append_only(database_url: str) -> None:
    async def main() -> None:
        async with _batching(database_url) as (pool, store, batcher):
            first, *others = [await _new_stream(store) for _ in range(5)]
            answers = await asyncio.gather(
                batcher.append(first, 0, [_event(1)], prev_hash=GENESIS),
                batcher.append(others[0], 3, [_event(1)], prev_hash=GENESIS),  # stale
                *(batcher.append(s, 0, [_event(1)], prev_hash=GENESIS) for s in others[1:]),
                return_exceptions=True,
            )
            assert batcher.retried == 0
            refused = answers[1]
            assert isinstance(refused, VersionConflict)
            assert (refused.expected, refused.actual) == (3, 0)
            assert all(isinstance(a, list) and a[0].version == 1 for a in answers[2:])
            async with pool.connection() as conn:
                assert await store.version(conn, others[0]) == 0
                assert [await store.version(conn, s) for s in others[1:]] == [1, 1, 1]

    asyncio.run(main())


def test_two_appends_to_one_stream_go_in_turn_and_the_second_loses(database_url: str) -> None:
    async def main() -> None:
        async with _batching(database_url) as (pool, store, batcher):
            busy = [await _new_stream(store) for _ in range(3)]
            target = await _new_stream(store)
            answers = await asyncio.gather(
                *(batcher.append(s, 0, [_event(1)], prev_hash=GENESIS) for s in busy),
                batcher.append(target, 0, [_event(1)], prev_hash=GENESIS),
                batcher.append(target, 0, [_event(2)], prev_hash=GENESIS),
                return_exceptions=True,
            )
            assert batcher.retried == 0
            won, lost = answers[-2], answers[-1]
            assert isinstance(won, list) and won[0].data["n"] == 1
            assert isinstance(lost, VersionConflict) and lost.actual == 1
            async with pool.connection() as conn:
                assert [e.data["n"] for e in await store.read(conn, target)] == [1]

    asyncio.run(main())


def test_a_finishing_append_in_a_batch_sets_its_own_status_result_and_seed(
    database_url: str,
) -> None:
    async def main() -> None:
        async with _batching(database_url) as (pool, store, batcher):
            ending, *going_on = [await _new_stream(store) for _ in range(4)]
            await asyncio.gather(
                batcher.append(
                    ending,
                    0,
                    [_event(1)],
                    prev_hash=GENESIS,
                    status="finished",
                    result={"ranking": [0]},
                    reveal_seed=True,
                ),
                *(
                    batcher.append(s, 0, [_event(1)], prev_hash=GENESIS, status="active")
                    for s in going_on
                ),
            )
            assert batcher.retried == 0
            async with pool.connection() as conn:
                end = await store.get_stream(conn, ending)
                assert (end.status, end.result) == ("finished", {"ranking": [0]})
                assert (await store.seed(conn, ending))[1] is True
                for s in going_on:
                    other = await store.get_stream(conn, s)
                    assert (other.status, other.result) == ("active", None)
                    assert (await store.seed(conn, s))[1] is False

    asyncio.run(main())


def test_an_append_the_database_refuses_fails_alone(database_url: str) -> None:
    """A NUL in a string cannot be stored as jsonb: the batch's statement fails as a whole,
    and each of its appends is sent again alone."""

    async def main() -> None:
        async with _batching(database_url) as (pool, store, batcher):
            streams = [await _new_stream(store) for _ in range(4)]
            answers = await asyncio.gather(
                *(batcher.append(s, 0, [_event(1)], prev_hash=GENESIS) for s in streams[:3]),
                batcher.append(streams[3], 0, [_event(1, note="\x00")], prev_hash=GENESIS),
                return_exceptions=True,
            )
            assert all(isinstance(a, list) for a in answers[:3])
            assert batcher.retried == 1
            assert isinstance(answers[3], Exception)
            assert not isinstance(answers[3], VersionConflict)
            async with pool.connection() as conn:
                assert [await store.version(conn, s) for s in streams] == [1, 1, 1, 0]

    asyncio.run(main())


def test_a_waiter_that_goes_away_does_not_cancel_the_batch(database_url: str) -> None:
    async def main() -> None:
        async with _batching(database_url) as (pool, store, batcher):
            streams = [await _new_stream(store) for _ in range(4)]

            async def command(stream_id: uuid.UUID) -> list:  # a request awaiting its append
                return await batcher.append(stream_id, 0, [_event(1)], prev_hash=GENESIS)

            tasks = [asyncio.create_task(command(s)) for s in streams]
            await asyncio.sleep(0)  # all queued, the first batch on its way
            tasks[2].cancel()
            done = await asyncio.gather(*tasks, return_exceptions=True)
            assert isinstance(done[2], asyncio.CancelledError)
            assert all(isinstance(d, list) for i, d in enumerate(done) if i != 2)
            while batcher._flushing is not None:  # the cancelled waiter's batch still runs
                await asyncio.sleep(0.01)
            async with pool.connection() as conn:
                assert [await store.version(conn, s) for s in streams] == [1, 1, 1, 1]

    asyncio.run(main())


def test_batches_in_two_processes_over_the_same_streams_do_not_deadlock(
    database_url: str,
) -> None:
    """Two batchers (two processes) appending to the same streams in opposite orders while a
    third transaction holds the middle stream's row: both batches stop there holding what
    they locked so far. Rows are locked in id order, so the second batch waits on the first
    row the first batch holds instead of holding the rows behind it: no cycle, no deadlock
    (which PostgreSQL would break by failing a statement). Once the row is free, the first
    batch to lock it appends everywhere and the other loses everywhere."""

    async def main() -> None:
        async with (
            _batching(database_url) as (pool, store, a),
            await psycopg.AsyncConnection.connect(database_url) as blocker,
        ):
            b = AppendBatcher(store)  # a second process's batcher
            streams = sorted([await _new_stream(store) for _ in range(9)])
            await blocker.execute("SELECT 1 FROM streams WHERE id = %s FOR UPDATE", (streams[4],))
            # Each batcher's first append goes alone (to no stream: refused at once); what
            # queues behind it goes as one batch.
            warm = [x.append(uuid.uuid4(), 0, [], prev_hash=GENESIS) for x in (a, b)]
            first = [a.append(s, 0, [_event(1)], prev_hash=GENESIS) for s in streams]
            second = [b.append(s, 0, [_event(2)], prev_hash=GENESIS) for s in reversed(streams)]
            running = asyncio.gather(*warm, *first, *second, return_exceptions=True)
            await asyncio.sleep(0.5)  # both batches wait on the blocked row
            await blocker.commit()
            results = await asyncio.wait_for(running, timeout=20)
            assert a.retried == b.retried == 0  # no statement failed (no deadlock)
            by_a, by_b = results[2:11], results[11:]
            won = [r for r in by_a + by_b if isinstance(r, list)]
            assert len(won) == 9
            winner = 1 if isinstance(by_a[0], list) else 2
            assert all(r[0].data["n"] == winner for r in won)
            assert all(isinstance(r, VersionConflict) for r in (by_b if winner == 1 else by_a))
            async with pool.connection() as conn:
                for s in streams:
                    assert [e.data["n"] for e in await store.read(conn, s)] == [winner]

    asyncio.run(main())


def test_commands_on_hot_games_submitted_at_once_share_one_batch(database_url: str) -> None:
    """The game service's path: a command on a hot game (state and seed cached) reaches the
    batcher without waiting for anything, so commands on eight games submitted together are
    appended by one statement; each answer is its own game's, and the stored streams, the
    answers and the cache agree."""

    async def main() -> None:
        async with _batching(database_url) as (pool, store, batcher):
            games = GameService(store, batcher=batcher)
            seated = []
            async with pool.connection() as conn:
                for n in range(8):
                    body = msgspec.convert(
                        {"game": "azul", "seats": [{"name": "p"}, {"name": "q"}], "seed": f"b{n}"},
                        s.CreateGame,
                    )
                    created = await games.commands.create(conn, body)
                    seated.append(created.id)

            async def next_command(gid) -> tuple[Viewer, s.SubmitCommand]:  # type: ignore[no-untyped-def]
                async with pool.connection() as conn:
                    view = await games.reads.resource(conn, gid, Viewer())
                    seat = Viewer(game_id=gid, seat=view.to_act[0])
                    legal = await games.reads.legal(conn, gid, seat)
                return seat, s.SubmitCommand(
                    command=legal.commands[0], expected_version=legal.version
                )

            async def submit(gid, seat, request):  # type: ignore[no-untyped-def]
                return await games.commands.submit(
                    pool, gid, seat, request, idempotency_key=None, request_id=None
                )

            for gid in seated:  # one command each first: the seed is cached from then on
                await submit(gid, *(await next_command(gid)))
            before = (batcher.batches, batcher.appends)
            requests = [(gid, *(await next_command(gid))) for gid in seated]
            answers = await asyncio.gather(*(submit(*r) for r in requests))
            assert (batcher.batches - before[0], batcher.appends - before[1]) == (1, 8)
            assert batcher.retried == 0
            async with pool.connection() as conn:
                for (gid, _seat, request), answer in zip(requests, answers, strict=True):
                    assert answer.version > request.expected_version
                    stored = await store.read(conn, gid, after=request.expected_version)
                    assert [(e.version, e.hash) for e in stored] == [
                        (e.version, e.hash) for e in answer.events
                    ]
                    assert await store.version(conn, gid) == answer.version
                    assert games.cache.get(gid).version == answer.version

    asyncio.run(main())


def test_a_command_holding_a_connection_appends_by_itself_and_never_waits_for_the_batch(
    database_url: str,
) -> None:
    """A command on a game this process has not cached reads it on a pooled connection first;
    it then appends on that connection instead of queueing for the batcher's, which the pool
    (here of one connection) could not give while the command holds its own."""

    async def main() -> None:
        pool = AsyncConnectionPool(
            database_url, min_size=1, max_size=1, timeout=2, open=False, kwargs={"autocommit": True}
        )
        await pool.open()
        try:
            store = EventStore(pool, Announcer(database_url))
            batcher = AppendBatcher(store)
            creator, cold = GameService(store), GameService(store, batcher=batcher)
            body = msgspec.convert(
                {"game": "azul", "seats": [{"name": "p"}, {"name": "q"}]}, s.CreateGame
            )
            async with pool.connection() as conn:
                created = await creator.commands.create(conn, body)
                view = await creator.reads.resource(conn, created.id, Viewer())
                seat = Viewer(game_id=created.id, seat=view.to_act[0])
                legal = await creator.reads.legal(conn, created.id, seat)
            answer = await asyncio.wait_for(
                cold.commands.submit(
                    pool,
                    created.id,
                    seat,
                    s.SubmitCommand(command=legal.commands[0], expected_version=legal.version),
                    idempotency_key=None,
                    request_id=None,
                ),
                timeout=10,
            )
            assert answer.version > legal.version
            assert batcher.batches == 0  # appended on the command's own connection
        finally:
            await pool.close()

    asyncio.run(main())
