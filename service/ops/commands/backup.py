"""backup, restore: base backups and point-in-time restore of the embedded PostgreSQL
(service/store/backup.py; docs/operations.md, "Backups and restore")."""

from __future__ import annotations

import argparse
import datetime as dt
from pathlib import Path

from service.ops.environment import database, stderr
from service.support.config import Settings


def backup_dir(settings: Settings) -> Path:
    return settings.backup_dir or settings.data_dir / "backups"


def backup(args: argparse.Namespace, settings: Settings) -> int:
    from service.store import backup as store

    folder = Path(args.dir).resolve() if args.dir else backup_dir(settings)
    keep = args.keep if args.keep is not None else settings.backup_keep
    with database(settings) as url:
        archived = store.archiving(url)
        if not archived:
            stderr(
                "gamestate backup: WAL archiving is off (set GAMESTATE_WAL_ARCHIVE): this backup"
                " restores only to the moment it ended, not to a later time"
            )
        try:
            taken = store.base_backup(url, folder)
            if archived:
                # Its last WAL segment in the archive now, not at the next archive_timeout.
                store.switch_wal(url)
        except store.BackupError as exc:
            stderr(f"gamestate backup: {exc}")
            return 1
    removed = store.prune_backups(folder, settings.wal_archive, keep)
    for path in removed:
        stderr(f"gamestate backup: removed the older backup {path}")
    print(taken)
    return 0


def parse_time(text: str) -> dt.datetime:
    """An ISO 8601 time with its offset (``2026-11-27T10:15:00Z``, ``...+01:00``)."""
    moment = dt.datetime.fromisoformat(text.strip())
    if moment.tzinfo is None:
        raise ValueError("give the time zone (e.g. 2026-11-27T10:15:00Z)")
    return moment


def restore(args: argparse.Namespace, settings: Settings) -> int:
    from service.store import backup as store

    if settings.database_url:
        stderr(
            "gamestate restore: DATABASE_URL is set: an external server is restored with its"
            " own tools (docs/operations.md, 'Backups and restore')"
        )
        return 2
    target = None
    if args.to:
        try:
            target = parse_time(args.to)
        except ValueError as exc:
            stderr(f"gamestate restore: --to {args.to!r}: {exc}")
            return 2
    archive = Path(args.archive).resolve() if args.archive else settings.wal_archive
    if archive is None:
        stderr("gamestate restore: no WAL archive: set GAMESTATE_WAL_ARCHIVE or --archive")
        return 2
    if args.backup:
        base = Path(args.backup).resolve()
    else:
        found = [
            path
            for ended, path in store.backups_in(backup_dir(settings))
            if target is None or ended < target
        ]
        if not found:
            when = f" that ended before {target.isoformat()}" if target else ""
            stderr(f"gamestate restore: no base backup{when} in {backup_dir(settings)}")
            return 1
        base = found[-1]
    into = Path(args.into).resolve() if args.into else settings.data_dir / "pg"
    stderr(f"gamestate restore: {base} + {archive} -> {into}, to {target or 'the archive end'}")
    try:
        store.restore(base, archive, into, target)
    except store.BackupError as exc:
        stderr(f"gamestate restore: {exc}")
        return 1
    stderr("gamestate restore: done; start it with gamestate serve (GAMESTATE_DATA_DIR)")
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "backup",
        help="take a base backup of the embedded PostgreSQL (or of DATABASE_URL's server)",
        description="A base backup (pg_basebackup) into GAMESTATE_BACKUP_DIR, checked with"
        " pg_verifybackup. With GAMESTATE_WAL_ARCHIVE set, the server archives its WAL, and"
        " `gamestate restore --to TIME` recovers any moment after the backup.",
    )
    p.add_argument("--dir", default=None, help="where (default GAMESTATE_BACKUP_DIR)")
    p.add_argument(
        "--keep",
        type=int,
        default=None,
        help="base backups to keep, older ones and their WAL removed (default"
        " GAMESTATE_BACKUP_KEEP or 7; 0 keeps all)",
    )
    p.set_defaults(run=backup)
    p = commands.add_parser(
        "restore",
        help="restore the embedded PostgreSQL to a point in time, into a new data folder",
        description="Recover the newest base backup that ended before TIME with the archived"
        " WAL up to TIME, into a data folder that must not exist yet (stop the service and"
        " move the old folder aside first).",
    )
    p.add_argument("--to", default=None, help="ISO 8601 time with zone; default: archive end")
    p.add_argument("--backup", default=None, help="a base backup folder (default: the newest)")
    p.add_argument("--archive", default=None, help="the WAL archive (GAMESTATE_WAL_ARCHIVE)")
    p.add_argument("--into", default=None, help="new data folder (default GAMESTATE_DATA_DIR/pg)")
    p.set_defaults(run=restore)
