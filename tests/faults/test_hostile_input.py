"""Malformed and hostile requests beyond what schemathesis generates: each gets a 4xx problem
(never a 500, never a hang), over the real HTTP stack (uvicorn) where transport limits matter."""

from __future__ import annotations

import json

import httpx
import pytest

from tests.faults.support import auth


@pytest.fixture(scope="module")
def http(live_url: str):
    with httpx.Client(base_url=live_url, timeout=30) as client:
        yield client


@pytest.fixture(scope="module")
def game(http: httpx.Client) -> dict:
    created = http.post("/games", json={"game": "azul", "seats": [{"name": "h0"}, {"name": "h1"}]})
    assert created.status_code == 201
    body = created.json()
    to_act = http.get(f"/games/{body['id']}").json()["to_act"][0]
    body["token"] = body["seats"][to_act]["token"]
    body["other"] = body["seats"][1 - to_act]["token"]
    return body


def _problem(response: httpx.Response, *statuses: int) -> dict:
    assert response.status_code in statuses, (response.status_code, response.text[:300])
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["status"] == response.status_code and problem["code"]
    return problem


def test_a_huge_body_is_refused_with_413(http: httpx.Client, game: dict) -> None:
    padding = "x" * 2_000_000
    response = http.post(
        "/games",
        content=b'{"game": "azul", "pad": "' + padding.encode() + b'"}',
        headers={"content-type": "application/json"},
    )
    assert _problem(response, 413)["code"] == "request_too_large"
    response = http.post(
        f"/games/{game['id']}/commands",
        json={"command": {"type": "azul.take_tiles", "pad": padding}},
        headers=auth(game["token"]),
    )
    _problem(response, 413)


def test_a_huge_chunked_body_is_refused_with_413(http: httpx.Client) -> None:
    def chunks():
        yield b'{"game": "azul", "pad": "'
        for _ in range(200):
            yield b"x" * 10_000
        yield b'"}'

    response = http.post("/games", content=chunks(), headers={"content-type": "application/json"})
    _problem(response, 413)


@pytest.mark.parametrize("depth", [100, 5_000, 30_000])
def test_deeply_nested_json_is_a_400(http: httpx.Client, game: dict, depth: int) -> None:
    body = b'{"command": ' + b"[" * depth + b"]" * depth + b"}"
    response = http.post(
        f"/games/{game['id']}/commands",
        content=body,
        headers={**auth(game["token"]), "content-type": "application/json"},
    )
    _problem(response, 400, 413)
    body = b'{"game": "azul", "seats": ' + b'{"a":' * depth + b"1" + b"}" * depth + b"}"
    response = http.post("/games", content=body, headers={"content-type": "application/json"})
    _problem(response, 400, 413)


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "application/xml",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xyz",
        "application/json; charset=latin-1",
        "",
    ],
)
def test_wrong_content_types_are_a_4xx(http: httpx.Client, content_type: str) -> None:
    response = http.post(
        "/games",
        content=b'{"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}'
        if "json" in content_type
        else b"<game>azul</game>",
        headers={"content-type": content_type},
    )
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        _problem(response, 400, 415)


@pytest.mark.parametrize(
    "body",
    [
        b"\xff\xfe{}",
        b'{"game": "azul\xc3\x28", "seats": [{"name": "a"}, {"name": "b"}]}',
        b'{"game": "azul", "seats": [{"name": "\xed\xa0\x80"}, {"name": "b"}]}',
        b'{"game": "azul", "seats": [{"name": "\\ud800"}, {"name": "b"}]}',
        b"",
        b"null",
        b"[]",
        b'{"game": "azul", "seats": [{"name": "a"}, {"name": "b"}], "seed": 1e999}',
        b'{"game": "azul"',
    ],
)
def test_invalid_utf8_and_broken_json_are_a_400(http: httpx.Client, body: bytes) -> None:
    response = http.post("/games", content=body, headers={"content-type": "application/json"})
    _problem(response, 400)


def test_a_huge_integer_version_is_a_400(http: httpx.Client, game: dict) -> None:
    legal = http.get(f"/games/{game['id']}/legal-commands", headers=auth(game["token"])).json()
    for version in (2**80, -1, 0, "1", 1.5):
        response = http.post(
            f"/games/{game['id']}/commands",
            json={"command": legal["commands"][0], "expected_version": version},
            headers=auth(game["token"]),
        )
        _problem(response, 400)


