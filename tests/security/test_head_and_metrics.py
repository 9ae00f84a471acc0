"""Issue #18, item 12: HEAD answers like GET without a body on every GET route, and /metrics
can be put behind a token (GAMESTATE_METRICS_TOKEN; unset, it stays open)."""

from __future__ import annotations

import pytest

from tests.api.helpers import auth, create
from tests.conftest import ADMIN_KEY


def test_head_answers_like_get_without_a_body(client) -> None:
    created = client.post(
        "/games", json={"game": "azul", "seats": [{"name": "head-0"}, {"name": "head-1"}]}
    ).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    for path, headers in (
        ("/health", {}),
        ("/games/types", {}),
        ("/games?player=head-0", {}),
        (f"/games/{game_id}", {}),
        (f"/games/{game_id}", auth(token)),
        (f"/games/{game_id}/legal-commands", auth(token)),
        (f"/games/{game_id}/events", {}),
        (f"/games/{game_id}/views/1", {}),
        ("/metrics", {}),
        ("/schema/openapi.json", {}),
    ):
        get = client.get(path, headers=headers)
        head = client.head(path, headers=headers)
        assert head.status_code == get.status_code == 200, (path, head.status_code)
        assert head.content == b"", path
        assert head.headers["content-type"] == get.headers["content-type"], path
        if "etag" in get.headers:
            assert head.headers["etag"] == get.headers["etag"]
    missing = client.head("/games/00000000-0000-0000-0000-000000000000")
    assert missing.status_code == 404 and missing.content == b""
    assert "HEAD" in client.options(f"/games/{game_id}").headers["allow"]
    assert client.head("/games/import").status_code == 405  # POST only


def test_head_of_a_live_stream_ends_at_once(client) -> None:
    created = create(client, "azul", 2)
    head = client.head(f"/games/{created['id']}/events/stream", timeout=10)
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-type"].startswith("text/event-stream")


@pytest.fixture
def guarded_client(database_url: str):
    from litestar.testing import TestClient

    from service.api.app import create_app

    app = create_app(database_url, admin_key=ADMIN_KEY, metrics_token="scrape-me")
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def test_metrics_behind_a_token(guarded_client) -> None:
    refused = guarded_client.get("/metrics")
    assert refused.status_code == 401 and refused.json()["code"] == "metrics_token_required"
    assert refused.headers["www-authenticate"].startswith("Bearer")
    wrong = guarded_client.get("/metrics", headers=auth("guess"))
    assert wrong.status_code == 401
    assert guarded_client.head("/metrics").status_code == 401
    assert guarded_client.get("/metrics", headers=auth(ADMIN_KEY)).status_code == 401
    scraped = guarded_client.get("/metrics", headers=auth("scrape-me"))
    assert scraped.status_code == 200 and "gamestate_" in scraped.text


def test_metrics_are_open_without_a_token(client) -> None:
    assert client.get("/metrics").status_code == 200
