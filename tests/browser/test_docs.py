"""The API docs pages render in a real browser under their Content-Security-Policy (issue #31,
item 11; the headers themselves: tests/security/test_docs_headers.py): Redoc with its styles
(written with the page's nonce), Swagger UI with its operations, no policy violation but the
one below, and nothing loaded from another host.

Redoc's bundle shows the Redocly logo from cdn.redoc.ly in its side menu; the policy blocks it
(the img is dropped when it fails to load), which Chromium reports on the console. Before the
policy the logo was fetched from that host on every visit."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

BLOCKED_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


@pytest.fixture
def page(browser, live_url: str) -> Iterator:
    context = browser.new_context(viewport={"width": 1280, "height": 830})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.errors = []
    page.responses = []
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("pageerror", lambda e: page.errors.append(f"uncaught: {e}"))
    page.on("response", lambda r: page.responses.append(r.url))
    yield page
    context.close()


def _check(page, live_url: str) -> None:
    host = urlsplit(live_url).netloc
    # blob: URLs of this origin are made in the page (Redoc's search worker).
    local = [url.removeprefix("blob:") for url in page.responses]
    foreign = [url for url in local if urlsplit(url).netloc != host]
    assert not foreign, f"answers from another host: {foreign}"
    errors = [
        error
        for error in page.errors
        if BLOCKED_LOGO not in error and "favicon.ico" not in error and "404" not in error
    ]
    assert not errors, f"console errors: {errors}"


def test_redoc_renders_with_its_styles_under_the_policy(page, live_url: str) -> None:
    page.goto(f"{live_url}/docs")
    page.locator("h2", has_text="The games this service hosts").wait_for()
    assert page.inner_text("h1").startswith("gamestate")
    # The side menu is laid out by the styles Redoc writes (allowed by the page's nonce):
    # blocked, it would be a plain, full-width list.
    width = page.eval_on_selector(".menu-content", "e => e.getBoundingClientRect().width")
    assert 150 < width < 400, width
    assert page.locator("style[nonce]").count() >= 1
    _check(page, live_url)


def test_swagger_ui_renders_its_operations_under_the_policy(page, live_url: str) -> None:
    page.goto(f"{live_url}/schema/swagger")
    page.wait_for_selector(".opblock")
    assert page.locator(".opblock").count() > 20
    assert "validator.swagger.io" not in page.content()
    _check(page, live_url)
