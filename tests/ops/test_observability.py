"""Request ids, access logs, /metrics, liveness and readiness."""

from __future__ import annotations

import io
import json
import logging
import re
import time
from collections.abc import Iterator

import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from service.support.logs import configure_logging
from tests.api.helpers import auth, create
from tests.conftest import ADMIN_KEY


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    """The service's JSON log configuration, writing into a buffer."""
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    configure_logging("info", json=True)
    buffer = io.StringIO()
    root.handlers[0].setStream(buffer)  # type: ignore[attr-defined]
    try:
        yield buffer
    finally:
        root.handlers[:], _ = saved
        root.setLevel(saved[1])


def _records(buffer: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in buffer.getvalue().splitlines() if line.strip()]


def test_a_valid_incoming_request_id_is_kept_and_echoed(client) -> None:
    response = client.get("/health", headers={"X-Request-ID": "abc-123.XYZ:9_z"})
    assert response.headers["x-request-id"] == "abc-123.XYZ:9_z"


@pytest.mark.parametrize("bad", ["", "with space", "x" * 129, "semi;colon", "é"])
def test_an_invalid_request_id_is_replaced_by_a_fresh_one(client, bad: str) -> None:
    response = client.get("/health", headers={"X-Request-ID": bad.encode()})
    echoed = response.headers["x-request-id"]
    assert echoed != bad and re.fullmatch(r"[0-9a-f]{32}", echoed)


def test_every_response_has_a_request_id_even_errors(client) -> None:
    first = client.get("/no/such/route")
    second = client.get("/no/such/route")
    assert first.status_code == 404
    assert first.headers["x-request-id"] != second.headers["x-request-id"]


def test_log_lines_carry_the_request_id_and_one_access_line_per_request(
    client, log_lines: io.StringIO
) -> None:
    slug, players = "azul", 2
    created = create(client, slug, players)
    game_id, token = created["id"], created["seats"][0]["token"]
    rid = "trace-me-42"
    answer = client.post(
        f"/games/{game_id}/commands",
        json={"command": {"type": "azul.no_such_command"}},
        headers={**auth(token), "X-Request-ID": rid},
    )
    assert answer.status_code == 400
    assert answer.headers["x-request-id"] == rid
    lines = [r for r in _records(log_lines) if r.get("request_id") == rid]
    access = [r for r in lines if r.get("event") == "request"]
    assert len(access) == 1
    line = access[0]
    assert line["method"] == "POST"
    assert line["path"] == f"/games/{game_id}/commands"
    assert line["route"] == "/games/{game_id}/commands"
    assert line["status"] == 400
    assert line["duration_ms"] >= 0
    assert line["level"] == "info" and "timestamp" in line
    # every request logged its access line with its own id
    ids = [r["request_id"] for r in _records(log_lines) if r.get("event") == "request"]
    assert len(ids) == len(set(ids)) == 2


def test_stdlib_log_lines_carry_the_request_id_of_the_context(log_lines: io.StringIO) -> None:
    """The service's own modules log with the standard library; the request id the middleware
    binds reaches those lines too (structlog contextvars in the shared processor chain)."""
    import structlog

    from service.api.http import log as http_log

    with structlog.contextvars.bound_contextvars(request_id="ctx-1"):
        http_log.warning("something happened")
    record = _records(log_lines)[-1]
    assert record["request_id"] == "ctx-1" and record["event"] == "something happened"


def test_the_request_id_is_stored_in_the_event_metadata(client, database_url: str) -> None:
    import psycopg

    created = create(client, "azul", 2)
    game_id = created["id"]
    view = client.get(f"/games/{game_id}").json()
    seat = view["to_act"][0]
    legal = client.get(
        f"/games/{game_id}/legal-commands", headers=auth(created["seats"][seat]["token"])
    ).json()
    answer = client.post(
        f"/games/{game_id}/commands",
        json={"command": legal["commands"][0]},
        headers={**auth(created["seats"][seat]["token"]), "X-Request-ID": "bad id"},
    )
    assert answer.status_code == 200
    with psycopg.connect(database_url) as conn:
        stored = conn.execute(
            "SELECT metadata->>'request_id' FROM events WHERE stream_id = %s AND version = %s",
            (game_id, answer.json()["version"]),
        ).fetchone()
    assert stored[0] == answer.headers["x-request-id"] != "bad id"


def _samples(text: str, name: str) -> dict[str, float]:
    found = {}
    for line in text.splitlines():
        if line.startswith(name):
            key, _, value = line.rpartition(" ")
            found[key] = float(value)
    return found


