"""Retention (docs/operations.md, "Retention"): the rows that would otherwise grow without
bound and are not the record of a game are deleted once old enough, in small batches, by a
loop that wakes rarely (hourly by default) in the command workers.

Never deleted: streams and events (the event store is append-only; its triggers refuse
UPDATE and DELETE), seats, secrets, tournament and rating rows (they grow by the game, like
the events, and are part of what a game is). Deleted when older than their setting (0: kept
forever):

- idempotency keys (a retry comes within minutes; a key older than this is answered as a
  new command: stale versions make it a 409 rather than a second move);
- webhook deliveries that are over (delivered or failed) and their attempts (the delivery
  log);
- notifications with no delivery left (a player's stream resumed from an older id misses
  them);
- snapshots of games that ended (derived data: a read folds from the events instead);
- lobby tables that are closed (dealt or cancelled), but for rematches, which keep "one
  rematch per game";
- matchmaking tickets that no longer wait.

Each batch is one short transaction; a sweep that finds nothing reads only BRIN indexes
(migration 0013). Processes sweep in turn: one at a time, by a transaction-level advisory
lock, the others skip."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
from typing import Any

from service.support.config import Settings
from service.support.tasks import stop

log = logging.getLogger("gamestate.retention")

LOCK = 7_340_035
"""The advisory lock one sweeping process holds per batch (any fixed number)."""


@dataclasses.dataclass(frozen=True)
class Retention:
    """Days each kind of row is kept (0: forever), the rows per delete, the seconds between
    sweeps."""

    idempotency_days: float = 7
    deliveries_days: float = 30
    notifications_days: float = 90
    snapshots_days: float = 7
    lobby_days: float = 30
    tickets_days: float = 30
    batch: int = 1000
    interval: float = 3600

    @classmethod
    def of(cls, settings: Settings) -> Retention:
        return cls(
            idempotency_days=settings.retain_idempotency_days,
            deliveries_days=settings.retain_deliveries_days,
            notifications_days=settings.retain_notifications_days,
            snapshots_days=settings.retain_snapshots_days,
            lobby_days=settings.retain_lobby_days,
            tickets_days=settings.retain_tickets_days,
            batch=settings.retention_batch,
            interval=settings.retention_interval,
        )


# Each statement deletes at most %(batch)s rows older than %(days)s days and returns them.
PRUNE: dict[str, tuple[str, str]] = {
    "idempotency": (
        "idempotency_days",
        """DELETE FROM idempotency WHERE ctid = ANY(ARRAY(
            SELECT ctid FROM idempotency
            WHERE created_at < now() - %(days)s * interval '1 day' LIMIT %(batch)s))""",
    ),
    "webhook_deliveries": (
        "deliveries_days",
        """DELETE FROM webhook_deliveries WHERE id = ANY(ARRAY(
            SELECT id FROM webhook_deliveries
            WHERE created_at < now() - %(days)s * interval '1 day'
              AND status IN ('delivered', 'failed') LIMIT %(batch)s))""",
    ),
    "notifications": (
        "notifications_days",
        """DELETE FROM notifications WHERE id = ANY(ARRAY(
            SELECT n.id FROM notifications n
            WHERE n.created_at < now() - %(days)s * interval '1 day'
              AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.notification_id = n.id)
            LIMIT %(batch)s))""",
    ),
    "snapshots": (
        "snapshots_days",
        """DELETE FROM snapshots WHERE ctid = ANY(ARRAY(
            SELECT sn.ctid FROM snapshots sn JOIN streams s ON s.id = sn.stream_id
            WHERE sn.created_at < now() - %(days)s * interval '1 day'
              AND s.status IN ('finished', 'cancelled')
              AND s.updated_at < now() - %(days)s * interval '1 day'
            LIMIT %(batch)s))""",
    ),
    "lobby_tables": (
        "lobby_days",
        """DELETE FROM lobby_tables WHERE stream_id = ANY(ARRAY(
            SELECT l.stream_id FROM lobby_tables l JOIN streams s ON s.id = l.stream_id
            WHERE l.expires_at < now() - %(days)s * interval '1 day'
              AND NOT l.open AND l.rematch_of IS NULL AND s.status <> 'waiting'
            LIMIT %(batch)s))""",
    ),
    "matchmaking_tickets": (
        "tickets_days",
        """DELETE FROM matchmaking_tickets WHERE id = ANY(ARRAY(
            SELECT id FROM matchmaking_tickets
            WHERE updated_at < now() - %(days)s * interval '1 day' AND status <> 'waiting'
            LIMIT %(batch)s))""",
    ),
}


async def prune(pool: Any, retention: Retention) -> dict[str, int] | None:
    """One sweep: every kind, batch after batch until a batch comes back short. Returns the
    rows deleted per kind, or None when another process holds the sweep."""
    deleted: dict[str, int] = {}
    for kind, (setting, statement) in PRUNE.items():
        days = getattr(retention, setting)
        if days <= 0:
            continue
        deleted[kind] = 0
        while True:
            async with pool.connection() as conn, conn.transaction():
                cur = await conn.execute("SELECT pg_try_advisory_xact_lock(%s)", (LOCK,))
                row = await cur.fetchone()
                if not (row and row[0]):
                    return None
                cur = await conn.execute(statement, {"days": days, "batch": retention.batch})
                count = cur.rowcount
            deleted[kind] += count
            if count < retention.batch:
                break
            await asyncio.sleep(0)  # let requests through between batches
    return deleted


async def run(pool: Any, retention: Retention) -> None:
    """Sweep every ``interval`` seconds, the first after a random part of it (processes
    started together do not sweep together). A failed sweep is logged and tried again at the
    next one."""
    await asyncio.sleep(random.uniform(0, retention.interval))
    while True:
        try:
            deleted = await prune(pool, retention)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("retention sweep failed")
        else:
            if deleted and any(deleted.values()):
                log.info("retention sweep deleted %s", deleted)
        await asyncio.sleep(retention.interval)


def start(pool: Any, retention: Retention) -> asyncio.Task:
    return asyncio.create_task(run(pool, retention), name="retention")


__all__ = ["PRUNE", "Retention", "prune", "run", "start", "stop"]
