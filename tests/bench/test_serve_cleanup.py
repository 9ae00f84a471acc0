"""A bench stopped with SIGTERM stops the service it started (bench/_common.py ``serve``):
Python's default for SIGTERM ended the bench at once and left ``gamestate serve`` running,
with whatever load it had been given (500 bot games, seen spoiling the next measurement)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys, time
from bench._common import serve
with serve(sys.argv[1]) as base:
    print(base, flush=True)
    time.sleep(600)
"""


def test_a_bench_stopped_with_sigterm_stops_its_server(database: str) -> None:
    bench = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, database],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert bench.stdout is not None
        assert bench.stdout.readline().startswith("http://127.0.0.1:")
        server = psutil.Process(bench.pid).children()
        assert server, "the bench runs its server as a child"
        bench.send_signal(signal.SIGTERM)
        assert bench.wait(timeout=60) == 128 + signal.SIGTERM
        _, alive = psutil.wait_procs(server, timeout=30)
        assert not alive, f"left running: {[p.cmdline() for p in alive]}"
    finally:
        if bench.poll() is None:
            bench.kill()
