"""What every command needs of the local machine: messages on stderr, the database (DATABASE_URL
or an embedded PostgreSQL in the data folder) and the admin key."""

from __future__ import annotations

import contextlib
import secrets
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

from service.store.database import embedded_postgres
from service.support.config import Settings


def stderr(message: str) -> None:
    print(message, file=sys.stderr)


@contextlib.contextmanager
def database(settings: Settings) -> Iterator[str]:
    """DATABASE_URL when set; otherwise an embedded PostgreSQL in the data folder."""
    if settings.database_url:
        yield settings.database_url
        return
    warnings.filterwarnings("ignore", module="platformdirs")

    settings.data_dir.mkdir(parents=True, exist_ok=True)
    stderr(f"gamestate: no DATABASE_URL, using embedded PostgreSQL in {settings.data_dir / 'pg'}")
    with embedded_postgres(
        settings.data_dir / "pg",
        archive=settings.wal_archive,
        archive_timeout=settings.wal_archive_timeout,
    ) as url:
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