def test_a_token_of_another_game_is_a_403(http: httpx.Client, game: dict) -> None:
    other = http.post("/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]})
    foreign = other.json()["seats"][0]["token"]
    for method, path in (
        ("GET", f"/games/{game['id']}"),
        ("GET", f"/games/{game['id']}/legal-commands"),
        ("GET", f"/games/{game['id']}/events"),
        ("GET", f"/games/{game['id']}/views/1"),
    ):
        response = http.request(method, path, headers=auth(foreign))
        assert _problem(response, 403)["code"] == "token_for_another_game"
    legal = http.get(f"/games/{game['id']}/legal-commands", headers=auth(game["token"])).json()
    response = http.post(
        f"/games/{game['id']}/commands",
        json={"command": legal["commands"][0]},
        headers=auth(foreign),
    )
    assert _problem(response, 403)["code"] == "token_for_another_game"


def test_a_replayed_stale_version_is_a_409(http: httpx.Client) -> None:
    created = http.post(
        "/games", json={"game": "azul", "seats": [{"name": "s0"}, {"name": "s1"}]}
    ).json()
    seat = http.get(f"/games/{created['id']}").json()["to_act"][0]
    token = created["seats"][seat]["token"]
    legal = http.get(f"/games/{created['id']}/legal-commands", headers=auth(token)).json()
    body = {"command": legal["commands"][0], "expected_version": legal["version"]}
    first = http.post(f"/games/{created['id']}/commands", json=body, headers=auth(token))
    assert first.status_code == 200
    for _ in range(2):
        again = http.post(f"/games/{created['id']}/commands", json=body, headers=auth(token))
        assert _problem(again, 409)["code"] == "stale_version"  # one code for one condition
    version = http.get(f"/games/{created['id']}").json()["version"]
    assert version == first.json()["version"]


@pytest.mark.parametrize("size", [10_000, 100_000, 1_000_000])
def test_very_long_headers_are_a_4xx_or_dropped(http: httpx.Client, game: dict, size: int) -> None:
    try:
        response = http.get(
            f"/games/{game['id']}", headers={"Authorization": "Bearer " + "a" * size}
        )
    except httpx.RemoteProtocolError:
        return  # the server dropped the connection: acceptable for a hostile request
    assert response.status_code < 500
    assert response.status_code in (400, 401, 413, 431)
    try:
        response = http.get(f"/games/{game['id']}", headers={"X-Junk": "j" * size})
    except httpx.RemoteProtocolError:
        return
    assert response.status_code < 500


@pytest.mark.parametrize(
    ("header", "value", "status"),
    [
        ("Authorization", "Bearer", 401),
        ("Authorization", "Basic dXNlcjpwYXNz", 401),
        ("Authorization", "Bearer \u00e9\u00e9", 401),
        ("Idempotency-Key", "k" * 300, 400),
        ("Idempotency-Key", "has space", 400),
    ],
)
def test_odd_auth_and_idempotency_headers_are_a_4xx(
    http: httpx.Client, game: dict, header: str, value: str, status: int
) -> None:
    headers = {"Authorization": f"Bearer {game['token']}", header: value}
    legal = http.get(f"/games/{game['id']}/legal-commands", headers=auth(game["token"])).json()
    response = http.post(
        f"/games/{game['id']}/commands",
        content=json.dumps({"command": legal["commands"][0]}).encode(),
        headers={
            **{k: v.encode() for k, v in headers.items()},
            "content-type": "application/json",
        },
    )
    _problem(response, status)


@pytest.mark.parametrize(
    "path",
    [
        "/games/not-a-uuid",
        "/games/00000000-0000-0000-0000-000000000000",
        "/games/00000000-0000-0000-0000-000000000000/views/99999999999999999999",
        "/games/%00",
        "/games/" + "a" * 5000,
        "/games?limit=-1",
        "/games?offset=1e9",
        "/games?player=%00",
    ],
)
def test_odd_paths_and_queries_are_a_4xx(http: httpx.Client, path: str) -> None:
    response = http.get(path)
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:200])
