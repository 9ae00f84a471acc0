"""The record and audit of a long finished game (over ``AUDIT_IN_MEMORY`` events, so read a
page at a time, and audited with its record handed to the worker thread) are those of the
record built whole in memory: every check runs (the seed is revealed), the same report, the
same bytes."""

from __future__ import annotations

import asyncio

import msgspec
from psycopg_pool import AsyncConnectionPool

from bench.long_games import build_long_game
from service.games import records
from service.games.audit import audit
from service.games.service import GameService
from service.store.events import EventStore


async def _long_finished(url: str) -> dict:
    pool = AsyncConnectionPool(url, min_size=1, max_size=4, open=False, kwargs={"autocommit": True})
    await pool.open()
    try:
        store = EventStore(pool)
        # A game command every 21 events: Azul ends after about 4,000.
        gid, _ = await build_long_game(
            GameService(store), pool, "azul", 2, 100_000, seed="long-audit", pad=10
        )
        async with pool.connection() as conn:
            whole, status = await records.load_record(store, conn, gid, with_secret=False)
            paged = await records.audit_stored(store, conn, gid)
            streamed = b"".join(
                [
                    chunk
                    async for chunk in records.stream_record(store, conn, gid, with_secret=False)
                ]
            )
        return {
            "status": status,
            "version": whole.version,
            "paged": msgspec.to_builtins(paged),
            "in_memory": msgspec.to_builtins(audit(whole, status=status)),
            "streamed": streamed,
            "encoded": msgspec.json.encode(whole),
        }
    finally:
        await pool.close()


def test_a_long_games_paged_audit_and_streamed_record_equal_those_built_in_memory(
    database_url: str,
) -> None:
    found = asyncio.run(_long_finished(database_url))
    assert found["status"] == "finished"
    assert found["version"] > records.AUDIT_IN_MEMORY  # the paged audit
    assert found["version"] > 20 * records.RECORD_PAGE  # many pages
    report = found["paged"]
    assert report["ok"] is True
    assert [c["status"] for c in report["checks"]] == ["passed"] * len(report["checks"])
    assert {c["name"] for c in report["checks"]} >= {"hash_chain", "commands", "replay", "result"}
    assert report == found["in_memory"]
    assert found["streamed"] == found["encoded"]
