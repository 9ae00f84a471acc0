"""The webhook outbox and its delivery worker (service/notify/delivery.py) against a local
receiver: Standard Webhooks signatures checked with the library's own verifier, retries after
the receiver was down, one webhook-id per notification across retries and restarts, a
delivery that survives a restart of the process, and endpoints deleted (nothing more sent)
or enabled again (what was pending goes out)."""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import Iterator

import psycopg
import pytest
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from service.notify import store as notify_store
from service.notify.delivery import Deliveries
from service.notify.settings import NotifySettings
from service.notify.targets import BadTarget, check_target, check_url
from tests.notify.receiver import Receiver, free_port


@pytest.fixture(scope="module")
def database_url(pg_server: str) -> Iterator[str]:
    """A database of this module's own: the session's shared apps run delivery workers on the
    shared one, which refuse local targets and would claim (and count) attempts of these
    tests' deliveries."""
    from service.store.database import migrate
    from tests.conftest import fresh_database

    with fresh_database(pg_server) as url:
        migrate(url)
        yield url


FAST = NotifySettings(
    allow_local=True, retry_base=0.05, retry_cap=0.2, timeout=2.0, max_attempts=50, poll=0.05
)


def _tournament_with_notifications(url: str, count: int, hook_url: str) -> tuple[str, list[int]]:
    """A tournament stream, a webhook of it, and ``count`` notifications with their outbox
    rows, written as the deriver writes them. Returns the webhook's secret and the ids."""
    tournament, game = uuid.uuid4(), uuid.uuid4()
    with psycopg.connect(url, autocommit=True) as conn:
        for stream, kind in ((tournament, "tournament"), (game, "game")):
            conn.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                " VALUES (%s, %s, 'azul', '1', '{}', 'active')",
                (stream, kind),
            )
        secret = notify_store.new_secret()
        hook = uuid.uuid4()
        conn.execute(
            "INSERT INTO webhooks (id, tournament_id, url, secret) VALUES (%s, %s, %s, %s)",
            (hook, tournament, hook_url, secret),
        )
        ids = []
        for version in range(1, count + 1):
            row = conn.execute(
                "INSERT INTO notifications (key, tournament_id, kind, game_id, version, data)"
                " VALUES (%s, %s, 'game_ended', %s, %s, %s) RETURNING id",
                (
                    f"test:{game}:{version}",
                    tournament,
                    game,
                    version,
                    Jsonb({"game": "azul", "to_act": [], "seat": None}),
                ),
            ).fetchone()
            ids.append(row[0])
            conn.execute(
                "INSERT INTO webhook_deliveries (webhook_id, notification_id) VALUES (%s, %s)",
                (hook, row[0]),
            )
    return secret, ids


def _statuses(url: str, ids: list[int]) -> list[tuple[str, int]]:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT status, attempts FROM webhook_deliveries WHERE notification_id = ANY(%s)"
            " ORDER BY notification_id",
            (ids,),
        ).fetchall()


async def _run_worker(url: str, settings: NotifySettings, until, timeout: float = 20.0) -> None:
    """One process's delivery worker, until ``until()`` holds (then it is stopped, as a
    process would be)."""
    pool = AsyncConnectionPool(url, min_size=1, max_size=4, open=False, kwargs={"autocommit": True})
    await pool.open()
    task = asyncio.create_task(Deliveries(pool, settings).run())
    try:
        deadline = time.monotonic() + timeout
        while not until():
            assert time.monotonic() < deadline, "the deliveries did not happen in time"
            assert not task.done(), task
            await asyncio.sleep(0.02)
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await pool.close()


def _for(seconds: float):
    """A worker's ``until`` that lets it run for ``seconds``."""
    end = time.monotonic() + seconds
    return lambda: time.monotonic() > end


def test_deliveries_are_signed_per_standard_webhooks(database_url: str) -> None:
    receiver = Receiver().start()
    try:
        secret, ids = _tournament_with_notifications(database_url, 3, receiver.url)
        asyncio.run(
            _run_worker(
                database_url,
                FAST,
                lambda: all(s == "delivered" for s, _ in _statuses(database_url, ids)),
            )
        )
    finally:
        receiver.stop()
    verifier = Webhook(secret)
    seen = set()
    for request in receiver.received:
        body = verifier.verify(request["body"], request["headers"])
        assert body["type"] == "game_ended"
        assert request["headers"]["webhook-id"] == f"ntf_{body['data']['id']}"
        seen.add(body["data"]["id"])
        # A changed body or another secret fails the library's check.
        with pytest.raises(WebhookVerificationError):
            verifier.verify(
                request["body"].replace(b"game_ended", b"game_start"), request["headers"]
            )
        with pytest.raises(WebhookVerificationError):
            Webhook(notify_store.new_secret()).verify(request["body"], request["headers"])
    assert seen == set(ids)
    assert _statuses(database_url, ids) == [("delivered", 1)] * 3


