"""Webhook secrets at rest (issue 31, item 13): the database holds them sealed with Fernet,
never in clear; a secret stored in clear before sealing still signs and is sealed at start-up;
keys rotate (the first seals, every key opens, start-up re-seals under the first); and the
Standard Webhooks library still verifies every delivery (service/notify/sealing.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import httpx
import psycopg
import pytest
from cryptography.fernet import Fernet
from standardwebhooks.webhooks import Webhook

from service.notify.sealing import SecretBox, UnreadableSecret, derived_key, key_id
from service.notify.settings import NotifySettings
from tests.conftest import ADMIN_KEY
from tests.notify.receiver import Receiver
from tests.notify.test_delivery import _run_worker, _statuses, _tournament_with_notifications
from tests.notify.test_player_notifications import LOCAL, WAIT, _act, _game, _player, _server, auth

KEY_A = Fernet.generate_key().decode()
KEY_B = Fernet.generate_key().decode()


@pytest.fixture(scope="module")
def database_url(pg_server: str) -> Iterator[str]:
    """A database of this module's own: its workers use keys the session's apps do not."""
    from service.store.database import migrate
    from tests.conftest import fresh_database

    with fresh_database(pg_server) as url:
        migrate(url)
        yield url


def _settings(*keys: str) -> NotifySettings:
    return NotifySettings(
        allow_local=True,
        retry_base=0.05,
        retry_cap=0.2,
        max_attempts=3,
        poll=0.05,
        secret_keys=keys,
    )


def _stored(url: str, notification_id: int) -> str:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT w.secret FROM webhooks w JOIN webhook_deliveries d ON d.webhook_id = w.id"
            " WHERE d.notification_id = %s",
            (notification_id,),
        ).fetchone()[0]


def _reseal(url: str, notification_id: int, stored: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "UPDATE webhooks SET secret = %s WHERE id = (SELECT webhook_id FROM"
            " webhook_deliveries WHERE notification_id = %s)",
            (stored, notification_id),
        )


def _due_in(url: str, notification_id: int, interval: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "UPDATE webhook_deliveries SET next_attempt_at = now() + %s::interval"
            " WHERE notification_id = %s",
            (interval, notification_id),
        )


def _deliver(url: str, settings: NotifySettings, ids: list[int]) -> None:
    asyncio.run(
        _run_worker(url, settings, lambda: all(s != "pending" for s, _ in _statuses(url, ids)))
    )


def _verified(receiver: Receiver, secret: str) -> list[int]:
    return [
        Webhook(secret).verify(r["body"], r["headers"])["data"]["id"] for r in receiver.received
    ]


def test_a_registered_secret_is_stored_sealed_and_still_signs(database_url: str) -> None:
    """Over HTTP, with no key set: the app seals under the key derived from the admin key.
    Before, the column held the secret itself."""
    receiver = Receiver().start()
    try:
        with _server(database_url, LOCAL) as url, httpx.Client(base_url=url, timeout=WAIT) as http:
            ann, bob = _player(http, "ann-seal"), _player(http, "bob-seal")
            hook = http.post(
                f"/players/{bob['id']}/webhooks",
                json={"url": receiver.url},
                headers=auth(bob["token"]),
            ).raise_for_status()
            secret = hook.json()["secret"]
            created = _game(http, ann, bob, seed="sealed")
            _act(http, created["id"], ann["token"])
            deadline = time.monotonic() + WAIT
            while len(receiver.received) < 2:
                assert time.monotonic() < deadline, receiver.received
                time.sleep(0.05)
    finally:
        receiver.stop()
    with psycopg.connect(database_url) as conn:
        (stored,) = conn.execute(
            "SELECT secret FROM webhooks WHERE id = %s", (hook.json()["id"],)
        ).fetchone()
    assert secret.startswith("whsec_")
    assert secret not in stored and secret.removeprefix("whsec_") not in stored
    assert stored.startswith(f"fernet:{key_id(derived_key(ADMIN_KEY))}:")
    assert SecretBox([derived_key(ADMIN_KEY)]).open(stored) == secret
    assert len(_verified(receiver, secret)) == 2


def test_a_secret_stored_in_clear_still_signs_and_is_sealed_at_start(database_url: str) -> None:
    receiver = Receiver().start()
    try:
        secret, ids = _tournament_with_notifications(database_url, 2, receiver.url)
        assert _stored(database_url, ids[0]) == secret  # as a row from before sealing
        _deliver(database_url, _settings(KEY_A), ids)
    finally:
        receiver.stop()
    assert _statuses(database_url, ids) == [("delivered", 1)] * 2
    assert sorted(_verified(receiver, secret)) == ids
    stored = _stored(database_url, ids[0])
    assert secret not in stored and stored.startswith(f"fernet:{key_id(KEY_A)}:")
    assert SecretBox([KEY_A]).open(stored) == secret


def test_keys_rotate_the_first_seals_every_key_opens(database_url: str) -> None:
    receiver = Receiver().start()
    try:
        secret, ids = _tournament_with_notifications(database_url, 2, receiver.url)
        _reseal(database_url, ids[0], SecretBox([KEY_A]).seal(secret))
        _due_in(database_url, ids[1], "1 hour")  # kept for after the rotation
        # B is new and first; A stays listed until start-up has re-sealed every row.
        _deliver(database_url, _settings(KEY_B, KEY_A), ids[:1])
        stored = _stored(database_url, ids[0])
        assert stored.startswith(f"fernet:{key_id(KEY_B)}:")
        assert SecretBox([KEY_B]).open(stored) == secret
        with pytest.raises(UnreadableSecret):
            SecretBox([KEY_A]).open(stored)
        # A is gone: B alone opens what is stored now.
        _due_in(database_url, ids[1], "0 seconds")
        _deliver(database_url, _settings(KEY_B), ids[1:])
    finally:
        receiver.stop()
    assert _statuses(database_url, ids) == [("delivered", 1)] * 2
    assert sorted(_verified(receiver, secret)) == ids


def test_a_key_removed_too_early_fails_the_attempt_and_keeps_the_row(database_url: str) -> None:
    receiver = Receiver().start()
    try:
        secret, ids = _tournament_with_notifications(database_url, 1, receiver.url)
        sealed = SecretBox([KEY_A]).seal(secret)
        _reseal(database_url, ids[0], sealed)
        _deliver(database_url, _settings(KEY_B), ids)
    finally:
        receiver.stop()
    assert receiver.received == []
    assert _statuses(database_url, ids) == [("failed", 3)]
    assert _stored(database_url, ids[0]) == sealed  # still there for when A is listed again
    with psycopg.connect(database_url) as conn:
        errors = conn.execute(
            "SELECT a.error FROM webhook_attempts a JOIN webhook_deliveries d"
            " ON d.id = a.delivery_id WHERE d.notification_id = %s",
            (ids[0],),
        ).fetchall()
    assert errors and all(e.startswith("webhook_secret_unreadable") for (e,) in errors)


def test_keys_that_are_not_fernet_keys_are_refused() -> None:
    with pytest.raises(ValueError):
        SecretBox(["not-a-key"])
    assert SecretBox([]).open("whsec_abc") == "whsec_abc"
    with pytest.raises(UnreadableSecret):
        SecretBox([]).seal("whsec_abc")


def test_serve_refuses_keys_that_are_not_fernet_keys(tmp_path) -> None:
    """One clear line and exit 2, before any database is started."""
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
            "GAMESTATE_WEBHOOK_KEYS": f"{KEY_A},hunter2",
            "GAMESTATE_DATA_DIR": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, run.stderr
    assert "GAMESTATE_WEBHOOK_KEYS must be Fernet keys" in run.stderr
    assert "Traceback" not in run.stderr
    assert not (tmp_path / "pg").exists()
