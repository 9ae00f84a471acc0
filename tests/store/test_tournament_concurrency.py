"""Results of one tournament's games arriving at the same moment are all recorded: the
optimistic append retries on the state the other writer left."""

from __future__ import annotations

import asyncio
import uuid

from psycopg_pool import AsyncConnectionPool

from domain._kernel import Result, Standing
from domain.tournament import commands as tc
from service.games.service import GameService
from service.store.chain import VersionConflict
from service.store.events import EventStore
from service.tournaments import schemas as ts
from service.tournaments.service import TournamentService


class CountingStore(EventStore):
    """Counts lost races, to show the retry path was taken."""

    conflicts = 0

    async def append(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            return await super().append(*args, **kwargs)
        except VersionConflict:
            CountingStore.conflicts += 1
            raise


async def _scenario(url: str) -> tuple[list[bool], object]:
    pool = AsyncConnectionPool(
        url, min_size=1, max_size=12, open=False, kwargs={"autocommit": True}
    )
    await pool.open()
    try:
        service = TournamentService(pool, GameService(CountingStore(pool)))
        body = ts.CREATE_TOURNAMENT_BODIES["azul"](name="Race", format="round_robin")
        tid = await service.create(body)
        for i in range(8):
            await service.register(tid, ts.PlayerSignUp(name=f"racer{i}"))
        await service.execute(tid, tc.StartTournament())
        async with pool.connection() as conn:
            state = (await service.load(conn, tid)).state
        tables = state.rounds[0].tables
        win = Result(
            ranking=(Standing(seat=0, score=3, place=1), Standing(seat=1, score=1, place=2))
        )
        recorded = await asyncio.gather(
            *(
                service.tables.record_game_result(tid, t.table_id, uuid.UUID(t.game_id), win)
                for t in tables
            )
        )
        async with pool.connection() as conn:
            return list(recorded), (await service.load(conn, tid)).state
    finally:
        await pool.close()


def test_concurrent_finishes_lose_no_result(database_url: str) -> None:
    recorded, state = asyncio.run(_scenario(database_url))
    assert recorded == [True, True, True, True]
    first = state.rounds[0]
    assert first.completed and all(t.source == "game" for t in first.tables)
    assert len(state.rounds) == 2
    assert CountingStore.conflicts > 0
