"""The commit label every bench writes into its results (bench/_common.py ``commit_of``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from bench._common import commit_of


def _git(tree: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(tree), *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_checkout_is_dirty_for_its_code_but_not_for_the_results_appended_to_it(
    tmp_path: Path,
) -> None:
    (tmp_path / "bench" / "results").mkdir(parents=True)
    (tmp_path / "bench" / "results" / "x.jsonl").write_text("{}\n")
    (tmp_path / "service.py").write_text("A = 1\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "c")
    head = _git(tmp_path, "rev-parse", "--short", "HEAD")
    assert commit_of(tmp_path) == head
    (tmp_path / "bench" / "results" / "x.jsonl").write_text("{}\n{}\n")
    assert commit_of(tmp_path) == head  # a bench's own results line
    (tmp_path / "service.py").write_text("A = 2\n")
    assert commit_of(tmp_path) == head + "+dirty"


def test_outside_a_checkout_the_label_says_unknown(tmp_path: Path) -> None:
    assert commit_of(tmp_path) == "unknown"
