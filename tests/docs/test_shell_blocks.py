"""Every shell example in README.md and docs/*.md works as pasted (tests/docs/shell_blocks.py
says how a page marks a block that cannot run, and a block that plays a game to its end).

A page's blocks run in order in one bash session (variables set by one block are used by the
next), against a live test server: ``BASE`` is its address, ``localhost:8000`` and
``127.0.0.1:8000`` are replaced by it, ``GAMESTATE_ADMIN_KEY`` is its admin key and the
virtualenv's ``gamestate`` and ``python3`` come first on the PATH. Each command must exit 0,
an answer shown under a command must match the real one in shape, a command submitted must
be among the legal commands the page showed just before it, and a game a block plays to its
end must be finished with a passing audit."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ADMIN_KEY
from tests.docs.shell_blocks import (
    MISSING_TOOLS,
    PAGES,
    ROOT,
    Block,
    Step,
    blocks,
    json_body,
    shape_mismatches,
    steps,
    syntax_error,
    unlabelled_commands,
)

RUN_PAGES = [page for page in PAGES if any(b.not_run_reason is None for b in blocks(page))]


def _ids(pages: list[Path]) -> list[str]:
    return [str(page.relative_to(ROOT)) for page in pages]


def _all_blocks() -> list[Block]:
    return [block for page in PAGES for block in blocks(page)]


def test_blocks_are_found() -> None:
    found = _all_blocks()
    assert len([b for b in found if b.not_run_reason is None]) >= 8
    assert any(b.page.name == "README.md" and b.finished_games for b in found)


def test_a_block_that_is_not_run_says_why_and_parses() -> None:
    problems = []
    for block in _all_blocks():
        reason = block.not_run_reason
        if reason is None:
            continue
        if len(reason) < 10:
            problems.append(f"{block.where}: `not run` needs a reason (<!-- not run: why -->)")
        error = syntax_error(block.script)
        if error:
            problems.append(f"{block.where}: not valid shell: {error}")
    assert not problems, "\n".join(problems)


def test_marks_are_known() -> None:
    known = ("not run", "plays to the end")
    unknown = [
        f"{block.where}: <!-- {mark} -->"
        for block in _all_blocks()
        for mark in block.marks
        if not mark.startswith(known)
    ]
    assert not unknown, "marks a block may carry: " + ", ".join(known) + "\n" + "\n".join(unknown)


def test_examples_need_only_curl_python3_and_a_shell() -> None:
    found = [
        f"{block.where}: {match.group(1)}"
        for block in _all_blocks()
        for match in MISSING_TOOLS.finditer(block.script)
    ]
    assert not found, "tools a fresh machine may lack:\n" + "\n".join(found)


def test_every_command_example_has_a_shell_language() -> None:
    found = [line for page in PAGES for line in unlabelled_commands(page)]
    assert not found, "label these blocks ```sh (or ```console) so that they run:\n" + "\n".join(
        found
    )


def test_a_block_that_shows_a_record_or_an_audit_plays_to_the_end() -> None:
    """A record exists only for a finished game: such a block must say which game it ends."""
    unmarked = [
        block.where
        for block in _all_blocks()
        if block.not_run_reason is None
        and any("/record" in s.command or "/audit" in s.command for s in steps(block))
        and not any(b.finished_games for b in blocks(block.page))
    ]
    assert not unmarked, "add <!-- plays to the end: $ID --> before:\n" + "\n".join(unmarked)


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


def test_a_loop_is_one_command_and_answers_go_with_their_command() -> None:
    block = Block(
        ROOT / "README.md",
        1,
        "sh",
        'echo \'{"a":1,\'\n# {"a":1,\n#  "b":2}\n# prose\nwhile false; do\n  # inside\n  echo x\ndone\n',
        [],
    )
    found = steps(block)
    assert [s.command for s in found] == [
        "echo '{\"a\":1,'",
        "while false; do\n  # inside\n  echo x\ndone",
    ]
    assert found[0].expected == ['{"a":1,', '"b":2}']


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    message = f"the documentation's examples need {name}, which is not installed"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def _run(page: Path, base_url: str, workdir: Path) -> list[tuple[Block, Step, int, str, str]]:
    """Run the page's blocks in one bash process; each step's exit code, stdout, stderr."""
    address = base_url.removeprefix("http://")
    script = ["set -uo pipefail"]
    order: list[tuple[Block, Step]] = []
    for block in blocks(page):
        if block.not_run_reason is not None:
            continue
        for step in steps(block):
            i = len(order)
            order.append((block, step))
            command = step.command.replace("localhost:8000", address)
            command = command.replace("127.0.0.1:8000", address)
            # A brace group runs in this shell: assignments reach the later steps.
            script.append(f"{{\n{command}\n}} >{workdir}/{i}.out 2>{workdir}/{i}.err")
            script.append(f"echo $? >{workdir}/{i}.rc")
        for name in block.finished_games:
            script.append(f'printf "%s" "${name}" >{workdir}/game-{block.line}-{name}')
    environment = {
        **os.environ,
        "BASE": base_url,
        "GAMESTATE_ADMIN_KEY": ADMIN_KEY,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    environment.pop("GAMESTATE_URL", None)
    # Its own process group: a block that hangs (a server left in the foreground) is killed
    # with everything it started, and fails the test instead of outliving it.
    shell = subprocess.Popen(
        [_tool("bash"), "-c", "\n".join(script)],
        env=environment,
        cwd=workdir,
        start_new_session=True,
    )
    try:
        shell.wait(timeout=300)
    except subprocess.TimeoutExpired:
        os.killpg(shell.pid, signal.SIGKILL)
        shell.wait()
    results = []
    for i, (block, step) in enumerate(order):
        rc_file = workdir / f"{i}.rc"
        rc = int(rc_file.read_text()) if rc_file.exists() else -1
        out = (workdir / f"{i}.out").read_text() if (workdir / f"{i}.out").exists() else ""
        err = (workdir / f"{i}.err").read_text() if (workdir / f"{i}.err").exists() else ""
        results.append((block, step, rc, out, err))
    return results


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=60) as answer:
        return json.loads(answer.read())


@pytest.mark.parametrize("page", RUN_PAGES, ids=_ids(RUN_PAGES))
def test_every_example_works_as_pasted(page: Path, live_url: str, tmp_path: Path) -> None:
    _tool("curl")
    _tool("python3")
    legal: list[Any] = []
    for block, step, rc, out, err in _run(page, live_url, tmp_path):
        where = f"{block.where}, command:\n{step.command}\nstdout: {out[:800]}\nstderr: {err[:800]}"
        assert rc == 0, f"exit code {rc}\n{where}"
        if not step.expected:
            continue
        try:
            actual = json.loads(out)
        except json.JSONDecodeError:
            pytest.fail(f"the answer is not JSON\n{where}")
        problems = shape_mismatches(step.shown, actual)
        assert not problems, "\n".join(problems) + "\n" + where
        if "legal-commands" in step.command and isinstance(actual, dict):
            legal = actual["commands"]
        body = json_body(step.command)
        if body and "/commands" in step.command and '"status":4' not in step.shown:
            assert body["command"] in legal, f"submitted a command not listed as legal\n{where}"
    for block in blocks(page):
        for name in block.finished_games:
            marker = tmp_path / f"game-{block.line}-{name}"
            game_id = marker.read_text() if marker.exists() else ""
            assert game_id, f"{block.where}: ${name} is empty after the block"
            game = _get(f"{live_url}/games/{game_id}")
            assert game["status"] == "finished", f"{block.where}: ${name} is {game['status']}"
            audit = _get(f"{live_url}/games/{game_id}/audit")
            assert audit["ok"] is True, f"{block.where}: the audit of ${name} fails: {audit}"
