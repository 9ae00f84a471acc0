"""Webhook owners manage their endpoints: delete one (its pending deliveries are dropped and
never sent) and re-enable a disabled one (failure count reset, deliveries resume), for a
player with its token and for a tournament with the admin key, over the real HTTP stack. The
worker's side (an attempt under way at the deletion, pending rows after enabling) is in
test_delivery.py."""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Iterator

import httpx
import psycopg
import pytest

from tests.conftest import ADMIN_KEY
from tests.notify.receiver import Receiver, free_port
from tests.notify.test_player_notifications import (
    LOCAL,
    WAIT,
    _act,
    _game,
    _player,
    _server,
    auth,
)


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[str]:
    with _server(database_url, LOCAL) as url:
        yield url


@pytest.fixture()
def http(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=WAIT) as client:
        yield client


def _hook_row(database_url: str, hook_id: str) -> tuple | None:
    with psycopg.connect(database_url) as conn:
        return conn.execute(
            "SELECT status, failures, disabled_reason,"
            " (SELECT count(*) FROM webhook_deliveries d WHERE d.webhook_id = w.id)"
            " FROM webhooks w WHERE id = %s",
            (hook_id,),
        ).fetchone()


def _disable(database_url: str, hook_id: str, failures: int = 10) -> None:
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "UPDATE webhooks SET status = 'disabled', failures = %s,"
            " disabled_reason = 'consecutive failures' WHERE id = %s",
            (failures, hook_id),
        )


def test_a_deleted_webhooks_pending_deliveries_are_never_sent(
    server: str, http, database_url: str
) -> None:
    ann, bob = _player(http, "ann-del"), _player(http, "bob-del")
    receiver = Receiver(free_port())  # down: the deliveries stay pending, retried
    hooks = f"/players/{bob['id']}/webhooks"
    hook = http.post(hooks, json={"url": receiver.url}, headers=auth(bob["token"])).json()
    _game(http, ann, bob, seed="deleted-hook")
    deadline = time.monotonic() + WAIT
    while _hook_row(database_url, hook["id"])[3] == 0:
        assert time.monotonic() < deadline, "no delivery was written"
        time.sleep(0.05)
    url = f"{hooks}/{hook['id']}"
    # Only the owner: another player is refused, and cannot learn the hook exists.
    assert http.delete(url, headers=auth(ann["token"])).status_code == 403
    other = http.delete(f"/players/{ann['id']}/webhooks/{hook['id']}", headers=auth(ann["token"]))
    assert (other.status_code, other.json()["code"]) == (404, "webhook_not_found")
    assert http.delete(url).status_code == 401
    gone = http.delete(url, headers=auth(bob["token"]))
    assert gone.status_code == 204, gone.text
    assert _hook_row(database_url, hook["id"]) is None
    with psycopg.connect(database_url) as conn:
        left = conn.execute(
            "SELECT count(*) FROM webhook_deliveries WHERE webhook_id = %s", (hook["id"],)
        ).fetchone()[0]
    assert left == 0
    receiver.start()
    try:
        time.sleep(1.0)  # several retry periods of LOCAL
    finally:
        receiver.stop()
    assert receiver.received == []
    assert http.delete(url, headers=auth(bob["token"])).status_code == 404
    assert http.get(f"{url}/deliveries", headers=auth(bob["token"])).status_code == 404
    listed = http.get(hooks, headers=auth(bob["token"])).json()
    assert listed["items"] == []


