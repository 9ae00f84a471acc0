"""What the benchmarks share: a throwaway database, timing helpers, table printing."""

from __future__ import annotations

import contextlib
import os
import platform
import statistics
import sys
import tempfile
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def commit_of(tree: Path = REPO) -> str:
    """A checkout's commit label for the results: its short hash, ``+dirty`` when tracked
    files differ from it (the results the benches append to it, bench/results, do not make it
    another tree), ``unknown`` without git or outside a checkout."""
    import subprocess

    def git(*args: str) -> str:
        done = subprocess.run(["git", "-C", str(tree), *args], capture_output=True, text=True)
        return done.stdout.strip()

    try:
        head = git("rev-parse", "--short", "HEAD")
        changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/results")
    except OSError:
        return "unknown"
    return head + ("+dirty" if changed else "") if head else "unknown"


def add_database_argument(parser) -> None:
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL") or None,
        help="PostgreSQL server to use (default DATABASE_URL; without either, a throwaway"
        " embedded PostgreSQL). A fresh database is created in it and dropped afterwards.",
    )


@contextlib.contextmanager
def server_url(url: str | None) -> Iterator[str]:
    """The given server, or a throwaway embedded PostgreSQL (deleted afterwards)."""
    if url:
        yield url
        return
    warnings.filterwarnings("ignore", module="platformdirs")
    from service.store.database import embedded_postgres

    with (
        tempfile.TemporaryDirectory(prefix="gamestate-bench-") as tmp,
        embedded_postgres(Path(tmp) / "pg", delete=True) as embedded,
    ):
        yield embedded


