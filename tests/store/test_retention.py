"""Issue 35 item 5: the rows that are not a game's record go once older than their setting,
and the recent ones (and those still in use) stay. Events and streams are never touched."""

from __future__ import annotations

import asyncio
import dataclasses
import time
import uuid
from collections.abc import Iterator

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from service.store.retention import PRUNE, Retention, prune
from tests.conftest import ADMIN_KEY, fresh_database

OLD = "now() - interval '40 days'"
NEW = "now() - interval '1 hour'"
# A retention at which everything OLD is due and nothing NEW is.
TEN_DAYS = Retention(
    idempotency_days=10,
    deliveries_days=10,
    notifications_days=10,
    snapshots_days=10,
    lobby_days=10,
    tickets_days=10,
)


@pytest.fixture
def url(pg_server: str) -> Iterator[str]:
    from service.store.database import migrate

    with fresh_database(pg_server) as url:
        migrate(url)
        yield url


def _stream(conn: psycopg.Connection, status: str, updated: str = NEW) -> uuid.UUID:
    stream_id = uuid.uuid4()
    conn.execute(
        "INSERT INTO streams (id, kind, game, rules_version, setup, status, updated_at)"
        f" VALUES (%s, 'game', 'azul', '1', '{{}}', %s, {updated})",
        (stream_id, status),
    )
    return stream_id


def _ids(conn: psycopg.Connection, query: str) -> set:
    return {row[0] for row in conn.execute(query).fetchall()}


def _prune(url: str, retention: Retention) -> dict[str, int] | None:
    async def go() -> dict[str, int] | None:
        async with AsyncConnectionPool(
            url, min_size=1, max_size=2, kwargs={"autocommit": True}, open=False
        ) as pool:
            return await prune(pool, retention)

    return asyncio.run(go())


