"""README.md stays short and true, and the pages it sends readers to stay complete: its two
commands are the Makefile's and CI's, its quick start plays a game to the end, its links
and docs/' links resolve, docs/http-api.md lists every route of the OpenAPI document, and
docs/cli.md's synopsis has every command and option `gamestate --help` has. (The examples
themselves run in test_shell_blocks.py.)"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator
from pathlib import Path

from service.ops.cli import parser
from tests.docs.shell_blocks import PAGES, README, ROOT, blocks, steps

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def test_the_readme_is_short() -> None:
    assert len(README.read_bytes()) <= 12 * 1024


def test_the_two_commands_are_the_makefiles_and_ci_runs_the_test_command() -> None:
    commands = [
        step.command.split("#")[0].strip()
        for block in blocks(README)
        if block.code.startswith("make run")
        for step in steps(block)
    ]
    assert commands == ["make run", "make test"]
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^run: .*\n\t\$\(BIN\)/gamestate serve$", makefile, re.M)
    assert re.search(r"^test: .*\n(\t.*\n)*\t\$\(BIN\)/python -m pytest$", makefile, re.M)
    ci = [line for line in (ROOT / ".ci/run").read_text().splitlines() if line.strip()]
    assert ci[-1] == "make test", "CI's last step is the README's test command, unchanged"


def test_the_quick_start_uses_base_and_plays_to_the_end() -> None:
    run = [block for block in blocks(README) if block.not_run_reason is None]
    assert run[0].code.startswith("BASE=http://127.0.0.1:8000")
    assert any(block.finished_games for block in run)
    text = README.read_text()
    for game in ("Azul", "Splendor", "Carcassonne", "The River", "Castles of Mad King Ludwig"):
        assert game in text
    assert "Three Kingdoms Redux" in text and "Hearts" in text


def _links(page: Path) -> Iterator[tuple[str, Path]]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)  # code is not a link
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        yield target, (page.parent / target.split("#")[0]).resolve()


def test_relative_links_resolve() -> None:
    broken = [
        f"{page.relative_to(ROOT)}: {target}"
        for page in PAGES
        for target, path in _links(page)
        if not path.exists()
    ]
    assert not broken, "\n".join(broken)


def test_the_route_table_has_every_route() -> None:
    document = json.loads((ROOT / "openapi/openapi.json").read_text())
    table = (ROOT / "docs/http-api.md").read_text()
    table = table[table.index("## Routes") : table.index("## Conventions")]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    missing = []
    for path, operations in document["paths"].items():
        for method in operations:
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            if not any(_row_has(row, method.upper(), path) for row in rows):
                missing.append(f"{method.upper()} {path}")
    assert not missing, "docs/http-api.md's route table lacks:\n" + "\n".join(missing)


def _row_has(row: str, method: str, path: str) -> bool:
    """A row names a route as `METHOD /path`, or shortens a sibling of an earlier path in
    the same row to `…/tail` (`POST /tournaments/{id}/players`, `…/start`)."""
    first = row.split(" | ")[0]
    if method not in first:
        return False
    normal = re.sub(r"\{[^}]*\}", "{}", path)
    found = re.findall(r"(/[^\s`,?]*)", first)  # a query string is not part of the path
    named = [re.sub(r"\{[^}]*\}", "{}", p) for p in found]
    if normal in named:
        return True
    for short in re.findall(r"…(/[^\s`,]*)", first):
        tail = re.sub(r"\{[^}]*\}", "{}", short)
        if normal.endswith(tail) and any(normal.startswith(n.split("/{}")[0]) for n in named):
            return True
    return False


def _commands(command: argparse.ArgumentParser, prefix: str) -> Iterator[tuple[str, list[str]]]:
    for action in command._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, f"{prefix} {name}")
            return
    options = [
        option
        for action in command._actions
        if action.help != argparse.SUPPRESS
        for option in action.option_strings
        if option.startswith("--") and option != "--help"
    ]
    yield prefix, options


def test_the_cli_page_has_every_command_and_option() -> None:
    page = (ROOT / "docs/cli.md").read_text()
    synopsis = page[page.index("## Commands") : page.index("## Where things are")]
    problems = []
    for name, options in _commands(parser(), "gamestate"):
        entries = [m.start() for m in re.finditer(re.escape(name) + r"\b", synopsis)]
        if not entries:
            problems.append(f"{name} is not in docs/cli.md")
            continue
        # The command's entry: from its name to the next `gamestate ` line.
        start = entries[0]
        end = synopsis.find("\ngamestate ", start + 1)
        entry = synopsis[start : end if end > 0 else None]
        problems.extend(f"{name} {o} is not in docs/cli.md" for o in options if o not in entry)
    assert not problems, "\n".join(problems)
