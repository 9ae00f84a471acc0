"""HTTP conventions: ETag and If-None-Match, Location on 201, CORS when configured, and
problem details for everything 4xx/5xx, including what the framework or the server answers."""

from __future__ import annotations

import socket
import uuid
from collections.abc import Iterator

import pytest

from tests.api.helpers import auth, create, play_to_the_end
from tests.conftest import ADMIN_KEY

PROBLEM = "application/problem+json"


def _is_problem(answer, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith(PROBLEM)
    body = answer.json()
    assert body["status"] == status and body["code"] == code and body["title"]


def test_game_views_and_legal_commands_answer_304_to_a_current_etag(client) -> None:
    created = create(client, "azul", 2)
    game, token = created["id"], created["seats"][0]["token"]
    view = client.get(f"/games/{game}")
    etag = view.headers["etag"]
    assert etag == f'"{view.json()["version"]}"' and "Authorization" in view.headers["vary"]
    again = client.get(f"/games/{game}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    assert client.get(f"/games/{game}", headers={"If-None-Match": '"999"'}).status_code == 200
    assert client.get(f"/games/{game}", headers={"If-None-Match": f"W/{etag}"}).status_code == 304

    seat_view = client.get(f"/games/{game}", headers=auth(token))
    assert seat_view.headers["etag"] == f'"{view.json()["version"]}-0"'
    headers = {**auth(token), "If-None-Match": etag}  # the spectator's tag is not this view's
    assert client.get(f"/games/{game}", headers=headers).status_code == 200

    legal = client.get(f"/games/{game}/legal-commands", headers=auth(token))
    tag = legal.headers["etag"]
    assert tag == f'"{legal.json()["version"]}-0"'
    headers = {**auth(token), "If-None-Match": f'"0-1", {tag}'}
    assert client.get(f"/games/{game}/legal-commands", headers=headers).status_code == 304
    command = legal.json()["commands"][0]
    client.post(f"/games/{game}/commands", json={"command": command}, headers=auth(token))
    moved = client.get(f"/games/{game}", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["etag"] != etag


def test_records_and_standings_carry_an_etag(client) -> None:
    import random

    created = create(client, "castles", 1)
    play_to_the_end(client, created, random.Random(3))
    record = client.get(f"/games/{created['id']}/record")
    etag = record.headers["etag"]
    headers = {"If-None-Match": etag}
    assert client.get(f"/games/{created['id']}/record", headers=headers).status_code == 304

    admin = auth(ADMIN_KEY)
    body = {"game": "azul", "name": "Cup", "format": "swiss"}
    made = client.post("/tournaments", json=body, headers=admin)
    assert (
        made.status_code == 201 and made.headers["location"] == f"/tournaments/{made.json()['id']}"
    )
    standings = client.get(made.headers["location"] + "/standings")
    assert standings.headers["etag"] == f'"{standings.json()["version"]}"'
    headers = {"If-None-Match": standings.headers["etag"]}
    assert client.get(made.headers["location"] + "/standings", headers=headers).status_code == 304


def test_created_resources_are_located(client) -> None:
    answer = client.post("/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]})
    assert answer.status_code == 201
    assert answer.headers["location"] == f"/games/{answer.json()['id']}"
    assert client.get(answer.headers["location"]).status_code == 200


def test_framework_errors_are_problem_details(client) -> None:
    _is_problem(client.get("/no/such/route"), 404, "not_found")
    _is_problem(client.delete("/games"), 405, "method_not_allowed")
    _is_problem(client.get("/games/not-a-uuid"), 404, "not_found")
    big = b'{"game": "azul", "seats": [' + b" " * 70_000 + b"]}"
    _is_problem(
        client.post("/games", content=big, headers={"Content-Type": "application/json"}),
        413,
        "request_too_large",
    )
    body = b'{"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}'
    _is_problem(
        client.post("/games", content=body, headers={"Content-Type": "text/plain"}),
        415,
        "unsupported_media_type",
    )
    charset = {"Content-Type": "application/json; charset=utf-8"}
    assert client.post("/games", content=body, headers=charset).status_code == 201


def _raw(url: str, request: bytes) -> bytes:
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(request)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_the_server_answers_oversized_headers_and_garbage_with_problem_details(
    live_url: str,
) -> None:
    huge = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 40_000 + b"\r\n\r\n"
    answer = _raw(live_url, huge)
    assert answer.startswith(b"HTTP/1.1 431 ")
    assert b"application/problem+json" in answer and b"request_header_fields_too_large" in answer
    garbage = _raw(live_url, b"NOT HTTP AT ALL\r\n\r\n")
    assert garbage.startswith(b"HTTP/1.1 400 ") and b'"malformed_request"' in garbage
    fine = _raw(live_url, b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert fine.startswith(b"HTTP/1.1 200 ")


@pytest.fixture(scope="module")
def cors_client(database_url: str) -> Iterator:
    from litestar.testing import TestClient

    from service.api.app import create_app

    app = create_app(database_url, admin_key=ADMIN_KEY, cors_origins=["https://play.example"])
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def test_cors_is_off_by_default(client) -> None:
    answer = client.get("/health", headers={"Origin": "https://play.example"})
    assert "access-control-allow-origin" not in answer.headers


def test_cors_for_the_configured_origins(cors_client) -> None:
    origin = {"Origin": "https://play.example"}
    answer = cors_client.get("/health", headers=origin)
    assert answer.headers["access-control-allow-origin"] == "https://play.example"
    assert "ETag" in answer.headers["access-control-expose-headers"]
    preflight = cors_client.options(
        "/games",
        headers={
            **origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
        },
    )
    assert preflight.status_code in (200, 204), preflight.text
    assert preflight.headers["access-control-allow-origin"] == "https://play.example"
    assert "POST" in preflight.headers["access-control-allow-methods"]
    other = cors_client.get("/health", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in other.headers
    # A plain OPTIONS (no preflight) still lists every method of the path.
    assert "POST" in cors_client.options("/games").headers["allow"]


def test_game_lists_page_with_a_cursor_that_new_games_do_not_shift(client) -> None:
    player = f"pager-{uuid.uuid4().hex[:8]}"
    made = [
        client.post("/games", json={"game": "azul", "seats": [{"name": player}, {"name": "x"}]})
        for _ in range(5)
    ]
    assert all(answer.status_code == 201 for answer in made)
    query = {"player": player, "limit": 2}
    ids = [g["id"] for g in client.get("/games", params={"player": player}).json()["items"]]
    assert len(ids) == 5
    first = client.get("/games", params=query)
    page = first.json()
    assert [g["id"] for g in page["items"]] == ids[:2] and page["total"] == 5
    assert page["next"] and first.headers["link"].endswith('>; rel="next"')
    # A game created meanwhile does not shift the next page (an offset would).
    client.post("/games", json={"game": "azul", "seats": [{"name": player}, {"name": "y"}]})
    link = first.headers["link"].removeprefix("<").split(">")[0]
    second = client.get(link).json()
    assert [g["id"] for g in second["items"]] == ids[2:4]
    third = client.get("/games", params={**query, "after": second["next"]})
    assert [g["id"] for g in third.json()["items"]] == ids[4:]
    assert third.json()["next"] is None and "link" not in third.headers
    # The deprecated offset still works; with a cursor it counts from the cursor's position.
    by_offset = client.get("/games", params={**query, "offset": 1}).json()
    assert by_offset["offset"] == 1 and len(by_offset["items"]) == 2
    both = client.get("/games", params={**query, "offset": 1, "after": page["next"]}).json()
    assert [g["id"] for g in both["items"]] == ids[3:5]
    _is_problem(client.get("/games", params={"after": "bm9wZQ"}), 400, "malformed_request")
    far = client.get("/games", params={"player": player, "after": "1_" + "0" * 32}).json()
    assert far["items"] == [] and far["next"] is None  # any well-formed cursor is a position


def test_tournament_lists_page_with_a_cursor(client) -> None:
    admin = auth(ADMIN_KEY)
    for _ in range(3):
        body = {"game": "azul", "name": "Paged", "format": "swiss"}
        assert client.post("/tournaments", json=body, headers=admin).status_code == 201
    seen: list[str] = []
    page = client.get("/tournaments", params={"limit": 2}).json()
    while True:
        seen += [t["id"] for t in page["items"]]
        if page["next"] is None:
            break
        page = client.get("/tournaments", params={"limit": 2, "after": page["next"]}).json()
    assert len(seen) == len(set(seen)) == page["total"] >= 3
