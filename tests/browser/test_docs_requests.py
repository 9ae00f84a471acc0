"""The API docs in a real browser: every request the pages make stays on the service's host
(Redoc used to load its logo from cdn.redoc.ly), and no console error."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest


@pytest.mark.parametrize(
    ("path", "rendered"),
    [
        ("/docs", "text=API docs by Redocly"),
        ("/schema/redoc", "text=API docs by Redocly"),
        ("/schema/swagger", ".swagger-ui .info"),
    ],
)
def test_the_docs_fetch_nothing_from_another_host(watched, path: str, rendered: str) -> None:
    page = watched.page
    watched.goto(path)
    page.wait_for_selector(rendered)
    watched.settle()
    host = urlsplit(watched.base_url).netloc
    assert watched.requests, "no request recorded"
    local = ("blob", "data")  # made in the page itself
    foreign = [
        u
        for u in watched.requests
        if urlsplit(u).scheme not in local and urlsplit(u).netloc != host
    ]
    assert not foreign, foreign
    # The icon browsers ask for by default is there (it was a 404).
    icon = page.request.get(watched.base_url + "/favicon.ico")
    assert icon.status == 200 and icon.headers["content-type"].startswith("image/svg+xml")
