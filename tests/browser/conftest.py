"""A real browser (Playwright driving Debian's Chromium) on the real service (``live_url``).

Playwright's own browser download is not used: the tests drive the system Chromium
(``apt-get install chromium``; ``.ci/run`` installs it). Without it, or without the
``playwright`` package, the tests fail in CI (``CI`` set) and are skipped elsewhere."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def _unavailable(reason: str) -> None:
    message = f"browser tests need {reason}"
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="package")
def browser() -> Iterator:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package: pip install -e '.[test]'")
    if not Path(CHROMIUM).exists():
        _unavailable(f"Chromium at {CHROMIUM}: apt-get update && apt-get install -y chromium")
    with sync_playwright() as playwright:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


class Watched:
    """A page, with every request URL and every console error it produced."""

    def __init__(self, page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.requests: list[str] = []
        self.authorizations: list[str] = []
        self.errors: list[str] = []
        self.pending: dict[object, str] = {}
        page.on("request", self._request)
        page.on("requestfinished", self._done)
        page.on("requestfailed", self._done)
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))

    def _request(self, request) -> None:
        self.requests.append(request.url)
        self.pending[request] = request.url
        header = request.headers.get("authorization")
        if header:
            self.authorizations.append(f"{urlsplit(request.url).path} {header}")

    def _done(self, request) -> None:
        self.pending.pop(request, None)

    def settle(self, quiet_ms: int = 500, timeout_ms: int = 30_000) -> None:
        """Waits until no request is in flight and none started for ``quiet_ms``.

        Playwright's ``networkidle`` does this too, but on a loaded machine it timed out with
        nothing to show for it; this one names the requests still open when it gives up."""
        waited, quiet, seen = 0, 0, len(self.requests)
        step = 100
        while quiet < quiet_ms:
            assert waited < timeout_ms, f"requests still open: {sorted(self.pending.values())}"
            self.page.wait_for_timeout(step)  # lets Playwright deliver the page's events
            waited += step
            busy = self.pending or len(self.requests) != seen
            quiet, seen = (0 if busy else quiet + step), len(self.requests)

    def goto(self, path: str) -> None:
        self.page.goto(self.base_url + path)

    def check(self) -> None:
        host = urlsplit(self.base_url).netloc
        # blob: and data: URLs are made in the page (Redoc's search worker): nothing fetched.
        fetched = [u for u in self.requests if urlsplit(u).scheme not in ("blob", "data")]
        foreign = [u for u in fetched if urlsplit(u).netloc != host]
        assert not foreign, f"requests to another host: {foreign}"
        assert not self.errors, f"console errors: {self.errors}"


@pytest.fixture
def watched(browser, live_url: str) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 830})
    page = context.new_page()
    page.set_default_timeout(15_000)
    watch = Watched(page, live_url)
    yield watch
    context.close()
    watch.check()


@pytest.fixture
def api(live_url: str) -> Iterator:
    import httpx

    with httpx.Client(base_url=live_url, timeout=30) as client:
        yield client
