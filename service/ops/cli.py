"""The ``gamestate`` command line. Each group of commands is a module under
``service/ops/commands`` with ``register(subparsers)``; a new group is one line in COMMAND_MODULES.

Exit codes: 0 success, 1 a check failed or the server could not be reached, 2 usage error
(a bad setting or content pack included)."""

from __future__ import annotations

import argparse
import sys

from domain import registry
from service.ops.commands import (
    audit,
    backup,
    core,
    packs,
    play,
    ratings,
    replay,
    scaffold,
    tournament,
)
from service.ops.environment import stderr
from service.ops.packs import ContentPackError, load_content_packs, one_line
from service.support.config import ConfigError, Settings

COMMAND_MODULES = (core, play, replay, tournament, audit, ratings, packs, scaffold, backup)

EXAMPLES = """examples:
  gamestate serve --port 8000                       the service (embedded PostgreSQL)
  gamestate play azul --players 3 --games 50        bots play (in-process, or --url)
  gamestate play azul --url http://127.0.0.1:8000   2 bots play a game you can watch
  gamestate replay GAME_ID --url http://127.0.0.1:8000
  gamestate audit --all                             verify every finished game
  gamestate leaderboard azul [--url URL]            a game's leaderboard
  gamestate ratings show PLAYER_ID [--url URL]      a player's ratings
  gamestate ratings rebuild                         ratings again from the stored games
  gamestate tournament demo splendor --players 8 --format swiss
  gamestate new-game mygame                         a game package to start from

environment: DATABASE_URL, GAMESTATE_URL, GAMESTATE_TOKEN, ... (docs/configuration.md)"""


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="gamestate",
        description="Event-sourced board-game state service. `gamestate COMMAND --help` for"
        " each command's options.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = root.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(commands)
    return root


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        stderr(f"gamestate: {exc}")
        return 2
    if args.command != "new-game":  # writes a game; needs none of the installed ones
        try:
            registry.select(settings.games)
        except registry.RegistryError as exc:
            stderr(f"gamestate: {exc}")
            return 2
    try:
        loaded = load_content_packs(settings.content_packs, settings.content_pack_max_bytes)
    except ContentPackError as exc:
        # A bad pack is a configuration error, like a bad setting: exit 2.
        stderr(f"gamestate: content pack: {one_line(exc)}")
        return 2
    if args.command == "serve":
        for line in loaded:
            stderr(f"gamestate: loaded {line}")
    try:
        return args.run(args, settings)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
