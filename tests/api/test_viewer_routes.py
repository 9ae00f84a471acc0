"""The viewer's routes over HTTP (the pages themselves are tested in a browser: tests/browser)."""

from __future__ import annotations

import uuid
from importlib import resources
from pathlib import Path

import pytest

from domain.registry import GAMES
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
    for name in ("app.js", "games/index.js", "games/generic.js", "viewer.css", "favicon.svg"):
        response = client.get(f"/viewer/static/{name}")
        assert response.status_code == 200, name
        assert "default-src 'self'" in response.headers["content-security-policy"]
    assert "javascript" in client.get("/viewer/static/app.js").headers["content-type"]
    assert client.get("/viewer/static/nope.js").status_code == 404
    assert client.get("/viewer/games/not-a-uuid").status_code == 404


def test_each_game_ships_its_board_served_under_the_same_policy(client) -> None:
    served = client.get("/viewer/games.json").json()
    assert set(served) == set(GAMES)
    for slug, spec in GAMES.items():
        info = served[slug]
        assert info["title"] == spec.title
        assert info["events"] == [cls.__struct_config__.tag for cls in spec.event_classes]
        assert info["components"] == (spec.viewer_components is not None)
        if spec.viewer_script is None:
            assert info["board"] is None
            continue
        assert info["board"] == f"/viewer/boards/{slug}.js"
        response = client.get(info["board"])
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/javascript")
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert "export default" in response.text
    for missing in ("/viewer/boards/chess.js", "/viewer/boards/azul.css", "/viewer/boards/azul"):
        assert client.get(missing).status_code == 404


def _board_files() -> list[Path]:
    out = []
    for spec in GAMES.values():
        if spec.viewer_script is not None:
            package, name = spec.viewer_script
            out.append(Path(str(resources.files(package).joinpath(name))))
    return out


def test_the_assets_fetch_nothing_from_another_origin() -> None:
    for path in [*ASSETS.rglob("*"), *_board_files()]:
        if path.suffix in {".js", ".html", ".css", ".svg"}:
            text = path.read_text()
            assert "http://" not in text.replace("http://www.w3.org/2000/svg", ""), path
            assert "https://" not in text and "//cdn" not in text, path


def test_the_tournament_page_listens_to_every_tournament_event_type() -> None:
    """An EventSource only dispatches the event names it listens to: a type missing from the
    page's list would leave the page stale when that event happens."""
    import re

    import msgspec

    from domain.tournament import events

    tags = {
        cls.__struct_config__.tag
        for cls in vars(events).values()
        if isinstance(cls, type) and issubclass(cls, msgspec.Struct) and cls.__struct_config__.tag
    }
    tags = {t for t in tags if isinstance(t, str) and t.startswith("tournament.")}
    script = (ASSETS / "tournament.js").read_text()
    listed = set(re.findall(r'"(tournament\.[a-z_]+)"', script.split("const EVENTS", 1)[1]))
    assert tags and listed == tags


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
