"""Notifications of registered players over the real HTTP stack: the player stream (catch-up,
live, Last-Event-ID, only the player's own token, closed within a second of a revocation),
webhooks registered through the API and delivered signed, and derivation that is idempotent
across restarts (no second notification, no second delivery)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest
from standardwebhooks.webhooks import Webhook

from service.notify.settings import NotifySettings
from tests.api.test_live import Sse
from tests.conftest import ADMIN_KEY, _free_port
from tests.notify.receiver import Receiver

WAIT = 15.0


@contextlib.contextmanager
def _server(database_url: str, settings: NotifySettings) -> Iterator[str]:
    import uvicorn

    from service.api.app import create_app

    app = create_app(database_url, admin_key=ADMIN_KEY, pool_max=20, notify=settings)
    app.state.live_keepalive = 0.3
    port = _free_port()
    uv = uvicorn.Server(
        uvicorn.Config(
            app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=3
        )
    )
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not (uv.started and app.state.live_ready.is_set()):
        assert time.monotonic() < deadline, "test server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    app.state.live.close_threadsafe()
    uv.should_exit = True
    thread.join(timeout=10)


LOCAL = NotifySettings(allow_local=True, poll=0.1, retry_base=0.05, retry_cap=0.2)


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[str]:
    with _server(database_url, LOCAL) as url:
        yield url


@pytest.fixture()
def http(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=WAIT) as client:
        yield client


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _player(http: httpx.Client, name: str) -> dict[str, Any]:
    return http.post("/players", json={"name": name}).raise_for_status().json()


def _game(http: httpx.Client, *players: dict[str, Any], seed: str = "notify") -> dict[str, Any]:
    # Only the organiser seats several registered players (service/players/seating.py).
    body = {"game": "azul", "seats": [{"player_id": p["id"]} for p in players], "seed": seed}
    return http.post("/games", json=body, headers=auth(ADMIN_KEY)).raise_for_status().json()


def _act(http: httpx.Client, game_id: str, token: str) -> dict[str, Any]:
    legal = http.get(f"/games/{game_id}/legal-commands", headers=auth(token)).raise_for_status()
    legal = legal.json()
    assert legal["commands"], legal
    return (
        http.post(
            f"/games/{game_id}/commands",
            json={"command": legal["commands"][0], "expected_version": legal["version"]},
            headers=auth(token),
        )
        .raise_for_status()
        .json()
    )


def _notes(stream: Sse, count: int) -> list[dict[str, Any]]:
    found = []
    while len(found) < count:
        message = stream.next()
        assert message is not None, f"stream closed after {found}"
        if "id" in message:
            found.append(message)
    return found


def test_a_player_hears_its_games_start_its_turns_and_resumes(server: str, http) -> None:
    ann, bob = _player(http, "ann"), _player(http, "bob")
    stream = Sse(f"{server}/players/{bob['id']}/events/stream", headers=auth(bob["token"]))
    assert stream.status == 200
    created = _game(http, ann, bob)
    game_id = created["id"]
    started = _notes(stream, 1)[0]
    assert started["event"] == "game_started"
    body = json.loads(started["data"])
    assert body["type"] == "game_started"
    assert body["data"]["game_id"] == game_id and body["data"]["seat"] == 1
    assert body["data"]["version"] == created["version"]
    # Ann (seat 0) moves: Bob is told it is his turn, with the version to act at.
    answer = _act(http, game_id, ann["token"])
    turn = _notes(stream, 1)[0]
    assert turn["event"] == "your_turn"
    data = json.loads(turn["data"])["data"]
    assert (data["game_id"], data["version"], data["to_act"]) == (game_id, answer["version"], [1])
    # Reconnecting with Last-Event-ID sends what followed it, and only that.
    answer = _act(http, game_id, bob["token"])
    again = Sse(
        f"{server}/players/{bob['id']}/events/stream",
        headers={**auth(bob["token"]), "Last-Event-ID": started["id"]},
        timeout=1,
    )
    resumed = [m for m in again.rest() if "id" in m]
    assert [m["id"] for m in resumed] == [turn["id"]]
    # Ann, meanwhile, has her start and her turn after Bob's move.
    mine = Sse(f"{server}/players/{ann['id']}/events/stream", headers=auth(ann["token"]), timeout=1)
    kinds = [
        (m["event"], json.loads(m["data"])["data"]["version"]) for m in mine.rest() if "id" in m
    ]
    assert kinds == [
        ("game_started", created["version"]),
        ("your_turn", created["version"]),
        ("your_turn", answer["version"]),
    ]


def test_only_the_players_own_token_reads_its_stream(server: str, http) -> None:
    ann, bob = _player(http, "ann2"), _player(http, "bob2")
    url = f"/players/{bob['id']}/events/stream"
    refused = http.get(url, headers=auth(ann["token"]), params={"timeout": 1})
    assert (refused.status_code, refused.json()["code"]) == (403, "another_player")
    for headers in ({}, auth(ADMIN_KEY)):
        refused = http.get(url, headers=headers, params={"timeout": 1})
        assert (refused.status_code, refused.json()["code"]) == (401, "player_token_required")
    seat = http.post("/games", json={"game": "azul", "seats": [{"name": "x"}, {"name": "y"}]})
    seat_token = seat.json()["seats"][0]["token"]
    refused = http.get(url, headers=auth(seat_token), params={"timeout": 1})
    assert refused.status_code == 401
    # And another player's webhooks and delivery logs are not readable either.
    assert http.get(f"/players/{bob['id']}/webhooks", headers=auth(ann["token"])).status_code == 403


def test_a_revoked_token_closes_the_open_stream_within_a_second(server: str, http) -> None:
    ann = _player(http, "ann3")
    stream = Sse(f"{server}/players/{ann['id']}/events/stream", headers=auth(ann["token"]))
    assert stream.status == 200
    revoked = http.post(f"/players/{ann['id']}/revoke", headers=auth(ADMIN_KEY))
    assert revoked.status_code == 200, revoked.text
    at = time.monotonic()
    rest = stream.rest()
    assert time.monotonic() - at < 1.0
    assert rest[-1]["event"] == "end" and json.loads(rest[-1]["data"])["reason"] == "revoked"
    again = http.get(f"/players/{ann['id']}/events/stream", headers=auth(ann["token"]))
    assert again.status_code == 401


def test_a_players_webhook_receives_its_notifications_signed(server: str, http) -> None:
    ann, bob = _player(http, "ann4"), _player(http, "bob4")
    receiver = Receiver().start()
    try:
        hook = http.post(
            f"/players/{bob['id']}/webhooks", json={"url": receiver.url}, headers=auth(bob["token"])
        )
        assert hook.status_code == 201, hook.text
        secret = hook.json()["secret"]
        assert secret.startswith("whsec_")
        created = _game(http, ann, bob)
        answer = _act(http, created["id"], ann["token"])
        deadline = time.monotonic() + WAIT
        while len(receiver.received) < 2:
            assert time.monotonic() < deadline, receiver.received
            time.sleep(0.05)
    finally:
        receiver.stop()
    bodies = [Webhook(secret).verify(r["body"], r["headers"]) for r in receiver.received]
    assert sorted((b["type"], b["data"]["version"]) for b in bodies) == [
        ("game_started", created["version"]),
        ("your_turn", answer["version"]),
    ]
    # The worker records a delivery's outcome after the receiver answered: on a busy box the
    # log can still say pending for a moment after both requests arrived.
    while True:
        log = http.get(
            f"/players/{bob['id']}/webhooks/{hook.json()['id']}/deliveries",
            headers=auth(bob["token"]),
        ).json()
        if "pending" not in {d["status"] for d in log["items"]}:
            break
        assert time.monotonic() < deadline, log
        time.sleep(0.05)
    assert {d["status"] for d in log["items"]} == {"delivered"}
    assert all(d["attempts"][-1]["status_code"] == 204 for d in log["items"])
    listed = http.get(f"/players/{bob['id']}/webhooks", headers=auth(bob["token"])).json()
    assert [w["id"] for w in listed["items"]] == [hook.json()["id"]]
    assert listed["items"][0]["secret"] is None


def test_webhook_urls_are_limited(server: str, http, database_url: str) -> None:
    ann = _player(http, "ann5")
    url = f"/players/{ann['id']}/webhooks"
    bad = http.post(url, json={"url": "http://bots.example.net/x"}, headers=auth(ann["token"]))
    assert (bad.status_code, bad.json()["code"]) == (422, "webhook_https_required")
    for i in range(LOCAL.per_owner):
        ok = http.post(url, json={"url": f"http://127.0.0.1:9/{i}"}, headers=auth(ann["token"]))
        assert ok.status_code == 201, ok.text
    over = http.post(url, json={"url": "http://127.0.0.1:9/x"}, headers=auth(ann["token"]))
    assert (over.status_code, over.json()["code"]) == (422, "too_many_webhooks")
    assert "GAMESTATE_WEBHOOKS_PER_OWNER" in over.json()["detail"]


def test_production_settings_refuse_loopback_webhooks(database_url: str) -> None:
    with _server(database_url, NotifySettings()) as url, httpx.Client(base_url=url) as http:
        ann = _player(http, "ann6")
        for target, code in (
            ("https://127.0.0.1/hook", "webhook_target_forbidden"),
            ("http://127.0.0.1:8000/hook", "webhook_https_required"),
        ):
            refused = http.post(
                f"/players/{ann['id']}/webhooks", json={"url": target}, headers=auth(ann["token"])
            )
            assert (refused.status_code, refused.json()["code"]) == (422, code)
            # A local target in development: the refusal names the setting that allows it.
            assert "GAMESTATE_WEBHOOKS_ALLOW_LOCAL=1" in refused.json()["detail"], refused.json()


def test_deriving_again_after_a_restart_writes_nothing_twice(
    server: str, http, database_url: str
) -> None:
    ann, bob = _player(http, "ann7"), _player(http, "bob7")
    receiver = Receiver().start()
    try:
        http.post(
            f"/players/{bob['id']}/webhooks", json={"url": receiver.url}, headers=auth(bob["token"])
        ).raise_for_status()
        created = _game(http, ann, bob)
        _act(http, created["id"], ann["token"])

        def counts() -> tuple[int, int]:
            with psycopg.connect(database_url) as conn:
                return conn.execute(
                    "SELECT (SELECT count(*) FROM notifications WHERE game_id = %s),"
                    " (SELECT count(*) FROM webhook_deliveries d JOIN notifications n"
                    "  ON n.id = d.notification_id WHERE n.game_id = %s)",
                    (created["id"], created["id"]),
                ).fetchone()

        deadline = time.monotonic() + WAIT
        while len(receiver.received) < 2:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        before = counts()
        assert before == (4, 2)  # ann: started, turn; bob: started, turn
        # A restarted deriver that lost its place re-reads those events: same keys, nothing new.
        with psycopg.connect(database_url, autocommit=True) as conn:
            rewind(conn, created["id"])
        asyncio.run(_derive_all(database_url))
        time.sleep(0.5)
        assert counts() == before
    finally:
        receiver.stop()
    assert sorted(receiver.ids()) == sorted(set(receiver.ids()))


def rewind(conn: psycopg.Connection, game_id: str) -> None:
    """Put the deriver's cursor back to just before a game's first event, as if it had lost
    its place (the events after it are read again)."""
    conn.execute(
        "UPDATE notify_cursor SET (tx, position) = (SELECT tx, position - 1 FROM events"
        " WHERE stream_id = %s ORDER BY tx, position LIMIT 1)",
        (game_id,),
    )


async def _derive_all(database_url: str, page: int = 500) -> None:
    """A second process's deriver, run until the cursor reached the last event (another
    process's deriver may hold the lock for a moment: then this one waits its turn)."""
    from psycopg_pool import AsyncConnectionPool

    from service.games.service import GameService
    from service.notify.deriver import Deriver
    from service.store.events import EventStore

    pool = AsyncConnectionPool(
        database_url, min_size=1, max_size=2, open=False, kwargs={"autocommit": True}
    )
    await pool.open()
    try:
        deriver = Deriver(pool, GameService(EventStore(pool)), page=page)
        deadline = time.monotonic() + WAIT
        while True:
            if await deriver.step():
                continue
            async with pool.connection() as conn:
                cur = await conn.execute(
                    "SELECT EXISTS (SELECT 1 FROM events e, notify_cursor c"
                    " WHERE e.notable AND (e.tx, e.position) > (c.tx, c.position))"
                )
                (behind,) = await cur.fetchone()
            if not behind:
                return
            assert time.monotonic() < deadline, "the deriver did not catch up"
            await asyncio.sleep(0.05)
    finally:
        await pool.close()


