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

Receivers are strangers' servers. Every attempt is a task of its own (at most ``concurrency``
per process, ``per_endpoint`` to one endpoint), so a slow receiver holds only its own slots;
it has a total deadline (``timeout``: the check, connecting, sending, the answer's head), not
httpx's per-read one; and of the answer only the status counts: at most ``max_answer_bytes``
of the body are read, raw, then the connection is closed with the rest unread.

A failed attempt (no 2xx answer in time, or a target refused by the SSRF check) is retried
after ``retry_base * 2**(attempt-1)`` seconds (capped, with jitter) until ``max_attempts``;
``max_failures`` consecutive failed attempts of an endpoint disable it (its owner can enable
it again, which resets the count). Deleting an endpoint deletes its outbox rows, so nothing
pending for it is claimed again; an attempt already under way finds nothing to record.
Commands never wait for any of this: deliveries are written by the deriver, after the commit.
"""

from __future__ import annotations

import asyncio
import collections
import datetime as dt
import functools
import logging
import random
import time
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec
from standardwebhooks.webhooks import Webhook

from service.notify.sealing import UnreadableSecret, box, seal_stored
from service.notify.settings import NotifySettings
from service.notify.targets import BadTarget, PinnedTransport, check_target
from service.support.tasks import wait_event

log = logging.getLogger("gamestate.webhooks")

MAX_ERROR = 300
USER_AGENT = "gamestate-webhooks/1"

CLAIM = """
WITH busy AS (
    -- This process's attempts under way, per endpoint.
    SELECT * FROM unnest(%(busy_ids)s::uuid[], %(busy_counts)s::int[]) AS b (webhook_id, n)
), ranked AS (
    SELECT d.id, d.next_attempt_at,
        coalesce(b.n, 0)
        + row_number() OVER (PARTITION BY d.webhook_id ORDER BY d.next_attempt_at, d.id) AS slot
    FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
    LEFT JOIN busy b ON b.webhook_id = d.webhook_id
    WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND w.status = 'active'
        -- A revoked player's endpoints get nothing more.
        AND NOT EXISTS (
            SELECT 1 FROM players p WHERE p.id = w.player_id AND p.revoked_at IS NOT NULL
        )
), due AS (
    -- At most per_endpoint attempts under way per endpoint: a backlog of a slow endpoint
    -- never takes every slot.
    SELECT d.id FROM webhook_deliveries d JOIN ranked r ON r.id = d.id
    WHERE r.slot <= %(per_endpoint)s AND d.status = 'pending' AND d.next_attempt_at <= now()
    ORDER BY r.next_attempt_at, d.id
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


async def read_at_most(response: httpx.Response, limit: int) -> int:
    """Read the answer's body as it comes, raw (no decompression: a small gzip body can
    inflate to gigabytes), dropping every chunk, and stop past ``limit`` bytes: the response
    is then closed with the rest unread, which closes its connection. One read takes at most
    what httpcore asks the socket for (64 KiB), so that much is held at once, never more.
    Returns the bytes read."""
    seen = 0
    async for chunk in response.aiter_raw():
        seen += len(chunk)
        if seen > limit:
            break
    return seen


def backoff(settings: NotifySettings, attempt: int) -> float:
    delay = min(settings.retry_cap, settings.retry_base * 2 ** max(0, attempt - 1))
    return delay * (0.5 + random.random() / 2)


class Deliveries:
    def __init__(self, pool: Any, settings: NotifySettings) -> None:
        self.pool = pool
        self.settings = settings
        self._wake = asyncio.Event()
        self._client: httpx.AsyncClient | None = None
        # Attempts under way in this process, each a task of its own, and how many per
        # endpoint (the claim leaves an endpoint at ``per_endpoint`` alone).
        self._running: set[asyncio.Task[bool]] = set()
        self._per_endpoint: collections.Counter[Any] = collections.Counter()
        self._more = False
        self.secrets = box(settings.secret_keys)
        self._sealed = False

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
            # Each read and write is bounded by this too; the attempt's total deadline is
            # in ``attempt`` (a receiver sending a byte a second never trips a per-read one).
            timeout=self.settings.timeout,
            follow_redirects=False,
            headers={"User-Agent": USER_AGENT},
            trust_env=False,
        ) as client:
            self._client = client
            try:
                await self._loop()
            finally:
                for task in list(self._running):
                    task.cancel()
                await asyncio.gather(*self._running, return_exceptions=True)

    async def _loop(self) -> None:
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
            if claimed and self._more:
                continue
            await wait_event(self._wake, self.settings.poll)

    async def round(self) -> int:
        """Claim what is due and fits in the free slots, and start an attempt for each; the
        attempts run on their own (an attempt that ends frees its slot and, when more may
        be due, wakes the loop), so a slow receiver never holds up another's delivery."""
        if not self._sealed:
            # Secrets stored in clear (before sealing) or under a key no longer first.
            await seal_stored(self.pool, self.secrets)
            self._sealed = True
        room = self.settings.concurrency - len(self._running)
        if room <= 0:
            return 0
        claimed = await self.claim(room)
        # A full claim may have left more due deliveries behind.
        self._more = len(claimed) >= room
        for c in claimed:
            self._per_endpoint[c.webhook_id] += 1
            task = asyncio.create_task(self.attempt(c), name=f"webhook-attempt-{c.delivery_id}")
            self._running.add(task)
            task.add_done_callback(functools.partial(self._ended, c.webhook_id))
        return len(claimed)

    def _ended(self, webhook_id: Any, task: asyncio.Task[bool]) -> None:
        self._running.discard(task)
        # An endpoint at its quota may have more due that the last claim left behind.
        at_quota = self._per_endpoint[webhook_id] >= self.settings.per_endpoint
        self._per_endpoint[webhook_id] -= 1
        if self._per_endpoint[webhook_id] <= 0:
            del self._per_endpoint[webhook_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("webhook attempt failed", exc_info=task.exception())
        if self._more or at_quota:
            self._wake.set()

    async def claim(self, limit: int | None = None) -> list[Claimed]:
        settings = self.settings
        lease = settings.timeout * 2 + 5
        busy = list(self._per_endpoint.items())
        params = {
            "limit": settings.concurrency if limit is None else limit,
            "lease": lease,
            "per_endpoint": settings.per_endpoint,
            "busy_ids": [hook for hook, _ in busy],
            "busy_counts": [n for _, n in busy],
        }
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(CLAIM, params)
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
        deadline = self.settings.timeout
        try:
            # The total deadline: the address check, connecting, sending and the answer's
            # head. Once a status has come, reading the body is only for the connection's
            # reuse: the status decides, whatever becomes of the rest.
            async with asyncio.timeout(deadline):
                await check_target(claimed.url, self.settings.allow_local)
                async with self._post(claimed) as response:
                    status = response.status_code
                    await read_at_most(response, self.settings.max_answer_bytes)
        except TimeoutError:
            if status is None:
                error = f"timeout: no answer within {deadline:g}s"
        except BadTarget as exc:
            error = f"{exc.code}: {exc.detail}"
        except UnreadableSecret as exc:
            error = f"webhook_secret_unreadable: {exc}"
        except httpx.HTTPError as exc:
            if status is None:
                error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        if status is not None and not 200 <= status < 300:
            error = f"answered {status}"
        elapsed = int((time.monotonic() - started) * 1000)
        ok = error is None
        # Shielded: a stop during the write would leave a sent delivery to be sent again.
        await asyncio.shield(
            self.record(claimed, ok, status, (error or "")[:MAX_ERROR] or None, elapsed)
        )
        return ok

    def _post(self, claimed: Claimed) -> Any:
        """The signed request, as a stream: nothing of the answer is read yet."""
        msg_id = message_id(claimed.notification_id)
        now = dt.datetime.now(dt.UTC)
        signature = Webhook(self.secrets.open(claimed.secret)).sign(
            msg_id, now, claimed.body.decode()
        )
        assert self._client is not None
        return self._client.stream(
            "POST",
            claimed.url,
            content=claimed.body,
            headers={
                "content-type": "application/json",
                "webhook-id": msg_id,
                "webhook-timestamp": str(int(now.timestamp())),
                "webhook-signature": signature,
            },
        )

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
