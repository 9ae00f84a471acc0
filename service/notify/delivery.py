"""The webhook delivery worker: posts the outbox (``webhook_deliveries``), signed per
Standard Webhooks (the ``standardwebhooks`` library signs: ``webhook-id``,
``webhook-timestamp``, ``webhook-signature``).

A delivery is claimed with ``FOR UPDATE SKIP LOCKED`` and leased (its next attempt moved past
the attempt's timeout) in a short transaction; the HTTP request runs with no connection held;
the outcome is written afterwards. So any number of processes deliver without sending one
delivery twice at once, a crash mid-attempt only delays it to the lease's end, and the retry
schedule lives in the database (a retry library would keep it in memory, where a restart
loses it). The ``webhook-id`` is the notification's (``ntf_<id>``): the same for every
attempt and every endpoint, so a receiver drops duplicates of an at-least-once delivery.

A failed attempt (no 2xx answer in time, or a target refused by the SSRF check) is retried
after ``retry_base * 2**(attempt-1)`` seconds (capped, with jitter) until ``max_attempts``;
``max_failures`` consecutive failed attempts of an endpoint disable it (its owner can enable
it again, which resets the count). Deleting an endpoint deletes its outbox rows, so nothing
pending for it is claimed again; an attempt already under way finds nothing to record.
Commands never wait for any of this: deliveries are written by the deriver, after the commit.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import random
import time
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec
from standardwebhooks.webhooks import Webhook

from service.notify.settings import NotifySettings
from service.notify.targets import BadTarget, PinnedTransport, check_target
from service.support.tasks import wait_event

log = logging.getLogger("gamestate.webhooks")

MAX_ERROR = 300
USER_AGENT = "gamestate-webhooks/1"

CLAIM = """
WITH due AS (
    SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
    WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND w.status = 'active'
        -- A revoked player's endpoints get nothing more.
        AND NOT EXISTS (
            SELECT 1 FROM players p WHERE p.id = w.player_id AND p.revoked_at IS NOT NULL
        )
    ORDER BY d.next_attempt_at, d.id
    LIMIT %(limit)s
    FOR UPDATE OF d SKIP LOCKED
)
UPDATE webhook_deliveries d
SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => %(lease)s)
FROM due, webhooks w, notifications n
WHERE d.id = due.id AND w.id = d.webhook_id AND n.id = d.notification_id
RETURNING d.id, d.attempts, w.id, w.url, w.secret, n.id, n.kind, n.game_id, n.version,
    n.player_id, n.tournament_id, n.data, n.created_at
