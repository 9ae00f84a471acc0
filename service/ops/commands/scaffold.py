"""new-game: write a game package that passes the conformance kit as generated.

The package (templates in ``service/ops/templates/game``) is a trivial game to replace:
pyproject.toml with the ``gamestate.games`` entry point and a dependency on gamestate,
``NAME/`` with commands, events, state, rules and view, and ``tests/test_kit.py`` running
``domain.testing.check_game``. docs/writing-a-game.md walks through it."""

from __future__ import annotations

import argparse
import keyword
import re
from importlib import resources
from pathlib import Path
from string import Template

from service.ops.environment import stderr
from service.support.config import Settings

NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
"""A game's slug, which is also its Python package's name."""

FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "package/__init__.py.tmpl": "{name}/__init__.py",
    "package/commands.py.tmpl": "{name}/commands.py",
    "package/events.py.tmpl": "{name}/events.py",
    "package/state.py.tmpl": "{name}/state.py",
    "package/rules.py.tmpl": "{name}/rules.py",
    "package/view.py.tmpl": "{name}/view.py",
    "tests/test_kit.py.tmpl": "tests/test_kit.py",
}


class ScaffoldError(Exception):
    """A name or a folder the scaffold refuses; the message says why."""


def write_game(name: str, folder: Path, title: str | None = None) -> list[Path]:
    """Write the package of game ``name`` into ``folder`` (which must not exist or be
    empty); returns the files written."""
    if not NAME.match(name) or keyword.iskeyword(name):
        raise ScaffoldError(
            f"{name!r} cannot be a game's name: lower case letters, digits and _, starting"
            " with a letter, 32 at most (it is the slug and the Python package)"
        )
    if name in ("domain", "service", "tests", "gamestate"):
        raise ScaffoldError(f"{name!r} is taken by gamestate itself")
    if folder.exists() and any(folder.iterdir()):
        raise ScaffoldError(f"{folder} exists and is not empty")
    values = {
        "name": name,
        "title": title or name.replace("_", " ").title(),
        "dist": f"gamestate-{name.replace('_', '-')}",
    }
    templates = resources.files("service.ops") / "templates" / "game"
    written = []
    for source, target in FILES.items():
        path = folder / target.format(name=name)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = Template(templates.joinpath(source).read_text()).substitute(values)
        path.write_text(text)
        written.append(path)
    return written


def run(args: argparse.Namespace, settings: Settings) -> int:
    folder = args.dir if args.dir is not None else Path(args.name)
    try:
        written = write_game(args.name, folder, args.title)
    except ScaffoldError as exc:
        stderr(f"gamestate new-game: {exc}")
        return 2
    for path in written:
        print(path, flush=True)
    print(
        f"\nnext: cd {folder} && pip install -e . && python -m pytest"
        f"\n      the service then serves {args.name!r} (GET /games/types)",
        flush=True,
    )
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "new-game",
        help="write a new game package that passes the conformance kit",
        description="Write a game package (pyproject.toml with the gamestate.games entry point,"
        " commands, events, state, rules, view, and a test running the conformance kit): a"
        " trivial game to replace with yours (docs/writing-a-game.md).",
    )
    p.add_argument("name", help="the game's slug and Python package name (e.g. hearts)")
    p.add_argument("--dir", type=Path, default=None, help="where to write it (default ./NAME)")
    p.add_argument("--title", default=None, help="the game's title (default from NAME)")
    p.set_defaults(run=run)