@contextlib.contextmanager
def bench_database(url: str | None, migrated: bool = True) -> Iterator[str]:
    """A fresh, migrated database on the given (or an embedded) server, dropped afterwards.
    ``migrated=False``: left empty, for a service of another checkout to migrate with its own
    migrations."""
    import psycopg
    from psycopg import conninfo

    from service.store.database import migrate

    with server_url(url) as server:
        name = f"gamestate_bench_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        db = conninfo.make_conninfo(server, dbname=name)
        try:
            if migrated:
                migrate(db)
            yield db
        finally:
            with psycopg.connect(server, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = [[str(h) for h in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = [
        "  ".join(
            c.rjust(w) if i else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in cells
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def machine() -> str:
    return (
        f"{platform.machine()}, {os.cpu_count()} cores, Python {sys.version.split()[0]},"
        f" {platform.system()} {platform.release()}"
    )


def quiet_gc() -> None:
    """Garbage collection (and the GIL's switch interval) as the service runs them
    (``tune_gc``, ``tune_threads``), for the process that measures:
    with CPython's defaults, a full collection of the bench's own heap (every module it
    imported) lands in the middle of a timed call now and then, and shows as a 60 ms p99 that
    belongs to neither the service nor PostgreSQL."""
    try:
        from service.ops.commands import server as tuning
    except ImportError:  # an older tree, where the tuning lived in core
        from service.ops.commands import core as tuning

    tuning.tune_gc()
    # And the GIL hand-off, where the tree has it (not before the loop-block work).
    getattr(tuning, "tune_threads", lambda: None)()


def heading(title: str) -> None:
    print(f"\n== {title} ==  ({machine()})", flush=True)


def games_of(repo: Path) -> set[str]:
    """The game slugs a checkout serves (its registry, plug-ins installed here included), read
    by a Python of its own so that each checkout answers with its own code."""
    import subprocess

    # Before domain/registry.py, GAMES lived in domain/__init__.py. (A try/except import
    # would not do: this install's editable finder serves domain.registry from this tree.)
    where = "domain.registry" if (repo / "domain" / "registry.py").exists() else "domain"
    code = f"from {where} import GAMES; print(' '.join(sorted(GAMES)))"
    found = subprocess.run(
        [sys.executable, "-c", code],
        cwd=repo,
        env={**os.environ, "PYTHONPATH": str(repo)},
        capture_output=True,
        text=True,
        check=True,
    )
    return set(found.stdout.split())


def common_games(repos: Sequence[Path]) -> list[str]:
    """The games every one of ``repos`` serves, sorted: a comparison of checkouts plays the
    same mix on each (a game one of them lacks would fail its creations there and shift that
    tree's mix to the others, as the Hearts plug-in did against 268919e)."""
    shared: set[str] | None = None
    for repo in repos:
        games = games_of(repo)
        shared = games if shared is None else shared & games
    return sorted(shared or ())


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _stream_workers_expected(repo: Path, workers: int, env: dict, server: str) -> int:
    """How many stream workers (service/ops/handoff.py) ``serve`` starts; 0 for a checkout
    from before them."""
    if server != "uvicorn" or not (repo / "service" / "ops" / "handoff.py").exists():
        return 0
    configured = env.get("GAMESTATE_STREAM_WORKERS")
    if configured:
        return int(configured)
    return 1 if workers >= 2 else 0


def _stream_workers_ready(pid: int) -> int:
    """Stream workers taking hand-offs: the processes that bound their Unix socket."""
    import psutil

    ready = 0
    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return 0
    for child in children:
        try:
            paths = [c.laddr for c in child.net_connections(kind="unix")]
        except psutil.Error:
            continue
        if any("gamestate-streams-" in path and path.endswith(".sock") for path in paths):
            ready += 1
    return ready


def _stop_on_sigterm() -> None:
    """A bench stopped with SIGTERM (``kill``, a timeout) unwinds like one stopped with
    Ctrl-C, so that ``serve`` stops its server: Python's default for SIGTERM ends the process
    at once, and left the service running (and its bot games playing) behind it."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def serve(
    database_url: str,
    *,
    admin_key: str = "bench-admin-key",
    workers: int = 1,
    server: str = "uvicorn",
    repo: Path = REPO,
    extra_env: dict[str, str] | None = None,
) -> Iterator[str]:
    """``gamestate serve --workers N`` as a subprocess on a free port (``extra_env``: more
    settings; ``repo``: the checkout whose code runs, another worktree for a before/after
    comparison in one run); yields its base URL. ``server``: ``granian`` serves the same app
    with granian (``serve --server granian``)."""
    import signal
    import subprocess
    import time

    import httpx

    _stop_on_sigterm()
    port = free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(repo),
        "DATABASE_URL": database_url,
        "GAMESTATE_ADMIN_KEY": admin_key,
        "GAMESTATE_LOG_LEVEL": "warning",
        **(extra_env or {}),
    }
    process = subprocess.Popen(
        [
            sys.executable,
            # An older checkout (before the layout change) has its CLI at service.cli.
            "-m",
            "service.ops.cli" if (repo / "service" / "ops" / "cli.py").exists() else "service.cli",
            *("serve", "--port", str(port), "--workers", str(workers)),
            *(("--server", server) if server != "uvicorn" else ()),
        ],
        cwd=repo,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"gamestate serve exited with {process.returncode}")
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("gamestate serve did not start")
            time.sleep(0.1)
        streams = _stream_workers_expected(repo, workers, env, server)
        while _stream_workers_ready(process.pid) < streams:
            # Until then the workers serve every stream themselves, for the streams' life.
            if time.monotonic() > deadline:
                raise RuntimeError("the stream workers did not start")
            time.sleep(0.1)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


CHECKOUT_OPTIONS = ("--before", "--tree", "--trees")
"""Options that name other checkouts (worktrees of older commits): a results line names each
by its commit."""
OUT_OPTIONS = ("--out",)
"""Options that name where results go: the line is in that file already."""


def portable_command(module: str, argv: list[str], commit_of: Callable[[Path], str]) -> str:
    """The command line a results line keeps, without this machine's paths: a checkout is
    ``<checkout of COMMIT>``, ``--out`` is left out, and another absolute path is relative to
    the repository's root (``<path>`` outside it)."""
    words: list[str] = []
    given = iter(argv)
    for word in given:
        option, _, value = word.partition("=") if word.startswith("--") else ("", "", word)
        if option in CHECKOUT_OPTIONS + OUT_OPTIONS and not value:
            value = next(given, "")
        if option in OUT_OPTIONS:
            continue
        if option in CHECKOUT_OPTIONS:
            value = ",".join(f"<checkout of {commit_of(Path(p))}>" for p in value.split(","))
        elif value.startswith("/"):
            path = Path(value).resolve()
            value = str(path.relative_to(REPO)) if path.is_relative_to(REPO) else "<path>"
        words.extend(w for w in (option, value) if w)
    return " ".join(["python -m", module, *words])