def test_idempotency_keys_older_than_the_setting_go(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        game = _stream(conn, "active")
        for key, created in (("old", OLD), ("new", NEW)):
            conn.execute(
                "INSERT INTO idempotency (stream_id, seat, key, request_hash, status, response,"
                f" created_at) VALUES (%s, 0, %s, 'h', 200, '{{}}', {created})",
                (game, key),
            )
        assert _prune(url, TEN_DAYS)["idempotency"] == 1
        assert _ids(conn, "SELECT key FROM idempotency") == {"new"}


def _player(conn: psycopg.Connection) -> uuid.UUID:
    player = uuid.uuid4()
    conn.execute(
        "INSERT INTO players (id, name, token_hash) VALUES (%s, 'p', %s)",
        (player, uuid.uuid4().hex),
    )
    return player


def _notification(
    conn: psycopg.Connection, player: uuid.UUID, game: uuid.UUID, created: str
) -> int:
    row = conn.execute(
        "INSERT INTO notifications (key, player_id, kind, game_id, version, data, created_at)"
        f" VALUES (%s, %s, 'your_turn', %s, 1, '{{}}', {created}) RETURNING id",
        (uuid.uuid4().hex, player, game),
    ).fetchone()
    assert row is not None
    return row[0]


def _delivery(
    conn: psycopg.Connection, webhook: uuid.UUID, notification: int, status: str, created: str
) -> int:
    row = conn.execute(
        "INSERT INTO webhook_deliveries (webhook_id, notification_id, status, attempts,"
        f" created_at) VALUES (%s, %s, %s, 1, {created}) RETURNING id",
        (webhook, notification, status),
    ).fetchone()
    assert row is not None
    conn.execute(
        "INSERT INTO webhook_attempts (delivery_id, attempt, status_code, duration_ms)"
        " VALUES (%s, 1, 500, 3)",
        (row[0],),
    )
    return row[0]


def test_finished_deliveries_their_attempts_and_notifications_without_one_go(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        game, player = _stream(conn, "finished"), _player(conn)
        webhook = uuid.uuid4()
        conn.execute(
            "INSERT INTO webhooks (id, player_id, url, secret) VALUES (%s, %s, 'https://x', 's')",
            (webhook, player),
        )
        old_alone = _notification(conn, player, game, OLD)
        old_delivered = _notification(conn, player, game, OLD)
        old_failed = _notification(conn, player, game, OLD)
        old_pending = _notification(conn, player, game, OLD)
        new = _notification(conn, player, game, NEW)
        gone = {
            _delivery(conn, webhook, old_delivered, "delivered", OLD),
            _delivery(conn, webhook, old_failed, "failed", OLD),
        }
        pending = _delivery(conn, webhook, old_pending, "pending", OLD)
        recent = _delivery(conn, webhook, new, "delivered", NEW)

        deleted = _prune(url, TEN_DAYS)
        assert deleted is not None
        assert deleted["webhook_deliveries"] == 2
        assert _ids(conn, "SELECT id FROM webhook_deliveries") == {pending, recent}
        assert _ids(conn, "SELECT delivery_id FROM webhook_attempts") == {pending, recent}
        assert not gone & _ids(conn, "SELECT delivery_id FROM webhook_attempts")
        # Old notifications go once no delivery needs them; the pending one's stays.
        assert deleted["notifications"] == 3
        assert _ids(conn, "SELECT id FROM notifications") == {old_pending, new}
        assert old_alone not in _ids(conn, "SELECT id FROM notifications")


def test_snapshots_of_games_that_ended_long_ago_go(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        ended_long_ago = _stream(conn, "finished", OLD)
        ended_lately = _stream(conn, "finished", NEW)
        playing = _stream(conn, "active", OLD)
        for stream in (ended_long_ago, ended_lately, playing):
            for version in (64, 128):
                conn.execute(
                    "INSERT INTO snapshots (stream_id, version, rules_version, codec, state,"
                    f" created_at) VALUES (%s, %s, '1', 'c', 'x', {OLD})",
                    (stream, version),
                )
        assert _prune(url, TEN_DAYS)["snapshots"] == 2
        left = _ids(conn, "SELECT DISTINCT stream_id FROM snapshots")
        assert left == {ended_lately, playing}


def test_closed_lobby_tables_go_but_rematches_and_open_ones_stay(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        finished = _stream(conn, "finished", OLD)

        def table(status: str, open_: bool, expires: str, rematch_of=None) -> uuid.UUID:
            stream = _stream(conn, status, OLD)
            conn.execute(
                "INSERT INTO lobby_tables (stream_id, seats, open, expires_at, created_by,"
                f" rematch_of) VALUES (%s, 2, %s, {expires}, 'me', %s)",
                (stream, open_, rematch_of),
            )
            return stream

        cancelled = table("cancelled", False, OLD)
        dealt = table("finished", False, OLD)
        rematch = table("active", False, OLD, rematch_of=finished)
        waiting = table("waiting", True, OLD)
        recent = table("finished", False, NEW)
        assert _prune(url, TEN_DAYS)["lobby_tables"] == 2
        left = _ids(conn, "SELECT stream_id FROM lobby_tables")
        assert left == {rematch, waiting, recent}
        # The streams themselves stay: only the lobby's row of them goes.
        assert {cancelled, dealt} <= _ids(conn, "SELECT id FROM streams")


def test_matchmaking_tickets_that_no_longer_wait_go(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        tickets = {}
        for name, status, updated in (
            ("matched", "matched", OLD),
            ("left", "left", OLD),
            ("expired", "expired", OLD),
            ("waiting", "waiting", OLD),
            ("recent", "expired", NEW),
        ):
            tickets[name] = uuid.uuid4()
            conn.execute(
                "INSERT INTO matchmaking_tickets (id, game, players, player_id, rating, status,"
                f" updated_at) VALUES (%s, 'azul', 2, %s, 0, %s, {updated})",
                (tickets[name], uuid.uuid4(), status),
            )
        assert _prune(url, TEN_DAYS)["matchmaking_tickets"] == 3
        assert _ids(conn, "SELECT id FROM matchmaking_tickets") == {
            tickets["waiting"],
            tickets["recent"],
        }


def test_batches_zero_days_and_one_sweeper_at_a_time(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        game = _stream(conn, "active")
        for i in range(7):
            conn.execute(
                "INSERT INTO idempotency (stream_id, seat, key, request_hash, status, response,"
                f" created_at) VALUES (%s, 0, %s, 'h', 200, '{{}}', {OLD})",
                (game, f"k{i}"),
            )
        # 0 days: kept forever, not even looked at.
        forever = dataclasses.replace(TEN_DAYS, idempotency_days=0)
        assert "idempotency" not in _prune(url, forever)
        # Another process sweeping: this one skips.
        with psycopg.connect(url) as other:
            other.execute("SELECT pg_advisory_xact_lock(7340035)")
            assert _prune(url, TEN_DAYS) is None
            assert conn.execute("SELECT count(*) FROM idempotency").fetchone() == (7,)
        # Batches of 3: 3 + 3 + 1, all gone in one sweep.
        assert _prune(url, dataclasses.replace(TEN_DAYS, batch=3))["idempotency"] == 7
        assert conn.execute("SELECT count(*) FROM idempotency").fetchone() == (0,)


def test_events_are_never_pruned() -> None:
    for _, statement in PRUNE.values():
        assert "events" not in statement.split("FROM", 1)[1].split()[0]
        assert "streams" not in statement.split("FROM", 1)[1].split()[0]


@pytest.mark.parametrize("background", [True, False])
def test_the_loop_runs_in_command_workers_only(url: str, background: bool) -> None:
    from litestar.testing import TestClient

    from service.api.app import create_app

    with psycopg.connect(url, autocommit=True) as conn:
        game = _stream(conn, "active")
        conn.execute(
            "INSERT INTO idempotency (stream_id, seat, key, request_hash, status, response,"
            f" created_at) VALUES (%s, 0, 'old', 'h', 200, '{{}}', {OLD})",
            (game,),
        )
        app = create_app(
            url,
            admin_key=ADMIN_KEY,
            retention=dataclasses.replace(TEN_DAYS, interval=0.2),
            background=background,
        )
        with TestClient(app):
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                left = conn.execute("SELECT count(*) FROM idempotency").fetchone()
                if left == (0,):
                    break
                time.sleep(0.1)
        assert left == ((0,) if background else (1,))
