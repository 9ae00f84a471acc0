"""Several processes, each with its own state cache, one database: a process whose cache is
behind another's writes answers exactly as if it had no cache. Its reads show the stored
version; a command it first decides on its stale state is accepted when the stored state
accepts it, and refused only with the stored state's reason. Two GameService instances stand
for two processes; b writes behind a's back each time."""

from __future__ import annotations

import asyncio

import msgspec
from psycopg_pool import AsyncConnectionPool

from service import schemas as s
from service.errors import ApiError
from service.games import GameService, Viewer
from service.store import EventStore


async def _scenario(url: str) -> dict:
    pool = AsyncConnectionPool(url, min_size=1, max_size=4, open=False, kwargs={"autocommit": True})
    await pool.open()
    try:
        a, b = GameService(EventStore(pool)), GameService(EventStore(pool))
        body = msgspec.convert(
            {"game": "azul", "seats": [{"name": "p"}, {"name": "q"}], "seed": "stale-cache"},
            s.CreateGame,
        )
        async with pool.connection() as conn:
            created = await a.create(conn, body)
        gid = created.id
        seat = [Viewer(game_id=gid, seat=0), Viewer(game_id=gid, seat=1)]

        async def legal(service: GameService, n: int) -> s.LegalCommands:
            async with pool.connection() as conn:
                return await service.legal(conn, gid, seat[n])

        async def submit(service: GameService, n: int, command, expected=None):  # type: ignore[no-untyped-def]
            request = s.SubmitCommand(command=command, expected_version=expected)
            return await service.submit(
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
    finally:
        await pool.close()


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