def test_a_disabled_webhook_is_re_enabled_by_its_owner_with_a_fresh_count(
    server: str, http, database_url: str
) -> None:
    ann, bob = _player(http, "ann-en"), _player(http, "bob-en")
    receiver = Receiver().start()
    try:
        hooks = f"/players/{bob['id']}/webhooks"
        hook = http.post(hooks, json={"url": receiver.url}, headers=auth(bob["token"])).json()
        _disable(database_url, hook["id"])
        created = _game(http, ann, bob, seed="enabled-hook")
        time.sleep(0.6)  # a disabled endpoint is not queued anything, nor sent anything
        assert receiver.received == []
        assert _hook_row(database_url, hook["id"])[3] == 0
        url = f"{hooks}/{hook['id']}/enable"
        assert http.post(url, headers=auth(ann["token"])).status_code == 403
        missing = http.post(f"{hooks}/{uuid.uuid4()}/enable", headers=auth(bob["token"]))
        assert (missing.status_code, missing.json()["code"]) == (404, "webhook_not_found")
        enabled = http.post(url, headers=auth(bob["token"]))
        assert enabled.status_code == 200, enabled.text
        body = enabled.json()
        assert (body["status"], body["failures"], body["disabled_reason"]) == ("active", 0, None)
        assert body["secret"] is None
        answer = _act(http, created["id"], ann["token"])
        deadline = time.monotonic() + WAIT
        while not receiver.received:
            assert time.monotonic() < deadline, "the enabled endpoint was not sent anything"
            time.sleep(0.05)
    finally:
        receiver.stop()
    sent = [json.loads(r["body"]) for r in receiver.received]
    assert [(b["type"], b["data"]["game_id"], b["data"]["version"]) for b in sent] == [
        ("your_turn", created["id"], answer["version"])
    ]
    listed = http.get(hooks, headers=auth(bob["token"])).json()["items"]
    assert [(w["status"], w["failures"]) for w in listed] == [("active", 0)]


def test_the_admin_manages_a_tournaments_webhooks(server: str, http, database_url: str) -> None:
    from tests.api.tournament_bots import create_tournament

    tid = create_tournament(http, name="Managed", game="azul", format="swiss", rounds=1)["id"]
    other = create_tournament(http, name="Other", game="azul", format="swiss", rounds=1)["id"]
    hooks = f"/tournaments/{tid}/webhooks"
    hook = http.post(hooks, json={"url": "http://127.0.0.1:9/t"}, headers=auth(ADMIN_KEY)).json()
    _disable(database_url, hook["id"], failures=7)
    url = f"{hooks}/{hook['id']}"
    assert http.post(f"{url}/enable").status_code == 401
    assert http.delete(url).status_code == 401
    elsewhere = f"/tournaments/{other}/webhooks/{hook['id']}"
    assert http.post(f"{elsewhere}/enable", headers=auth(ADMIN_KEY)).status_code == 404
    assert http.delete(elsewhere, headers=auth(ADMIN_KEY)).status_code == 404
    enabled = http.post(f"{url}/enable", headers=auth(ADMIN_KEY))
    assert enabled.status_code == 200, enabled.text
    assert _hook_row(database_url, hook["id"])[:3] == ("active", 0, None)
    assert http.delete(url, headers=auth(ADMIN_KEY)).status_code == 204
    assert _hook_row(database_url, hook["id"]) is None
    assert http.delete(url, headers=auth(ADMIN_KEY)).status_code == 404
    assert http.post(f"{url}/enable", headers=auth(ADMIN_KEY)).status_code == 404


def test_the_python_clients_helper_follows_a_players_stream(server: str, http) -> None:
    """gamestate_client.live.player_notifications: typed notifications, resumed across
    connections the server ends every second, and ended by a revocation."""
    from gamestate_client import AuthenticatedClient
    from gamestate_client.live import player_notifications

    ann, bob = _player(http, "ann-helper"), _player(http, "bob-helper")
    created = _game(http, ann, bob, seed="helper")
    client = AuthenticatedClient(base_url=server, token=bob["token"])
    got: list[tuple[str, str, int]] = []
    ends: list[str] = []
    errors: list[BaseException] = []

    def follow() -> None:
        try:
            for note in player_notifications(
                client, bob["id"], timeout=1, on_end=lambda end: ends.append(str(end.reason))
            ):
                got.append((str(note.type_), str(note.data.game_id), note.data.version))
        except BaseException as exc:  # reported below
            errors.append(exc)

    thread = threading.Thread(target=follow, daemon=True)
    thread.start()
    time.sleep(1.5)  # at least one connection ended by its timeout and resumed
    answer = _act(http, created["id"], ann["token"])
    deadline = time.monotonic() + WAIT
    while len(got) < 2:
        assert time.monotonic() < deadline and not errors, (got, errors)
        time.sleep(0.05)
    assert http.post(f"/players/{bob['id']}/revoke", headers=auth(ADMIN_KEY)).status_code == 200
    thread.join(WAIT)
    assert not thread.is_alive() and errors == []
    assert got == [
        ("game_started", created["id"], created["version"]),
        ("your_turn", created["id"], answer["version"]),
    ]
    assert "timeout" in ends and ends[-1] == "revoked"