def test_a_tournaments_webhook_hears_its_tables_paired(server: str, http) -> None:
    from tests.api.tournament_bots import create_tournament, register, start

    created = create_tournament(http, name="Hooked", game="azul", format="swiss", rounds=1)
    tid = created["id"]
    register(http, tid, ["a", "b", "c", "d"])
    receiver = Receiver().start()
    try:
        url = f"/tournaments/{tid}/webhooks"
        refused = http.post(url, json={"url": receiver.url})
        assert refused.status_code == 401
        hook = http.post(url, json={"url": receiver.url}, headers=auth(ADMIN_KEY))
        assert hook.status_code == 201, hook.text
        start(http, tid)
        deadline = time.monotonic() + WAIT
        while len(receiver.received) < 2:
            assert time.monotonic() < deadline, receiver.received
            time.sleep(0.05)
    finally:
        receiver.stop()
    secret = hook.json()["secret"]
    bodies = [Webhook(secret).verify(r["body"], r["headers"]) for r in receiver.received]
    assert [b["type"] for b in bodies] == ["round_paired", "round_paired"]
    assert {b["data"]["tournament_id"] for b in bodies} == {tid}
    assert len({b["data"]["game_id"] for b in bodies}) == 2
    log = http.get(
        f"/tournaments/{tid}/webhooks/{hook.json()['id']}/deliveries",
        headers=auth(ADMIN_KEY),
        params={"limit": 1},
    ).json()
    assert len(log["items"]) == 1 and log["next"] is not None
