"""Hostile webhook receivers (issue 31, items 1 and 2): an answer too big to hold is never
read past a few KiB, and a receiver that trickles its answer is cut at the attempt's total
deadline without delaying anybody else's delivery."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from service.notify.delivery import Deliveries
from service.notify.settings import NotifySettings
from tests.notify.receiver import RawReceiver, Receiver
from tests.notify.test_delivery import _run_worker, _statuses, _tournament_with_notifications


@pytest.fixture(scope="module")
def database_url(pg_server: str) -> Iterator[str]:
    """A database of this module's own (see test_delivery.py)."""
    from service.store.database import migrate
    from tests.conftest import fresh_database

    with fresh_database(pg_server) as url:
        migrate(url)
        yield url


def _attempts(url: str, notification_id: int) -> list[tuple[int | None, str | None, int]]:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT a.status_code, a.error, a.duration_ms FROM webhook_attempts a"
            " JOIN webhook_deliveries d ON d.id = a.delivery_id"
            " WHERE d.notification_id = %s ORDER BY a.attempt",
            (notification_id,),
        ).fetchall()


FLOOD = 64 * 1024 * 1024


def test_a_huge_answer_is_not_read(database_url: str) -> None:
    """The receiver answers 200 with a 64 MiB body (sent lazily, never allocated): the
    worker reads at most its cap, closes the connection, and records the 2xx as delivered.
    Before, the whole body was read into memory (512 MiB: 2.2 GB of RSS)."""
    settings = NotifySettings(
        allow_local=True, retry_base=0.05, retry_cap=0.2, timeout=10.0, max_attempts=3, poll=0.05
    )
    flood = RawReceiver("flood", size=FLOOD)
    try:
        _, ids = _tournament_with_notifications(database_url, 1, flood.url)
        started = time.monotonic()
        asyncio.run(
            _run_worker(
                database_url,
                settings,
                lambda: (
                    _statuses(database_url, ids)[0][1] >= 1
                    and _attempts(database_url, ids[0]) != []
                ),
            )
        )
        elapsed = time.monotonic() - started
        deadline = time.monotonic() + 5
        while not flood.sent:
            assert time.monotonic() < deadline, "the receiver's connection was never closed"
            time.sleep(0.02)
    finally:
        flood.stop()
    assert _statuses(database_url, ids) == [("delivered", 1)]
    assert _attempts(database_url, ids[0])[0][:2] == (200, None)
    # What the receiver could push: the cap, what one read takes off the socket (64 KiB) and
    # the two sockets' buffers; nowhere near the 64 MiB it offered.
    assert flood.sent[0] < 4 * 1024 * 1024, flood.sent
    assert elapsed < 5


def test_a_trickling_receiver_delays_nobody(database_url: str) -> None:
    """One receiver sends a header byte every 0.3 s, for several deliveries at once; another
    is healthy. The healthy one's delivery, made while the trickler's attempts are under way,
    arrives at once; each trickling attempt ends at the total deadline (2 s) as a failed
    attempt, retried later. Before, the timeout was per read (never reached) and a round
    waited for all its attempts: the healthy delivery waited for the trickler."""
    deadline_s = 4.0  # the healthy delivery must come well before it, on a shared CI box
    settings = NotifySettings(
        allow_local=True,
        retry_base=0.05,
        retry_cap=0.2,
        timeout=deadline_s,
        max_attempts=50,
        poll=0.05,
        concurrency=4,
        per_endpoint=2,
    )
    trickler = RawReceiver("trickle", every=0.3, seconds=20)
    healthy = Receiver().start()
    try:
        _, slow_ids = _tournament_with_notifications(database_url, 6, trickler.url)

        async def scenario() -> tuple[float, list[int], list]:
            pool = AsyncConnectionPool(
                database_url, min_size=1, max_size=4, open=False, kwargs={"autocommit": True}
            )
            await pool.open()
            worker = Deliveries(pool, settings)
            task = asyncio.create_task(worker.run())
            try:
                limit = time.monotonic() + 10
                while trickler.connections < 1:
                    assert time.monotonic() < limit, "the trickler was never called"
                    await asyncio.sleep(0.02)
                await asyncio.sleep(0.2)  # its attempts are under way
                _, fast_ids = await asyncio.to_thread(
                    _tournament_with_notifications, database_url, 1, healthy.url
                )
                made = time.monotonic()
                worker.wake()
                while not healthy.received:
                    assert time.monotonic() < made + 5, "the healthy receiver waited"
                    await asyncio.sleep(0.01)
                waited = time.monotonic() - made
                # The trickling attempts were still under way: nothing waited for them.
                trickled = await asyncio.to_thread(_attempts, database_url, slow_ids[0])
                # Let the trickling attempts reach their deadline and be retried.
                while (
                    min(
                        a for _, a in await asyncio.to_thread(_statuses, database_url, slow_ids[:2])
                    )
                    < 2
                ):
                    assert time.monotonic() < limit + 10, "the trickler was not retried"
                    await asyncio.sleep(0.05)
                return waited, fast_ids, trickled
            finally:
                task.cancel()
                with pytest.raises(asyncio.CancelledError):
                    await task
                await pool.close()

        waited, fast_ids, trickled = asyncio.run(scenario())
    finally:
        trickler.stop()
        healthy.stop()
    assert waited < deadline_s / 2, f"the healthy delivery arrived {waited:.2f}s after it was made"
    assert trickled == [], "the healthy delivery came only after a trickling attempt ended"
    assert _statuses(database_url, fast_ids) == [("delivered", 1)]
    tried = [a for i in slow_ids for a in _attempts(database_url, i)]
    assert tried, "no trickling attempt was recorded"
    for status, error, duration_ms in tried:
        assert status is None and error.startswith("timeout"), (status, error)
        assert deadline_s * 1000 * 0.9 <= duration_ms < deadline_s * 1000 + 1500, duration_ms
    assert all(s == "pending" for s, _ in _statuses(database_url, slow_ids))


@pytest.mark.parametrize(
    ("name", "value"),
    [("GAMESTATE_WEBHOOK_CONCURRENCY", "0"), ("GAMESTATE_WEBHOOK_PER_ENDPOINT", "0")],
)
def test_serve_refuses_webhook_workers_with_no_slot(tmp_path, name: str, value: str) -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    run = subprocess.run(
        [sys.executable, "-m", "service.ops.cli", "serve"],
        cwd=root,
        env={
            **environment,
            "PYTHONPATH": str(root),
            name: value,
            "GAMESTATE_DATA_DIR": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, run.stderr
    assert f"{name} must be at least 1" in run.stderr
    assert not (tmp_path / "pg").exists()