def test_a_receiver_that_was_down_gets_everything_once_with_the_same_ids(
    database_url: str,
) -> None:
    port = free_port()
    receiver = Receiver(port)  # not listening yet: connection refused
    _, ids = _tournament_with_notifications(database_url, 2, receiver.url)

    async def scenario() -> None:
        pool = AsyncConnectionPool(
            database_url, min_size=1, max_size=4, open=False, kwargs={"autocommit": True}
        )
        await pool.open()
        task = asyncio.create_task(Deliveries(pool, FAST).run())
        try:
            deadline = time.monotonic() + 20
            while not all(attempts >= 2 for _, attempts in _statuses(database_url, ids)):
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
            receiver.start()
            while not all(status == "delivered" for status, _ in _statuses(database_url, ids)):
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
        finally:
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            await pool.close()

    try:
        asyncio.run(scenario())
        time.sleep(0.3)  # anything sent twice would have arrived by now
    finally:
        receiver.stop()
    assert sorted(receiver.ids()) == sorted(f"ntf_{i}" for i in ids)
    with psycopg.connect(database_url) as conn:
        log = conn.execute(
            "SELECT a.status_code, a.error FROM webhook_attempts a"
            " JOIN webhook_deliveries d ON d.id = a.delivery_id"
            " WHERE d.notification_id = %s ORDER BY a.attempt",
            (ids[0],),
        ).fetchall()
    assert log[0][0] is None and "Connect" in log[0][1]
    assert log[-1] == (204, None)


def test_a_failing_receiver_is_retried_with_the_same_webhook_id(database_url: str) -> None:
    receiver = Receiver().start()
    receiver.status = 503
    try:
        _, ids = _tournament_with_notifications(database_url, 1, receiver.url)

        def flip() -> bool:
            if len(receiver.received) >= 3:
                receiver.status = 200
            return _statuses(database_url, ids)[0][0] == "delivered"

        asyncio.run(_run_worker(database_url, FAST, flip))
    finally:
        receiver.stop()
    assert len(receiver.received) >= 4
    assert set(receiver.ids()) == {f"ntf_{ids[0]}"}
    # Each attempt is signed afresh (its own timestamp), all with the one message id.
    assert _statuses(database_url, ids) == [("delivered", len(receiver.received))]


def test_a_delivery_survives_a_restart_and_is_not_sent_again(database_url: str) -> None:
    receiver = Receiver().start()
    try:
        _, ids = _tournament_with_notifications(database_url, 2, receiver.url)
        # Process one claims the first delivery and dies before posting it: the claim is a
        # lease in the database, not a lock in a process.
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute(
                "UPDATE webhook_deliveries SET attempts = 1,"
                " next_attempt_at = now() + interval '300 milliseconds'"
                " WHERE notification_id = %s",
                (ids[0],),
            )
        # Process two (a fresh worker, a fresh pool) delivers both once the lease ended.
        asyncio.run(
            _run_worker(
                database_url,
                FAST,
                lambda: all(s == "delivered" for s, _ in _statuses(database_url, ids)),
            )
        )
        # Process three finds nothing left to send.
        asyncio.run(_run_worker(database_url, FAST, _for(0.4)))
    finally:
        receiver.stop()
    assert sorted(receiver.ids()) == sorted(f"ntf_{i}" for i in ids)


