"""A worker stops once its supervisor is gone, even when the supervisor died before the
worker began to watch (a supervisor killed while its workers were starting: its workers used
to live on, serving, with nobody to stop them)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from pathlib import Path


def _child(ready: str) -> None:
    from service.ops.workers import exit_with_parent

    while os.path.exists(ready + ".parent"):  # wait until the parent is surely gone
        time.sleep(0.05)
    time.sleep(0.2)
    exit_with_parent()
    Path(ready).write_text("watching")
    time.sleep(60)  # SIGTERM ends this long before


def _parent(ready: str) -> None:
    child = multiprocessing.get_context("spawn").Process(target=_child, args=(ready,))
    child.start()
    Path(ready + ".pid").write_text(str(child.pid))
    os.remove(ready + ".parent")
    os._exit(0)  # gone before the child watches, and without stopping it


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_worker_whose_supervisor_died_before_it_watched_stops(tmp_path: Path) -> None:
    ready = str(tmp_path / "ready")
    Path(ready + ".parent").write_text("")
    parent = multiprocessing.get_context("spawn").Process(target=_parent, args=(ready,))
    parent.start()
    parent.join(30)
    deadline = time.monotonic() + 30
    while not Path(ready + ".pid").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    pid = int(Path(ready + ".pid").read_text())
    try:
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert Path(ready).exists(), "the child never began to watch"
        assert not _alive(pid), "the worker outlived its supervisor"
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
