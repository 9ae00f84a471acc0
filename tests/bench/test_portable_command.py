"""A results line keeps the command that made it without this machine's paths
(bench._common.portable_command), and the committed lines have none."""

from __future__ import annotations

import json
from pathlib import Path

from bench._common import REPO, portable_command


def test_checkouts_are_named_by_commit_out_is_left_out_and_repo_paths_are_relative(
    tmp_path: Path,
) -> None:
    old, other = tmp_path / "wt-old", tmp_path / "y"
    commits = {old: "abc1234", other: "def5678"}
    argv = [
        "--before",
        str(old),
        "--repeat",
        "5",
        "--split",
        "--out",
        str(tmp_path / "f.jsonl"),
        f"--trees={old},{other}",
        "--vary",
        "GAMESTATE_LIVE_BATCH_MS=50,150",
        "--config",
        str(REPO / "bench" / "results" / "x.json"),
        f"--other={tmp_path / 'else'}",
    ]
    assert portable_command("bench.fanout", argv, commits.__getitem__) == (
        "python -m bench.fanout --before <checkout of abc1234> --repeat 5 --split"
        " --trees <checkout of abc1234>,<checkout of def5678>"
        " --vary GAMESTATE_LIVE_BATCH_MS=50,150 --config bench/results/x.json --other <path>"
    )


def test_no_committed_results_line_names_a_path_of_a_machine() -> None:
    for path in sorted((REPO / "bench" / "results").glob("*.jsonl")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            command = json.loads(line).get("command")
            if isinstance(command, str):
                assert " /" not in command, f"{path.name}:{number}: {command}"
