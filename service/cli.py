"""The ``gamestate`` command line. Each group of commands is a module under
``service/commands`` with ``register(subparsers)``; a new group is one line in COMMAND_MODULES.

Exit codes: 0 success, 1 a check failed or the server could not be reached, 2 usage error."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import secrets
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

from service.config import Settings

COMMAND_MODULES = (
    "service.commands.core",
    "service.commands.play",
    "service.commands.replay",
    "service.commands.tournament",
    "service.commands.audit",
)


def stderr(message: str) -> None:
    print(message, file=sys.stderr)


@contextlib.contextmanager
def database(settings: Settings) -> Iterator[str]:
    """DATABASE_URL when set; otherwise an embedded PostgreSQL in the data folder."""
    if settings.database_url:
        yield settings.database_url
        return
    warnings.filterwarnings("ignore", module="platformdirs")
    from service.database import embedded_postgres

    settings.data_dir.mkdir(parents=True, exist_ok=True)
    stderr(f"gamestate: no DATABASE_URL, using embedded PostgreSQL in {settings.data_dir / 'pg'}")
    with embedded_postgres(settings.data_dir / "pg") as url:
        yield url


def admin_key(settings: Settings) -> str:
    """GAMESTATE_ADMIN_KEY, or a random key kept in the data folder (made at first start)."""
    if settings.admin_key:
        return settings.admin_key
    path: Path = settings.data_dir / "admin_key"
    if path.exists():
        return path.read_text().strip()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(32)
    path.write_text(key + "\n")
    path.chmod(0o600)
    return key


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="gamestate", description="Event-sourced board-game state service"
    )
    commands = root.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(commands)
    return root


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args, Settings.from_env())
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
