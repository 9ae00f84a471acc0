"""Several processes, each with its own state cache, one database: a process whose cache is
behind another's writes answers exactly as if it had no cache. Its reads show the stored
version; a command it first decides on its stale state is accepted when the stored state
accepts it, and refused only with the stored state's reason. Two GameService instances stand
for two processes; b writes behind a's back each time."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import msgspec
from msgspec.structs import replace
from psycopg_pool import AsyncConnectionPool

from service.games import schemas as s
from service.games.model import Viewer
from service.games.service import GameService
from service.store.events import EventStore
from service.support.errors import ApiError


@contextlib.asynccontextmanager
async def _two_processes(
    url: str, seed: str
) -> AsyncIterator[tuple[AsyncConnectionPool, GameService, GameService, s.GameCreated]]:
    """Two game services (two processes) on one pool, and a 2-seat Azul game a created."""
    pool = AsyncConnectionPool(url, min_size=1, max_size=4, open=False, kwargs={"autocommit": True})
    await pool.open()
    try:
        a, b = GameService(EventStore(pool)), GameService(EventStore(pool))
        body = msgspec.convert(
            {"game": "azul", "seats": [{"name": "p"}, {"name": "q"}], "seed": seed}, s.CreateGame
        )
        async with pool.connection() as conn:
            created = await a.commands.create(conn, body)
        yield pool, a, b, created
    finally:
        await pool.close()


async def _scenario(url: str) -> dict:
    async with _two_processes(url, "stale-cache") as (pool, a, b, created):
        gid = created.id
        seat = [Viewer(game_id=gid, seat=0), Viewer(game_id=gid, seat=1)]

        async def legal(service: GameService, n: int) -> s.LegalCommands:
            async with pool.connection() as conn:
                return await service.reads.legal(conn, gid, seat[n])

        async def submit(service: GameService, n: int, command, expected=None):  # type: ignore[no-untyped-def]
            request = s.SubmitCommand(command=command, expected_version=expected)
            return await service.commands.submit(
                pool, gid, seat[n], request, idempotency_key=None, request_id=None
            )

        found: dict = {"created": created.version}
        assert (await legal(a, 0)).commands  # a has the game hot, seat 0 to act

        # 1. b plays seat 0; a's read shows the stored game, not its cache.
        found["b1"] = (await submit(b, 0, (await legal(b, 0)).commands[0])).version
        read = await legal(a, 1)
        found["a_read"] = (read.version, bool(read.commands), read.to_act)

        # 2. b plays seat 1, so a's cache (refreshed by its read) is behind again; a is sent
        #    seat 0's next command with the stored version as expected_version: accepted.
        found["b2"] = (await submit(b, 1, (await legal(b, 1)).commands[0])).version
        move = (await legal(b, 0)).commands[0]
        found["a_expected"] = (await submit(a, 0, move, expected=found["b2"])).version

        # 3. b plays seat 1 again; a's cached state says seat 1 is to act, the stored one
        #    says seat 0: a command only the stored state allows is accepted.
        found["b3"] = (await submit(b, 1, (await legal(b, 1)).commands[0])).version
        move = (await legal(b, 0)).commands[0]
        found["a_stale_turn"] = (await submit(a, 0, move)).version

        # 4. and one the stored state refuses is refused with its reason (seat 0 just moved).
        try:
            await submit(a, 0, move)
        except ApiError as refusal:
            found["refusal"] = (refusal.status, refusal.code)

        async with pool.connection() as conn:
            found["stored"] = await a.store.version(conn, gid)
            found["versions"] = [e.version for e in await a.store.read(conn, gid)]
        return found


def test_a_process_whose_cache_is_behind_answers_as_the_stored_game_does(
    database_url: str,
) -> None:
    found = asyncio.run(_scenario(database_url))
    created = found["created"]
    assert found["b1"] > created
    assert found["a_read"] == (found["b1"], True, [1])
    assert found["b2"] > found["b1"]
    assert found["a_expected"] > found["b2"]
    assert found["b3"] > found["a_expected"]
    assert found["a_stale_turn"] > found["b3"]
    assert found["refusal"] == (422, "not_your_turn")
    assert found["stored"] == found["a_stale_turn"]
    assert found["versions"] == list(range(1, found["stored"] + 1))


async def _known_version_scenario(url: str) -> dict:
    async with _two_processes(url, "known-version") as (pool, a, b, created):
        gid = created.id
        seat = [Viewer(game_id=gid, seat=0), Viewer(game_id=gid, seat=1)]
        found: dict = {"created": created.version}
        found["a_cold"] = b.reads.legal_from_cache(gid, seat[0], 0)  # b never saw the game
        async with pool.connection() as conn:
            await a.reads.resource(conn, gid, Viewer())  # a has read the view (and seat names)
            move = (await b.reads.legal(conn, gid, seat[0])).commands[0]
        accepted = await b.commands.submit(
            pool,
            gid,
            seat[0],
            s.SubmitCommand(command=move),
            idempotency_key=None,
            request_id=None,
        )
        found["b_version"] = accepted.version
        stale_view = a.reads.resource_from_cache(gid, Viewer(), created.version)
        found["a_stale_view"] = stale_view.version if stale_view else None
        # a holds the game at its creation version; b has moved it on behind a's back.
        at_known = a.reads.legal_from_cache(gid, seat[0], created.version)
        found["a_known"] = (at_known.version, bool(at_known.commands)) if at_known else None
        found["a_newer"] = a.reads.legal_from_cache(gid, seat[1], accepted.version)
        async with pool.connection() as conn:
            fresh = await a.reads.legal(conn, gid, seat[1])
        found["a_fresh"] = (fresh.version, bool(fresh.commands))
        caught_up = a.reads.legal_from_cache(gid, seat[1], accepted.version)
        found["a_caught_up"] = caught_up.version if caught_up else None
        # The view likewise; b's cache has the game but not its seat names (never read).
        view = a.reads.resource_from_cache(gid, Viewer(), accepted.version)
        found["a_view"] = (view.version, view.viewer) if view else None
        found["b_view_without_seats"] = b.reads.resource_from_cache(gid, Viewer(), 1)
        # A finished game's view shows its seed, which only the database has.
        loaded = a.cache.get(gid)
        a.cache.put(gid, replace(loaded, stream=replace(loaded.stream, status="finished")))
        found["a_finished_view"] = a.reads.resource_from_cache(gid, Viewer(), 1)
        try:
            a.reads.legal_from_cache(gid, Viewer(), 0)
        except ApiError as refusal:
            found["spectator"] = (refusal.status, refusal.code)
        return found


def test_a_read_at_a_known_version_is_served_from_the_cache_and_may_lag(
    database_url: str,
) -> None:
    """``legal_from_cache`` and ``resource_from_cache`` (GET legal-commands and GET game with
    ``?min_version=N``): a process holding the game at
    N or later answers from its cache, even when another process has since moved the game
    on (the answer says its version); below N, or with nothing cached, it declines and the
    caller reads the stored game, which then refreshes the cache."""
    found = asyncio.run(_known_version_scenario(database_url))
    assert found["a_cold"] is None
    assert found["b_version"] > found["created"]
    assert found["a_known"] == (found["created"], True)  # a's cached, now stale, state
    assert found["a_newer"] is None
    assert found["a_fresh"] == (found["b_version"], True)
    assert found["a_caught_up"] == found["b_version"]
    assert found["spectator"] == (401, "seat_token_required")
    assert found["a_stale_view"] == found["created"]
    assert found["a_view"] == (found["b_version"], None)
    assert found["b_view_without_seats"] is None
    assert found["a_finished_view"] is None


def test_a_game_created_in_a_transaction_that_rolls_back_is_not_cached(database_url: str) -> None:
    """A game created inside a caller's transaction (a tournament table's) is cached only by
    a later read: until the commit it may still vanish, and a read at its version must not
    find it in the cache. One created on its own is hot at once: state, seed and seats."""

    class Abandon(Exception):
        pass

    async def main() -> tuple:
        pool = AsyncConnectionPool(
            database_url, min_size=1, max_size=2, open=False, kwargs={"autocommit": True}
        )
        await pool.open()
        try:
            service = GameService(EventStore(pool))
            body = msgspec.convert(
                {"game": "azul", "seats": [{"name": "p"}, {"name": "q"}]}, s.CreateGame
            )
            created = None
            try:
                async with pool.connection() as conn, conn.transaction():
                    created = await service.commands.create(conn, body)
                    raise Abandon
            except Abandon:
                pass
            assert created is not None
            rolled_back = (
                service.cache.get(created.id),
                service.reads.resource_from_cache(created.id, Viewer(), 1),
            )
            async with pool.connection() as conn:
                alone = await service.commands.create(conn, body)
            view = service.reads.resource_from_cache(alone.id, Viewer(), alone.version)
            return rolled_back, view, alone
        finally:
            await pool.close()

    rolled_back, view, alone = asyncio.run(main())
    assert rolled_back == (None, None)
    assert view is not None and view.version == alone.version
    assert [seat.name for seat in view.seats] == ["p", "q"]
