"""MkDocs hooks (mkdocs.yml `hooks:`): the site is docs/ plus a few repository pages.

The docs are written to read on a repository browser too, so they link files outside docs/
with relative paths (``../bench/README.md``), which MkDocs alone reports as not found. Here:

- ``on_files`` mounts the repository pages of ``MOUNTS`` (the README's quick start, the
  deployment guide, the benchmark page and its plots) into the site, each under a path of
  its own, and builds the navigation from every page present, so no page can be left out
  of it: the pages of docs/ in file order after the home page, the mounted ones where
  ``MOUNTS`` puts them.
- ``on_page_markdown`` rewrites every relative link as the site needs it: to a page of docs/
  or a mounted file, the site's relative path; to another file that exists in the
  repository (a script, a manifest), the link's text and the file's repository path as code,
  since the site does not carry it; to a file that exists nowhere, left as it is, so that
  ``mkdocs build --strict`` fails on it as on any broken link.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent

# Repository file or glob -> (site path, navigation title, place): "start" after the home
# page, "end" after the pages of docs/, None for files that are not pages (images).
MOUNTS: dict[str, tuple[str, str | None, str | None]] = {
    "README.md": ("quickstart.md", "Quick start", "start"),
    "deploy/README.md": ("deploy/README.md", "Deployment", "end"),
    "bench/README.md": ("bench/README.md", "Benchmarks", "end"),
    "bench/plots/*.png": ("bench/plots/", None, None),
}

# A Markdown link or image: [text](target "optional title"); not inside code (see below).
LINK = re.compile(r"(!?)\[([^\]\n]*)\]\(([^()\s]+)((?:\s+\"[^\"]*\")?)\)")
# A reference definition: [name]: target "optional title".
DEFINITION = re.compile(r"^( {0,3}\[[^\]\n]+\]:[ \t]*)(\S+)(.*)$", re.M)
FENCE = re.compile(r"^(```|~~~).*?^\1\s*$", re.M | re.S)
CODE = re.compile(r"(`+)[^`\n]*?\1")


def _mounted(docs_dir: Path) -> dict[str, str]:
    """Repository path -> site path of every mounted file that exists."""
    found: dict[str, str] = {}
    for pattern, (site_path, _title, _place) in MOUNTS.items():
        for path in sorted(ROOT.glob(pattern)):
            repo_path = path.relative_to(ROOT).as_posix()
            found[repo_path] = site_path + path.name if site_path.endswith("/") else site_path
    return found


_derive_nav = True


def on_config(config: Any) -> Any:
    global _derive_nav
    # mkdocs.yml may still name a nav of its own; then it is used as written.
    _derive_nav = not config["nav"]
    return config


def on_files(files: Files, config: Any) -> Files:
    docs_dir = Path(config["docs_dir"]).resolve()
    for repo_path, site_path in _mounted(docs_dir).items():
        files.append(File.generated(config, site_path, abs_src_path=str(ROOT / repo_path)))
    if _derive_nav:
        config["nav"] = _navigation(files)
    return files


def _navigation(files: Files) -> list[Any]:
    mounted_pages = {site: (title, place) for site, title, place in MOUNTS.values() if title}
    own = sorted(f.src_uri for f in files.documentation_pages() if f.src_uri not in mounted_pages)
    home = [uri for uri in own if uri == "index.md"]
    present = {f.src_uri for f in files.documentation_pages()}

    def placed(where: str) -> list[Any]:
        return [
            {title: site}
            for site, (title, place) in mounted_pages.items()
            if place == where and site in present
        ]

    rest = [uri for uri in own if uri != "index.md"]
    return home + placed("start") + rest + placed("end")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    docs_dir = Path(config["docs_dir"]).resolve()
    source = Path(page.file.abs_src_path).resolve()
    repo_dir = posixpath.dirname(source.relative_to(ROOT).as_posix())
    site_dir = posixpath.dirname(page.file.src_uri)
    mounted = _mounted(docs_dir)
    docs_prefix = docs_dir.relative_to(ROOT).as_posix() + "/"

    def site_path_of(repo_path: str) -> str | None:
        if repo_path in mounted:
            return mounted[repo_path]
        if repo_path.startswith(docs_prefix) and (ROOT / repo_path).exists():
            return repo_path[len(docs_prefix) :]
        return None

    def rewrite(match: re.Match[str]) -> str:
        bang, text, target, title = match.groups()
        if re.match(r"^[a-z][a-z0-9+.-]*:|^#|^/", target, re.I):
            return match.group(0)  # a URL, an anchor on the same page, a site-absolute path
        path, _, anchor = target.partition("#")
        repo_path = posixpath.normpath(posixpath.join(repo_dir, path))
        if repo_path.startswith("../"):
            return match.group(0)  # outside the repository: let MkDocs report it
        site_path = site_path_of(repo_path)
        if site_path is not None:
            relative = posixpath.relpath(site_path, site_dir or ".")
            return f"{bang}[{text}]({relative}{'#' + anchor if anchor else ''}{title})"
        if (ROOT / repo_path).exists() and not bang:
            shown = text.strip("`")
            return text if shown == repo_path else f"{text} (`{repo_path}` in the repository)"
        return match.group(0)  # missing: MkDocs reports it (strict builds fail)

    def redefine(match: re.Match[str]) -> str:
        # Only a page of the site can be a definition's target here: any other target is left
        # for MkDocs to report.
        head, target, tail = match.groups()
        path, _, anchor = target.partition("#")
        if re.match(r"^[a-z][a-z0-9+.-]*:|^#|^/", target, re.I):
            return match.group(0)
        site_path = site_path_of(posixpath.normpath(posixpath.join(repo_dir, path)))
        if site_path is None:
            return match.group(0)
        relative = posixpath.relpath(site_path, site_dir or ".")
        return f"{head}{relative}{'#' + anchor if anchor else ''}{tail}"

    def change(part: str) -> str:
        return DEFINITION.sub(redefine, _links_outside_spans(part, rewrite))

    return _outside_fences(markdown, change)


def _outside_fences(markdown: str, change: Any) -> str:
    """``change`` applied to the text between fenced code blocks."""
    out, last = [], 0
    for fence in FENCE.finditer(markdown):
        out.append(change(markdown[last : fence.start()]))
        out.append(fence.group(0))
        last = fence.end()
    out.append(change(markdown[last:]))
    return "".join(out)


def _links_outside_spans(text: str, rewrite: Any) -> str:
    """Links rewritten, except those that start inside an inline code span (a link's text
    may hold a code span: that one is rewritten)."""
    spans = [(m.start(), m.end()) for m in CODE.finditer(text)]

    def checked(match: re.Match[str]) -> str:
        inside = any(a < match.start() < b for a, b in spans)
        return match.group(0) if inside else rewrite(match)

    return LINK.sub(checked, text)
