"""The documentation site (mkdocs.yml, mkdocs_hooks.py) builds with no warning, lists every
page of docs/ in its navigation, and makes the reader's browser fetch nothing from another
host."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        # Material's banner about its end of life is printed at every start: not a warning of
        # this build, and noise in a failure's output.
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    log = build.stdout + build.stderr
    assert build.returncode == 0, f"mkdocs build --strict failed:\n{log}"
    # --strict turns warnings into a failure; this also catches one MkDocs logs without it.
    assert "WARNING" not in log, log
    return out


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.nav: list[str] = []
        self.fetched: list[str] = []
        self.classes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = found.get("class") or ""
        self.classes.append(classes)
        if tag == "a" and "md-nav__link" in classes.split():
            self.nav.append(found.get("href") or "")
        # What a browser loads by itself when it shows the page (a plain <a> is only a link).
        if tag in {"script", "img", "iframe", "source", "video", "audio", "embed"}:
            self.fetched.append(found.get("src") or "")
        if tag == "link" and (found.get("rel") or "") not in {"canonical", "next", "prev"}:
            self.fetched.append(found.get("href") or "")


def _parse(page: Path) -> _Links:
    links = _Links()
    links.feed(page.read_text(encoding="utf-8"))
    return links


def _url_of(page: Path) -> str:
    """The site URL (relative to the site's root) of a page of docs/."""
    relative = page.relative_to(DOCS).with_suffix("").as_posix()
    if relative == "index":
        return "."
    if relative.endswith(("/index", "/README")) or relative == "README":
        return relative.rpartition("/")[0] + "/" if "/" in relative else "."
    return relative + "/"


def test_every_page_of_docs_is_in_the_navigation(site: Path) -> None:
    nav = {href.rstrip("/") or "." for href in _parse(site / "index.html").nav}
    pages = sorted(DOCS.rglob("*.md"))
    assert pages
    missing = [str(p.relative_to(ROOT)) for p in pages if _url_of(p).rstrip("/") not in nav]
    assert not missing, f"pages missing from the site's navigation: {missing}"
    # The repository pages mkdocs_hooks.py mounts are there too.
    assert {"quickstart", "bench", "deploy"} <= nav


def test_the_site_fetches_nothing_from_another_host(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10
    external = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.I)
    for page in pages:
        links = _parse(page)
        remote = [url for url in links.fetched if external.match(url)]
        assert not remote, f"{page.relative_to(site)} loads {remote}"
        # Material fetches its diagram library from a CDN for a page with a Mermaid diagram.
        assert not any("mermaid" in c.split() for c in links.classes), page
    for sheet in site.rglob("*.css"):
        assert not re.search(r"@import|url\(\s*['\"]?(?:https?:)?//", sheet.read_text()), sheet


def test_links_outside_docs_are_rewritten_for_the_site() -> None:
    """A link to a mounted repository page points into the site; to another repository file,
    it becomes the file's path; to a file that exists nowhere, it is left for MkDocs to report
    (the strict build above fails on it); code is left alone."""
    import mkdocs_hooks

    page = SimpleNamespace(file=SimpleNamespace(abs_src_path=str(DOCS / "x.md"), src_uri="x.md"))
    markdown = (
        "[a](../bench/README.md#history) [b](../bench/http_load.py) [c](../nowhere.md) "
        "[`d`](../deploy/README.md) `[e](../bench/README.md)` ![f](../bench/plots/soak.png)\n"
        "```\n[g](../README.md)\n```\n\n[h]: ../README.md#two-commands\n"
    )
    out = mkdocs_hooks.on_page_markdown(markdown, page, {"docs_dir": str(DOCS)}, None)
    assert "[a](bench/README.md#history)" in out
    assert "b (`bench/http_load.py` in the repository)" in out
    assert "[c](../nowhere.md)" in out
    assert "[`d`](deploy/README.md)" in out
    assert "`[e](../bench/README.md)`" in out
    assert "![f](bench/plots/soak.png)" in out
    assert "[g](../README.md)" in out
    assert "[h]: quickstart.md#two-commands" in out
