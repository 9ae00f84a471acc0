"""What the deriver costs when the games can produce nothing (issue #32 item 1): it never asks
twice whether a game can notify, it moves its cursor without waiting for the WAL flush when it
derived nothing (a crash may lose only that move: the events are read again and derive the same
nothing), and once caught up a step is one statement."""

from __future__ import annotations

import asyncio
import json
import uuid

import psycopg

from service.notify.deriver import Deriver
from service.store.database import migrate
from tests.conftest import fresh_database


def _anonymous_events(url: str, games: int, events: int) -> list[uuid.UUID]:
    ids = [uuid.uuid4() for _ in range(games)]
    with psycopg.connect(url, autocommit=True) as conn:
        for game in ids:
            conn.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                " VALUES (%s, 'game', 'azul', '1', '{\"players\": 2}', 'active')",
                (game,),
            )
            conn.execute(
                "INSERT INTO seats (stream_id, seat, name, token_hash) VALUES (%s, 0, 'a', %s)",
                (game, uuid.uuid4().hex),
            )
            for version in range(1, events + 1):
                conn.execute(
                    "INSERT INTO events (stream_id, version, type, data, metadata, prev_hash,"
                    " hash, notable) VALUES (%s, %s, 'azul.tiles_taken', '{}', %s, '', '', true)",
                    (game, version, json.dumps({"seat": 0, "command_id": str(uuid.uuid4())})),
                )
    return ids


def _cursor(url: str) -> tuple[int, int, str]:
    """The stored cursor and the row version that wrote it (xmin changes with every UPDATE)."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT tx::text::bigint, position, xmin::text FROM notify_cursor"
            " WHERE name = 'notifications'"
        ).fetchone()
    assert row is not None
    return row[0], row[1], row[2]


def _order(cursor: tuple[str, int]) -> tuple[int, int]:
    return int(cursor[0]), cursor[1]


def _last_event(url: str) -> tuple[int, int]:
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT tx::text::bigint, position FROM events ORDER BY tx DESC, position DESC LIMIT 1"
        ).fetchone()
    assert row is not None
    return row[0], row[1]


class Counted:
    """The deriver's statements, counted (a pool whose connections note what they run)."""

    def __init__(self, pool) -> None:
        self.pool = pool
        self.statements: list[str] = []

    def connection(self):
        import contextlib

        outer = self

        @contextlib.asynccontextmanager
        async def borrowed():
            async with outer.pool.connection() as conn:
                execute = conn.execute

                async def counting(query, *args, **kwargs):
                    outer.statements.append(" ".join(str(query).split())[:40])
                    return await execute(query, *args, **kwargs)

                conn.execute = counting  # type: ignore[method-assign]
                try:
                    yield conn
                finally:
                    conn.execute = execute  # type: ignore[method-assign]

        return borrowed()


async def _scenario(url: str) -> dict:
    from psycopg_pool import AsyncConnectionPool

    from service.games.service import GameService
    from service.store.events import EventStore

    out: dict = {}
    pool = AsyncConnectionPool(url, min_size=1, max_size=2, open=False, kwargs={"autocommit": True})
    await pool.open()
    try:
        counted = Counted(pool)
        deriver = Deriver(counted, GameService(EventStore(pool)))  # type: ignore[arg-type]

        async def read_to(last: tuple[int, int]) -> None:
            # Readable once every transaction older than their commits ended, anywhere on the
            # server (another test's open transaction holds them back a while).
            deadline = asyncio.get_running_loop().time() + 30
            while deriver._read is None or _order(deriver._read) < last:
                await deriver.step()
                assert asyncio.get_running_loop().time() < deadline, "never readable"
                await asyncio.sleep(0.02)

        # A first game read: the cursor stored (the deriver's first store).
        await asyncio.to_thread(_anonymous_events, url, 1, 1)
        await read_to(await asyncio.to_thread(_last_event, url))
        out["first"] = _cursor(url)
        games = await asyncio.to_thread(_anonymous_events, url, 3, 4)
        out["last"] = await asyncio.to_thread(_last_event, url)
        counted.statements.clear()
        await read_to(out["last"])
        out["read"] = counted.statements[:]
        out["quiet"] = all(game in deriver.quiet for game in games)
        out["after_read"] = _cursor(url)
        # A crash now: a new deriver starts from the stored cursor, reads the same events
        # again and derives the same nothing.
        again = Deriver(pool, GameService(EventStore(pool)))
        with psycopg.connect(url, autocommit=True) as conn:
            (before,) = conn.execute("SELECT count(*) FROM notifications").fetchone()
        while await again.step():
            pass
        with psycopg.connect(url, autocommit=True) as conn:
            (after,) = conn.execute("SELECT count(*) FROM notifications").fetchone()
        out["notifications"] = (before, after)
        # Nothing new: the first deriver's next steps are one statement each, and the first
        # of them stores where it read (the cursor never moves back).
        counted.statements.clear()
        await deriver.step()
        out["caught_up"] = counted.statements[:]
        counted.statements.clear()
        await deriver.step()
        out["idle"] = counted.statements[:]
        out["stored"] = _cursor(url)
    finally:
        await pool.close()
    return out


def test_an_idle_deriver_asks_little_and_loses_nothing(pg_server: str) -> None:
    # A database of its own: the shared one's service runs a deriver too, which may move the
    # common cursor past these events first (more likely since it reads notable events only).
    with fresh_database(pg_server) as url:
        migrate(url)
        out = asyncio.run(_scenario(url))
    # The steps that read the anonymous games asked once which of them can notify, found
    # none, and moved the cursor without waiting for the flush.
    assert sum(s.startswith("SELECT id, kind") for s in out["read"]) == 1, out["read"]
    assert "SET LOCAL synchronous_commit = off" in out["read"], out["read"]
    assert out["quiet"]
    assert out["after_read"][:2] == out["last"]
    assert out["notifications"][0] == out["notifications"][1]
    # Caught up: the step that finds nothing is a short transaction; after it, a step is one
    # statement (is there anything after where it read?).
    assert not any(s.startswith("UPDATE") for s in out["caught_up"]), out["caught_up"]
    assert len(out["idle"]) == 1 and out["idle"][0].startswith("SELECT 1 FROM events"), out["idle"]
