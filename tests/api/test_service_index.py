"""``GET /`` says where things are, and ``/favicon.ico`` answers (issue 36)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_root_links_the_docs_the_viewer_the_catalogue_and_health(client) -> None:
    answer = client.get("/")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    body = answer.json()
    links = body["links"]
    assert links == {
        "docs": "/docs",
        "openapi": "/schema/openapi.json",
        "viewer": "/viewer/",
        "game_types": "/games/types",
        "health": "/health",
    }
    for path in links.values():
        assert client.get(path).status_code == 200, path
    assert body["guide"].startswith("docs/") and (ROOT / "docs").is_dir()


def test_the_root_is_in_the_openapi_document_and_the_favicon_is_not(client) -> None:
    paths = client.get("/schema/openapi.json").json()["paths"]
    assert paths["/"]["get"]["operationId"] == "getServiceIndex"
    assert "/favicon.ico" not in paths


def test_the_favicon_is_the_viewers_icon(client) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.content == (ROOT / "service/api/viewer/favicon.svg").read_bytes()
