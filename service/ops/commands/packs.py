"""check-pack: validate content-pack files the way the service loads them, with clear errors."""

from __future__ import annotations

import argparse
from pathlib import Path

from service.ops.environment import stderr
from service.ops.packs import ContentPackError, load_file, one_line
from service.support.config import Settings


def run(args: argparse.Namespace, settings: Settings) -> int:
    failures = 0
    for path in args.files:
        try:
            name, status, note = load_file(args.game, path, settings.content_pack_max_bytes)
        except ContentPackError as exc:
            print(f"INVALID {one_line(exc)}", flush=True)
            failures += 1
            continue
        print(f"ok {path}: {args.game} content pack {name!r}, {status}: {note}", flush=True)
    if failures:
        stderr(f"gamestate: {failures} of {len(args.files)} content packs are invalid")
    return 1 if failures else 0


def register(commands: argparse._SubParsersAction) -> None:
    check = commands.add_parser(
        "check-pack",
        help="validate content-pack files (as GAMESTATE_CONTENT_PACKS loads them)",
        description="Validate content-pack files for a game and say what is wrong, if anything."
        " To play with a pack, put it in $GAMESTATE_CONTENT_PACKS/<game>/ (docs/content-packs.md).",
    )
    # No `choices`: the served games are chosen (GAMESTATE_GAMES) after the parser is built;
    # load_file names the games that take packs when this one does not.
    check.add_argument("game", help="the game the packs are for (one that takes packs)")
    check.add_argument("files", nargs="+", type=Path, metavar="FILE")
    check.set_defaults(run=run)