def test_a_dead_endpoint_is_disabled_after_consecutive_failures(database_url: str) -> None:
    settings = NotifySettings(
        allow_local=True, retry_base=0.01, retry_cap=0.02, max_failures=4, max_attempts=3, poll=0.05
    )
    dead = f"http://127.0.0.1:{free_port()}/hook"
    _, ids = _tournament_with_notifications(database_url, 3, dead)

    def hook() -> tuple[str, int, int]:
        with psycopg.connect(database_url) as conn:
            return conn.execute(
                "SELECT w.status, w.failures, (SELECT count(*) FROM webhook_attempts a"
                " JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.webhook_id = w.id)"
                " FROM webhooks w JOIN webhook_deliveries d ON d.webhook_id = w.id"
                " WHERE d.notification_id = %s",
                (ids[0],),
            ).fetchone()

    asyncio.run(_run_worker(database_url, settings, lambda: hook()[0] == "disabled"))
    status, failures, attempts = hook()
    # Attempts already in flight when it tipped over may add to the count, no more.
    assert failures >= 4 and attempts == failures
    assert attempts < 3 * 3, "the endpoint was disabled before every delivery gave up"
    # A fresh worker tries nothing for a disabled endpoint.
    asyncio.run(_run_worker(database_url, settings, _for(0.4)))
    assert hook() == (status, failures, attempts)


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("http://bots.example.net/hook", "webhook_https_required"),
        ("https://user:pw@bots.example.net/hook", "webhook_url_invalid"),
        ("ftp://bots.example.net/hook", "webhook_url_invalid"),
        ("https://127.0.0.1/hook", "webhook_target_forbidden"),
        ("https://10.1.2.3/hook", "webhook_target_forbidden"),
        ("https://169.254.169.254/latest/meta-data", "webhook_target_forbidden"),
        ("https://[::1]:8443/hook", "webhook_target_forbidden"),
        ("https://localhost/hook", "webhook_target_forbidden"),
        ("http://127.0.0.1:9/hook", "webhook_https_required"),
    ],
)
def test_production_refuses_plain_http_and_private_targets(url: str, code: str) -> None:
    with pytest.raises(BadTarget) as refused:
        asyncio.run(check_target(url, allow_local=False))
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("url", "hint"),
    [
        ("http://127.0.0.1:8000/hook", True),
        ("http://localhost/hook", True),
        ("https://127.0.0.1/hook", True),
        ("https://10.1.2.3/hook", True),
        # The setting would not help: say nothing of it.
        ("http://bots.example.net/hook", False),
    ],
)
def test_a_refused_local_target_names_the_setting_that_allows_it(url: str, hint: bool) -> None:
    with pytest.raises(BadTarget) as refused:
        asyncio.run(check_target(url, allow_local=False))
    assert ("GAMESTATE_WEBHOOKS_ALLOW_LOCAL=1" in refused.value.detail) is hint, refused.value
    with pytest.raises(BadTarget) as still:
        check_url("http://bots.example.net/hook", allow_local=True)
    assert "GAMESTATE_WEBHOOKS_ALLOW_LOCAL" not in still.value.detail


def test_development_allows_loopback_over_http_only() -> None:
    assert check_url("http://127.0.0.1:9000/hook", allow_local=True) == ("127.0.0.1", 9000)
    asyncio.run(check_target("http://localhost:9000/hook", allow_local=True))
    with pytest.raises(BadTarget):
        check_url("http://bots.example.net/hook", allow_local=True)


def test_a_revoked_players_endpoint_gets_nothing_more(database_url: str) -> None:
    receiver = Receiver().start()
    player, game, hook = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    try:
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO players (id, name, token_hash, revoked_at)"
                " VALUES (%s, 'gone', %s, now())",
                (player, uuid.uuid4().hex),
            )
            conn.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                " VALUES (%s, 'game', 'azul', '1', '{}', 'active')",
                (game,),
            )
            conn.execute(
                "INSERT INTO webhooks (id, player_id, url, secret) VALUES (%s, %s, %s, %s)",
                (hook, player, receiver.url, notify_store.new_secret()),
            )
            note = conn.execute(
                "INSERT INTO notifications (key, player_id, kind, game_id, version, data)"
                " VALUES (%s, %s, 'your_turn', %s, 3, '{}') RETURNING id",
                (f"test:{game}:3", player, game),
            ).fetchone()[0]
            conn.execute(
                "INSERT INTO webhook_deliveries (webhook_id, notification_id) VALUES (%s, %s)",
                (hook, note),
            )
        asyncio.run(_run_worker(database_url, FAST, _for(0.5)))
    finally:
        receiver.stop()
    assert receiver.received == []
    assert _statuses(database_url, [note]) == [("pending", 0)]


def test_an_attempt_under_way_when_its_webhook_is_deleted_records_nothing(
    database_url: str,
) -> None:
    receiver = Receiver().start()
    try:
        _, ids = _tournament_with_notifications(database_url, 1, receiver.url)
        with psycopg.connect(database_url) as conn:
            hook = conn.execute(
                "SELECT webhook_id FROM webhook_deliveries WHERE notification_id = %s", (ids[0],)
            ).fetchone()[0]

        async def scenario() -> None:
            pool = AsyncConnectionPool(
                database_url, min_size=1, max_size=2, open=False, kwargs={"autocommit": True}
            )
            await pool.open()
            try:
                worker = Deliveries(pool, FAST)
                claimed = await worker.claim()
                assert [c.notification_id for c in claimed] == ids
                async with pool.connection() as conn:
                    assert await notify_store.delete_webhook(conn, hook)
                # The outcome of the attempt that was under way is written nowhere, and
                # does not fail the worker.
                await worker.record(claimed[0], True, 204, None, 5)
                await worker.record(claimed[0], False, 503, "answered 503", 5)
            finally:
                await pool.close()

        asyncio.run(scenario())
        asyncio.run(_run_worker(database_url, FAST, _for(0.3)))
    finally:
        receiver.stop()
    assert _statuses(database_url, ids) == []
    assert receiver.received == []


