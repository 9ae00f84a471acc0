"""The viewer's routes over HTTP (the pages themselves are tested in a browser: tests/browser)."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from service.api.routes import viewer

ASSETS = Path(viewer.__file__).resolve().parent.parent / "viewer"


@pytest.mark.parametrize(
    "path",
    ["/viewer/", "/viewer", f"/viewer/games/{uuid.uuid4()}", f"/viewer/tournaments/{uuid.uuid4()}"],
)
def test_every_page_is_the_index_with_a_strict_content_security_policy(client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/viewer/static/app.js">' in response.text
    csp = response.headers["content-security-policy"]
    assert "default-src 'self'" in csp
    assert "script-src 'self'" in csp and "unsafe" not in csp


def test_static_files_are_served_with_the_same_policy(client) -> None:
    for name in ("app.js", "games/carcassonne.js", "viewer.css", "favicon.svg"):
        response = client.get(f"/viewer/static/{name}")
        assert response.status_code == 200, name
        assert "default-src 'self'" in response.headers["content-security-policy"]
    assert "javascript" in client.get("/viewer/static/app.js").headers["content-type"]
    assert client.get("/viewer/static/nope.js").status_code == 404
    assert client.get("/viewer/games/not-a-uuid").status_code == 404


def test_the_assets_fetch_nothing_from_another_origin() -> None:
    for path in ASSETS.rglob("*"):
        if path.suffix in {".js", ".html", ".css", ".svg"}:
            text = path.read_text()
            assert "http://" not in text.replace("http://www.w3.org/2000/svg", ""), path
            assert "https://" not in text and "//cdn" not in text, path


def test_components_describe_the_printed_pieces(client) -> None:
    carcassonne = client.get("/viewer/components/carcassonne").json()
    start = carcassonne["tiles"]["D"]["rotations"][1]  # a quarter turn clockwise
    assert start["edges"] == "RCRF"
    assert {s["name"] for s in start["segments"]} >= {"city0", "road0"}
    castles = client.get("/viewer/components/castles").json()
    assert castles["pieces"]["0"]["name"] == "Foyer"
    assert len(castles["pieces"]["1"]["rotations"]) == 4
    kingdoms = client.get("/viewer/components/three_kingdoms", params={"pack": "standard"}).json()
    assert [k["id"] for k in kingdoms["kingdoms"]] == ["wei", "wu", "shu"]
    assert client.get("/viewer/components/azul").json()["wall"][0][0] == "blue"
    assert client.get("/viewer/components/chess").status_code == 404
    assert (
        client.get("/viewer/components/three_kingdoms", params={"pack": "nope"}).status_code == 404
    )


def test_the_viewer_is_not_in_the_openapi_document(client) -> None:
    paths = client.get("/schema/openapi.json").json()["paths"]
    assert not [p for p in paths if p.startswith("/viewer")]