"""


@dataclass(frozen=True)
class Claimed:
    delivery_id: int
    attempt: int
    webhook_id: Any
    url: str
    secret: str
    notification_id: int
    body: bytes


def message_id(notification_id: int) -> str:
    return f"ntf_{notification_id}"


def payload(row: dict[str, Any]) -> dict[str, Any]:
    """A notification as JSON: the body of a webhook and the data of a player stream's
    message. ``type`` and ``timestamp`` at the top, as Standard Webhooks recommends."""
    data = row["data"]
    return {
        "type": row["kind"],
        "timestamp": row["created_at"].astimezone(dt.UTC).isoformat().replace("+00:00", "Z"),
        "data": {
            "id": row["id"],
            "kind": row["kind"],
            "game_id": str(row["game_id"]),
            "version": row["version"],
            "game": data.get("game"),
            "seat": data.get("seat"),
            "to_act": data.get("to_act", []),
            "player_id": str(row["player_id"]) if row["player_id"] else None,
            "tournament_id": data.get("tournament_id"),
            "table_id": data.get("table_id"),
        },
    }


def backoff(settings: NotifySettings, attempt: int) -> float:
    delay = min(settings.retry_cap, settings.retry_base * 2 ** max(0, attempt - 1))
    return delay * (0.5 + random.random() / 2)


class Deliveries:
    def __init__(self, pool: Any, settings: NotifySettings) -> None:
        self.pool = pool
        self.settings = settings
        self._wake = asyncio.Event()
        self._client: httpx.AsyncClient | None = None

    def wake(self) -> None:
        self._wake.set()

    async def run(self) -> None:
        limits = httpx.Limits(max_connections=self.settings.concurrency)
        # Loading the CA bundle takes 30-80 ms of CPU (0.3 s on a loaded machine), and this
        # starts while the process already serves: in a thread, not on the event loop.
        verify = await asyncio.to_thread(httpx.create_ssl_context, trust_env=False)
        # Connections only to the addresses checked as they are made (DNS rebinding).
        transport = PinnedTransport(verify, limits, self.settings.allow_local)
        async with httpx.AsyncClient(
            transport=transport,
            timeout=self.settings.timeout,
            follow_redirects=False,
            headers={"User-Agent": USER_AGENT},
            trust_env=False,
        ) as client:
            self._client = client
            backoff_s = 0.1
            while True:
                self._wake.clear()
                try:
                    claimed = await self.round()
                    backoff_s = 0.1
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("webhook delivery round failed; retrying in %.1fs", backoff_s)
                    await asyncio.sleep(backoff_s)
                    backoff_s = min(backoff_s * 2, 10.0)
                    continue
                if claimed >= self.settings.concurrency:
                    continue
                await wait_event(self._wake, self.settings.poll)

    async def round(self) -> int:
        """Claim what is due (up to ``concurrency``), post it, record the outcomes."""
        claimed = await self.claim()
        if claimed:
            await asyncio.gather(*(self.attempt(c) for c in claimed))
        return len(claimed)

    async def claim(self) -> list[Claimed]:
        lease = self.settings.timeout * 2 + 5
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(CLAIM, {"limit": self.settings.concurrency, "lease": lease})
            rows = await cur.fetchall()
        out = []
        for r in rows:
            note = {
                "id": r[5],
                "kind": r[6],
                "game_id": r[7],
                "version": r[8],
                "player_id": r[9],
                "tournament_id": r[10],
                "data": r[11],
                "created_at": r[12],
            }
            out.append(
                Claimed(r[0], r[1], r[2], r[3], r[4], r[5], msgspec.json.encode(payload(note)))
            )
        return out

    async def attempt(self, claimed: Claimed) -> bool:
        started = time.monotonic()
        status: int | None = None
        error: str | None = None
        try:
            await check_target(claimed.url, self.settings.allow_local)
            msg_id = message_id(claimed.notification_id)
            now = dt.datetime.now(dt.UTC)
            body = claimed.body.decode()
            signature = Webhook(claimed.secret).sign(msg_id, now, body)
            assert self._client is not None
            response = await self._client.post(
                claimed.url,
                content=claimed.body,
                headers={
                    "content-type": "application/json",
                    "webhook-id": msg_id,
                    "webhook-timestamp": str(int(now.timestamp())),
                    "webhook-signature": signature,
                },
            )
            status = response.status_code
            if not 200 <= status < 300:
                error = f"answered {status}"
        except BadTarget as exc:
            error = f"{exc.code}: {exc.detail}"
        except httpx.HTTPError as exc:
            error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        elapsed = int((time.monotonic() - started) * 1000)
        ok = error is None
        # Shielded: a stop during the write would leave a sent delivery to be sent again.
        await asyncio.shield(
            self.record(claimed, ok, status, (error or "")[:MAX_ERROR] or None, elapsed)
        )
        return ok

    async def record(
        self, claimed: Claimed, ok: bool, status: int | None, error: str | None, elapsed: int
    ) -> None:
        settings = self.settings
        async with self.pool.connection() as conn, conn.transaction():
            # The row lock orders this write with a deletion of the endpoint (its cascade
            # waits for it); an endpoint deleted while the attempt was under way has no
            # delivery left to record.
            held = await (
                await conn.execute(
                    "SELECT 1 FROM webhook_deliveries WHERE id = %s FOR UPDATE",
                    (claimed.delivery_id,),
                )
            ).fetchone()
            if held is None:
                return
            await conn.execute(
                "INSERT INTO webhook_attempts (delivery_id, attempt, status_code, error,"
                " duration_ms) VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (claimed.delivery_id, claimed.attempt, status, error, elapsed),
            )
            if ok:
                await conn.execute(
                    "UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now()"
                    " WHERE id = %s",
                    (claimed.delivery_id,),
                )
                await conn.execute(
                    "UPDATE webhooks SET failures = 0 WHERE id = %s", (claimed.webhook_id,)
                )
                return
            if claimed.attempt >= settings.max_attempts:
                await conn.execute(
                    "UPDATE webhook_deliveries SET status = 'failed' WHERE id = %s",
                    (claimed.delivery_id,),
                )
            else:
                await conn.execute(
                    "UPDATE webhook_deliveries"
                    " SET next_attempt_at = now() + make_interval(secs => %s) WHERE id = %s",
                    (backoff(settings, claimed.attempt), claimed.delivery_id),
                )
            await conn.execute(
                "UPDATE webhooks SET failures = failures + 1,"
                " status = CASE WHEN failures + 1 >= %s THEN 'disabled' ELSE status END,"
                " disabled_reason = CASE WHEN failures + 1 >= %s"
                " THEN 'consecutive failures' ELSE disabled_reason END"
                " WHERE id = %s",
                (settings.max_failures, settings.max_failures, claimed.webhook_id),
            )
        log.info(
            "webhook %s delivery %s attempt %s failed: %s",
            claimed.webhook_id,
            claimed.delivery_id,
            claimed.attempt,
            error,
        )
