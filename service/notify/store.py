"""The SQL of the notification routes: a player's notifications after an id, webhooks and
their delivery log."""

from __future__ import annotations

import base64
import secrets
import uuid
from typing import Any

import msgspec
from psycopg import AsyncConnection
from psycopg.rows import dict_row

from service.notify import schemas as ns
from service.notify.delivery import message_id, payload
from service.notify.sealing import SecretBox

SECRET_BYTES = 32


def new_secret() -> str:
    return "whsec_" + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


async def notifications_after(
    conn: AsyncConnection, player_id: uuid.UUID, after: int, limit: int
) -> list[tuple[int, str, ns.Notification]]:
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "SELECT id, kind, game_id, version, player_id, tournament_id, data, created_at"
            " FROM notifications WHERE player_id = %s AND id > %s ORDER BY id LIMIT %s",
            (player_id, after, limit),
        )
        rows = await cur.fetchall()
    return [(r["id"], r["kind"], _notification(r)) for r in rows]


def _notification(row: dict[str, Any]) -> ns.Notification:
    return msgspec.convert(payload(row), ns.Notification)


async def count_webhooks(
    conn: AsyncConnection, player_id: uuid.UUID | None, tournament_id: uuid.UUID | None
) -> int:
    row = await (
        await conn.execute(
            "SELECT count(*) FROM webhooks WHERE player_id IS NOT DISTINCT FROM %s"
            " AND tournament_id IS NOT DISTINCT FROM %s",
            (player_id, tournament_id),
        )
    ).fetchone()
    return row[0] if row else 0


async def create_webhook(
    conn: AsyncConnection,
    url: str,
    player_id: uuid.UUID | None,
    tournament_id: uuid.UUID | None,
    secrets: SecretBox,
) -> ns.WebhookOut:
    """Register an endpoint; its secret is answered this once and stored sealed."""
    secret = new_secret()
    hook_id = uuid.uuid4()
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "INSERT INTO webhooks (id, player_id, tournament_id, url, secret)"
            " VALUES (%s, %s, %s, %s, %s)"
            " RETURNING id, url, status, failures, disabled_reason, created_at",
            (hook_id, player_id, tournament_id, url, secrets.seal(secret)),
        )
        row = await cur.fetchone()
    assert row is not None
    return ns.WebhookOut(**row, secret=secret)


async def list_webhooks(
    conn: AsyncConnection, player_id: uuid.UUID | None, tournament_id: uuid.UUID | None
) -> list[ns.WebhookOut]:
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "SELECT id, url, status, failures, disabled_reason, created_at FROM webhooks"
            " WHERE player_id IS NOT DISTINCT FROM %s AND tournament_id IS NOT DISTINCT FROM %s"
            " ORDER BY created_at",
            (player_id, tournament_id),
        )
        return [ns.WebhookOut(**row) for row in await cur.fetchall()]


async def webhook_owner(
    conn: AsyncConnection, hook_id: uuid.UUID
) -> tuple[uuid.UUID | None, uuid.UUID | None] | None:
    row = await (
        await conn.execute(
            "SELECT player_id, tournament_id FROM webhooks WHERE id = %s", (hook_id,)
        )
    ).fetchone()
    return (row[0], row[1]) if row else None


async def deliveries(
    conn: AsyncConnection, hook_id: uuid.UUID, before: int | None, limit: int
) -> ns.DeliveryPage:
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "SELECT d.id, d.notification_id, n.kind, n.game_id, n.version, d.status,"
            " d.next_attempt_at, d.delivered_at, d.created_at,"
            " coalesce((SELECT jsonb_agg(jsonb_build_object('attempt', a.attempt, 'at', a.at,"
            "   'status_code', a.status_code, 'error', a.error, 'duration_ms', a.duration_ms)"
            "   ORDER BY a.attempt) FROM webhook_attempts a WHERE a.delivery_id = d.id),"
            "   '[]'::jsonb) AS attempts"
            " FROM webhook_deliveries d JOIN notifications n ON n.id = d.notification_id"
            " WHERE d.webhook_id = %s AND (%s::bigint IS NULL OR d.id < %s)"
            " ORDER BY d.id DESC LIMIT %s",
            (hook_id, before, before, limit + 1),
        )
        rows = await cur.fetchall()
    items = [
        ns.DeliveryOut(
            id=r["id"],
            webhook_id_header=message_id(r["notification_id"]),
            notification_id=r["notification_id"],
            kind=r["kind"],
            game_id=r["game_id"],
            version=r["version"],
            status=r["status"],
            attempts=msgspec.convert(r["attempts"], list[ns.AttemptOut], strict=False),
            next_attempt_at=r["next_attempt_at"] if r["status"] == "pending" else None,
            delivered_at=r["delivered_at"],
            created_at=r["created_at"],
        )
        for r in rows[:limit]
    ]
    return ns.DeliveryPage(items, items[-1].id if len(rows) > limit else None)


async def delete_webhook(conn: AsyncConnection, hook_id: uuid.UUID) -> bool:
    """Delete an endpoint with its outbox rows and delivery log (``ON DELETE CASCADE``):
    what was pending for it is gone, so no worker can claim it afterwards."""
    cur = await conn.execute("DELETE FROM webhooks WHERE id = %s", (hook_id,))
    return cur.rowcount > 0


async def enable_webhook(conn: AsyncConnection, hook_id: uuid.UUID) -> ns.WebhookOut | None:
    """Make an endpoint active again with a fresh failure count. Its deliveries still
    pending go out when their retry is due (at most ``retry_cap`` away); those that gave up
    while it failed stay ``failed``. Their due time is not moved: one may still be leased
    by an attempt under way, and moving it would send it twice at once."""
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "UPDATE webhooks SET status = 'active', failures = 0, disabled_reason = NULL"
            " WHERE id = %s"
            " RETURNING id, url, status, failures, disabled_reason, created_at",
            (hook_id,),
        )
        row = await cur.fetchone()
    return ns.WebhookOut(**row) if row else None
