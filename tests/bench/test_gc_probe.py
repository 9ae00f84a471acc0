"""``http_load --gc`` (bench/gc_probe): a served process records each collection made after
it froze its start-up heap, and the figures are the command workers'."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bench.http_load import gc_figures

PROBE = Path(__file__).resolve().parents[2] / "bench" / "gc_probe"

SCRIPT = """
import gc
gc.collect()
class Node:
    pass
before = Node(); before.me = before; del before
gc.collect()  # not frozen yet: start-up, not recorded
gc.freeze()
for _ in range(3):
    node = Node(); node.me = node; del node
gc.collect()
"""


def test_a_process_records_its_collections_after_the_freeze(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(PROBE), "GAMESTATE_BENCH_GC": str(tmp_path)}
    subprocess.run([sys.executable, "-c", SCRIPT], env=env, check=True, timeout=60)
    (recorded,) = tmp_path.glob("*.gc")
    lines = [line.split() for line in recorded.read_text().splitlines()]
    # The collection after the freeze, with its three nodes (the one before it is not
    # recorded); the interpreter's last collection at exit may follow.
    assert (int(lines[0][0]), int(lines[0][2])) == (2, 3)
    assert float(lines[0][1]) >= 0
    # The collector's own CPU time, at most its wall time (with a little clock slack).
    assert 0 <= float(lines[0][3]) <= float(lines[0][1]) + 1


def test_the_figures_are_the_busiest_processes_per_second() -> None:
    collections = {
        1: [(0, 10.0, 100, 1.0), (1, 30.0, 0, 3.0)],
        2: [(0, 20.0, 300, 2.0), (0, 5.0, 0, 0.5), (2, 40.0, 0, 4.5)],
        3: [(2, 200.0, 80, 20.0)],  # an idle process's one full collection: not a worker's
    }
    figures = gc_figures(collections, workers=2, seconds=10)
    assert figures == {
        "gc collections/s": 5 / 20,
        "gc ms/s": 105 / 20,
        "gc CPU ms/s": 11 / 20,
        "gc max pause ms": 40.0,
        "gc max pause CPU ms": 4.5,
        "gc young max pause ms": 20.0,
        "gc collected/collection": 80.0,
    }