def test_metrics_in_prometheus_text_format_after_a_few_requests(client, database_url: str) -> None:
    import psycopg

    created = create(client, "splendor", 2)
    game_id = created["id"]
    # Someone listens to the game (as a live stream's lease says), so its commits are announced;
    # without it this test relied on an earlier test's listener.
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "UPDATE streams SET listened_until = now() + interval '1 hour' WHERE id = %s",
            (game_id,),
        )
    view = client.get(f"/games/{game_id}").json()
    seat = view["to_act"][0]
    token = created["seats"][seat]["token"]
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(token)).json()
    assert (
        client.post(
            f"/games/{game_id}/commands",
            json={"command": legal["commands"][0]},
            headers=auth(token),
        ).status_code
        == 200
    )
    stale = client.post(
        f"/games/{game_id}/commands",
        json={"command": legal["commands"][0], "expected_version": 1},
        headers=auth(created["seats"][1 - seat]["token"]),
    )
    assert stale.status_code in (409, 422)
    client.get("/health")

    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    text = response.text
    from prometheus_client.parser import text_string_to_metric_families

    families = {f.name: f for f in text_string_to_metric_families(text)}
    for name in (
        "gamestate_http_requests",
        "gamestate_http_request_duration_seconds",
        "gamestate_commands",
        "gamestate_event_store_append_duration_seconds",
        "gamestate_active_games",
        "gamestate_db_pool",
    ):
        assert name in families, name
    requests = _samples(text, "gamestate_http_requests_total")
    assert requests['gamestate_http_requests_total{method="GET",route="/health",status="200"}'] >= 1
    assert any('route="/games/{game_id}/commands"' in key for key in requests)
    assert not any(game_id in key for key in requests), "routes are templates, not paths"
    latency = _samples(text, "gamestate_http_request_duration_seconds_count")
    assert (
        latency['gamestate_http_request_duration_seconds_count{method="POST",route="/games"}'] >= 1
    )
    commands = _samples(text, "gamestate_commands_total")
    assert commands['gamestate_commands_total{code="",game="splendor",outcome="accepted"}'] >= 1
    assert (
        _samples(text, "gamestate_event_store_append_duration_seconds_count")[
            "gamestate_event_store_append_duration_seconds_count"
        ]
        >= 2
    )
    assert _samples(text, "gamestate_active_games")["gamestate_active_games"] >= 1
    pool = _samples(text, "gamestate_db_pool")
    assert pool['gamestate_db_pool{stat="pool_max"}'] == 20
    # The accepted command's commit is announced by the process's announcer within its window.
    for _ in range(100):
        text = client.get("/metrics").text
        sends = _samples(text, "gamestate_live_announce_sends_total")
        if sends and sends["gamestate_live_announce_sends_total"] >= 1:
            break
        time.sleep(0.01)
    assert _samples(text, "gamestate_live_announced_total")["gamestate_live_announced_total"] >= 1


def test_rejected_commands_are_counted_by_code(client) -> None:
    created = create(client, "azul", 2)
    game_id = created["id"]
    view = client.get(f"/games/{game_id}").json()
    idle = next(s for s in range(2) if s not in view["to_act"])
    legal_for_actor = client.get(
        f"/games/{game_id}/legal-commands",
        headers=auth(created["seats"][view["to_act"][0]]["token"]),
    ).json()
    answer = client.post(
        f"/games/{game_id}/commands",
        json={"command": legal_for_actor["commands"][0]},
        headers=auth(created["seats"][idle]["token"]),
    )
    assert answer.status_code == 422
    code = answer.json()["code"]
    text = client.get("/metrics").text
    key = f'gamestate_commands_total{{code="{code}",game="azul",outcome="rejected"}}'
    assert _samples(text, "gamestate_commands_total")[key] >= 1


def test_liveness_does_not_need_the_database_and_readiness_does() -> None:
    app = create_app("postgresql://nobody@127.0.0.1:9/none?connect_timeout=1", admin_key=ADMIN_KEY)
    with TestClient(app, raise_server_exceptions=False) as down:
        live = down.get("/health")
        assert live.status_code == 200
        assert live.json() == {"status": "ok", "database": None}
        ready = down.get("/health/ready")
        assert ready.status_code == 503
        assert ready.headers["content-type"].startswith("application/problem+json")
        assert ready.json()["code"] == "database_unavailable"
        assert ready.headers["retry-after"] == "1"
        metrics = down.get("/metrics")
        assert metrics.status_code == 200, "metrics still answer without the database"


def test_readiness_is_ok_with_the_database(client) -> None:
    ready = client.get("/health/ready")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ok", "database": "ok"}
