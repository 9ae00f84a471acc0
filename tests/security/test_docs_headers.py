"""Issue #31, item 11: the docs pages (``/docs``, ``/schema/*``) were sent with no
Content-Security-Policy and no ``X-Content-Type-Options``, where the viewer's pages have both.
Now every answer under /docs and /schema carries a policy as strict as the viewer's: scripts
from this origin only (the pages have no inline script left), styles from this origin and
those Redoc writes (a nonce drawn per page, two hashes), nothing from another host. That the
pages still render under it is checked in a browser (tests/browser/test_docs.py)."""

from __future__ import annotations

import re

import pytest

from service.api.docs import REDOC_STYLES

PAGES = ["/docs", "/schema", "/schema/redoc", "/schema/swagger"]
OTHER = [
    "/schema/openapi.json",
    "/docs/assets/redoc/redoc.standalone.js",
    "/docs/assets/gamestate/redoc-init.js",
    "/docs/assets/swagger-ui/swagger-ui.css",
    "/schema/no-such-page",
]


def _policy(header: str) -> dict[str, list[str]]:
    directives = {}
    for part in header.split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


@pytest.mark.parametrize("path", PAGES + OTHER)
def test_every_docs_answer_is_sent_with_the_strict_headers(client, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == (404 if "no-such" in path else 200), path
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"
    policy = _policy(answer.headers["content-security-policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    styles = policy["style-src"]
    assert styles[0] == "'self'" and styles[1].startswith("'nonce-")
    assert styles[2:] == list(REDOC_STYLES)
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["connect-src"] == ["'self'"]
    assert policy["worker-src"] == ["blob:"]  # Redoc's search index
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert "'unsafe-inline'" not in answer.headers["content-security-policy"]
    assert "'unsafe-eval'" not in answer.headers["content-security-policy"]
    assert "http" not in answer.headers["content-security-policy"]  # no other host


@pytest.mark.parametrize("path", PAGES)
def test_the_pages_hold_no_inline_script_or_style_and_carry_their_nonce(client, path) -> None:
    first, second = client.get(path), client.get(path)
    html = first.text
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    assert "<style" not in html and "style=" not in html
    nonce = _policy(first.headers["content-security-policy"])["style-src"][1][7:-1]
    other = _policy(second.headers["content-security-policy"])["style-src"][1][7:-1]
    assert len(nonce) >= 16 and nonce != other  # drawn per page
    if "swagger" not in path:
        assert f'nonce="{nonce}"' in html  # handed to Redoc for its own <style> elements


def test_other_routes_keep_their_own_headers(client) -> None:
    assert "content-security-policy" not in client.get("/games/types").headers
    viewer = client.get("/viewer/")
    assert "'nonce-" not in viewer.headers["content-security-policy"]


def test_swagger_uis_oauth2_page_with_its_inline_script_is_not_served(client) -> None:
    assert client.get("/schema/oauth2-redirect.html").status_code == 404