def test_enable_in_the_store_sends_what_was_pending(database_url: str) -> None:
    receiver = Receiver().start()
    try:
        _, ids = _tournament_with_notifications(database_url, 2, receiver.url)
        with psycopg.connect(database_url, autocommit=True) as conn:
            hook = conn.execute(
                "SELECT webhook_id FROM webhook_deliveries WHERE notification_id = %s", (ids[0],)
            ).fetchone()[0]
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute(
                "UPDATE webhooks SET status = 'disabled', failures = 9 WHERE id = %s", (hook,)
            )
        asyncio.run(_run_worker(database_url, FAST, _for(0.3)))
        assert receiver.received == []

        async def enable() -> None:
            async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as c:
                out = await notify_store.enable_webhook(c, hook)
                assert out is not None and (out.status, out.failures) == ("active", 0)
                assert await notify_store.enable_webhook(c, uuid.uuid4()) is None

        asyncio.run(enable())
        asyncio.run(
            _run_worker(
                database_url,
                FAST,
                lambda: all(s == "delivered" for s, _ in _statuses(database_url, ids)),
            )
        )
    finally:
        receiver.stop()
    assert sorted(receiver.ids()) == sorted(f"ntf_{i}" for i in ids)


def test_the_worker_loads_the_ca_bundle_off_the_event_loop(monkeypatch) -> None:
    """Building the TLS context reads and parses the CA bundle (30-80 ms of CPU, 0.3 s on a
    loaded machine); the worker starts while its process already serves requests."""
    import ssl
    import threading

    loads: list[threading.Thread] = []
    real = ssl.SSLContext.load_verify_locations

    def spy(self: ssl.SSLContext, *args: object, **kwargs: object) -> None:
        loads.append(threading.current_thread())
        real(self, *args, **kwargs)

    monkeypatch.setattr(ssl.SSLContext, "load_verify_locations", spy)

    async def main() -> None:
        deliveries = Deliveries(None, FAST)
        started = asyncio.Event()

        async def round_() -> int:
            started.set()
            return 0

        deliveries.round = round_  # type: ignore[method-assign]
        worker = asyncio.create_task(deliveries.run())
        await asyncio.wait_for(started.wait(), 10)
        worker.cancel()
        with pytest.raises(asyncio.CancelledError):
            await worker
        assert deliveries._client is not None

    asyncio.run(main())
    assert loads, "no CA bundle was loaded"
    assert threading.main_thread() not in loads


REBINDING_HOST = "hooks.rebind.example"


def test_a_name_that_rebinds_to_loopback_after_the_check_is_never_connected_to(
    database_url: str, monkeypatch
) -> None:
    """DNS rebinding (SSRF): the webhook's host name answers a public address to the check
    before the delivery and loopback to the lookup of the connection that follows (a name
    with a zero TTL that alternates does this). The delivery must never open a connection to
    the service's own network: it fails as a forbidden target, and the loopback listener
    (standing for an internal service) sees no connection at all."""
    import socket

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    port = listener.getsockname()[1]
    lookups: list[str] = []
    original = asyncio.base_events.BaseEventLoop.getaddrinfo

    async def rebinding(self, host, service, *args, **kwargs):
        # anyio looks names up as IDNA-encoded bytes, asyncio callers as text.
        if (host.decode() if isinstance(host, bytes) else host) != REBINDING_HOST:
            return await original(self, host, service, *args, **kwargs)
        lookups.append(host)
        address = "93.184.216.34" if len(lookups) % 2 == 1 else "127.0.0.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))]

    monkeypatch.setattr(asyncio.base_events.BaseEventLoop, "getaddrinfo", rebinding)
    settings = NotifySettings(
        allow_local=False, retry_base=0.05, retry_cap=0.1, timeout=2.0, max_attempts=1, poll=0.05
    )
    _, ids = _tournament_with_notifications(
        database_url, 1, f"https://{REBINDING_HOST}:{port}/hook"
    )
    try:
        asyncio.run(
            # Until the attempt is recorded (``attempts`` counts it when it is claimed).
            _run_worker(
                database_url, settings, lambda: _statuses(database_url, ids)[0][0] != "pending"
            )
        )
        accepted = []
        with contextlib.suppress(BlockingIOError):
            while True:
                accepted.append(listener.accept()[0])
        for conn in accepted:
            conn.close()
    finally:
        listener.close()
    assert len(lookups) >= 2, "the check and the connection each looked the name up"
    assert accepted == [], "the delivery connected to a loopback address"
    assert _statuses(database_url, ids) == [("failed", 1)]
    with psycopg.connect(database_url) as conn:
        (error,) = conn.execute(
            "SELECT a.error FROM webhook_attempts a JOIN webhook_deliveries d"
            " ON d.id = a.delivery_id WHERE d.notification_id = %s",
            (ids[0],),
        ).fetchone()
    assert error.startswith("webhook_target_forbidden"), error
