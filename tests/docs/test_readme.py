"""The README's curl walk-through works as pasted.

Every ```sh block right after an ``<!-- walkthrough -->`` comment is run, in order and in one
bash session (variables set by one block are used by the next), against a live test server
(``localhost:8000`` replaced by its address). Each command must exit 0, and the answer a
command shows in the ``#`` lines under it must match the real answer in shape: every key
shown is there, and every value shown in full (a number, a string without an ellipsis,
null, a flat list) is the value of that key somewhere in the answer. Commands the walk-through
submits must be among the legal commands it showed just before, and the first legal command
it shows must be in the real list."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ADMIN_KEY

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

MARKER = "<!-- walkthrough -->"
BLOCK = re.compile(re.escape(MARKER) + r"\s*\n```sh\n(.*?)\n```", re.S)
KEY = re.compile(r'"([A-Za-z_][A-Za-z0-9_]*)":')
SCALAR = re.compile(
    r'"([A-Za-z_][A-Za-z0-9_]*)":(-?\d+(?:\.\d+)?|"[^"…]*"|null|true|false|\[[^\[\]{}…]*\])'
    r"(?=[,}\]]|$)"
)


@dataclass
class Step:
    command: str
    expected: list[str] = field(default_factory=list)

    @property
    def shown(self) -> str:
        return "".join(line.strip() for line in self.expected)


def walkthrough_steps(text: str) -> list[Step]:
    """The marked blocks' commands (continuation lines joined) with the ``#`` lines under
    each."""
    steps: list[Step] = []
    for block in BLOCK.findall(text):
        pending = ""
        for line in block.splitlines():
            if pending:
                pending += "\n" + line
            elif line.startswith("#"):
                assert steps, f"an expected answer before any command: {line}"
                steps[-1].expected.append(line[1:])
                continue
            elif not line.strip():
                continue
            else:
                pending = line
            if not pending.endswith("\\"):
                steps.append(Step(pending))
                pending = ""
        assert not pending, f"a command ends in a line continuation: {pending}"
    return steps


def _pairs(value: Any) -> list[tuple[str, Any]]:
    """Every (key, value) of a JSON document, at any depth."""
    found: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((key, item))
            found.extend(_pairs(item))
    elif isinstance(value, list):
        for item in value:
            found.extend(_pairs(item))
    return found


def shape_mismatches(shown: str, actual: Any) -> list[str]:
    pairs = _pairs(actual)
    keys = {key for key, _ in pairs}
    problems = [
        f"key {key!r} is not in the answer" for key in KEY.findall(shown) if key not in keys
    ]
    for key, literal in SCALAR.findall(shown):
        expected = json.loads(literal)
        if not any(k == key and v == expected for k, v in pairs):
            seen = [v for k, v in pairs if k == key][:3]
            problems.append(f"{key} is {literal} in the README, {seen} in the answer")
    return problems


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    message = (
        f"the README walk-through needs {name}, which is not installed"
        f" (apt-get install {name}; .ci/run installs it when it is missing)"
    )
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def run_steps(steps: list[Step], base_url: str, workdir: Path) -> list[tuple[int, str, str]]:
    """Run the steps in one bash process; each step's exit code, stdout and stderr."""
    address = base_url.removeprefix("http://")
    script = ["set -uo pipefail"]
    for i, step in enumerate(steps):
        command = step.command.replace("localhost:8000", address)
        # A brace group runs in this shell: assignments reach the later steps.
        script.append(f"{{\n{command}\n}} >{workdir}/{i}.out 2>{workdir}/{i}.err")
        script.append(f"echo $? >{workdir}/{i}.rc")
    subprocess.run(
        [_tool("bash"), "-c", "\n".join(script)],
        env={**os.environ, "GAMESTATE_ADMIN_KEY": ADMIN_KEY},
        cwd=workdir,
        timeout=120,
        check=False,
    )
    results = []
    for i in range(len(steps)):
        rc_file = workdir / f"{i}.rc"
        rc = int(rc_file.read_text()) if rc_file.exists() else -1
        results.append((rc, (workdir / f"{i}.out").read_text(), (workdir / f"{i}.err").read_text()))
    return results


def _json_body(command: str) -> Any:
    match = re.search(r"-d '(\{.*\})'", command, re.S)
    return json.loads(match.group(1)) if match else None


def test_the_walkthrough_blocks_are_found() -> None:
    steps = walkthrough_steps(README.read_text())
    assert len(steps) >= 8
    assert all("localhost:8000" in s.command or "$" in s.command for s in steps)
    assert sum(1 for s in steps if s.expected) >= 6, "most commands show their answer"


def test_the_shape_check_notices_a_wrong_answer() -> None:
    shown = '{"version":2,"seat":1,"to_act":[1],"commands":[{"type":"x","line":0},…],"id":"a…"}'
    good = {
        "version": 2,
        "seat": 1,
        "to_act": [1],
        "commands": [{"type": "x", "line": 0}],
        "id": "b",
    }
    assert shape_mismatches(shown, good) == []
    assert shape_mismatches(shown, {**good, "seat": 0})
    assert shape_mismatches(shown, {k: v for k, v in good.items() if k != "commands"})
    assert shape_mismatches(shown, {**good, "to_act": [0]})


def test_every_walkthrough_command_works_as_pasted(live_url: str, tmp_path: Path) -> None:
    _tool("curl")
    _tool("jq")
    steps = walkthrough_steps(README.read_text())
    results = run_steps(steps, live_url, tmp_path)
    legal: list[Any] = []
    for step, (rc, out, err) in zip(steps, results, strict=True):
        where = f"README command:\n{step.command}\nstdout: {out[:800]}\nstderr: {err[:800]}"
        assert rc == 0, f"exit code {rc}\n{where}"
        if not step.expected:
            continue
        try:
            actual = json.loads(out)
        except json.JSONDecodeError:
            pytest.fail(f"the answer is not JSON\n{where}")
        problems = shape_mismatches(step.shown, actual)
        assert not problems, "\n".join(problems) + "\n" + where
        if "legal-commands" in step.command:
            legal = actual["commands"]
            first = re.search(r'\{"type":[^{}]*\}', step.shown)
            assert first and json.loads(first.group(0)) in legal, where
        body = _json_body(step.command)
        if body and "/commands" in step.command and '"status":4' not in step.shown:
            assert body["command"] in legal, f"submitted a command not listed as legal\n{where}"
