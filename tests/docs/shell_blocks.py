"""The shell examples of README.md and docs/*.md, and how to run them.

A page's ```sh, ```bash, ```shell and ```console blocks are its examples. Each one runs
against a live test server (tests/docs/test_shell_blocks.py) unless an HTML comment right
before it says why it cannot, ``<!-- not run: the reason -->``: such a block is only checked
for syntax. ``<!-- plays to the end: $ID -->`` before a block says that after it ``$ID`` (one
or more variables) names a game that must be finished with a passing audit.

A block is cut into commands (a command is complete when ``bash -n`` accepts it); ``#`` lines
right under a command that start with ``{`` or ``[`` (and the ``#`` lines indented by two more
spaces that follow them) show its answer, shortened with ``…``, and the answer must match it in shape (every key shown is there, and every value shown in
full is the value of that key somewhere in the answer). Other ``#`` lines are prose."""

from __future__ import annotations

import functools
import json
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

SHELL_LANGUAGES = {"sh", "bash", "shell", "console"}
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
COMMENT = re.compile(r"^\s*<!--(.*?)-->\s*$")
NOT_RUN = re.compile(r"not run\b\s*:?\s*(.*)", re.S)
TO_THE_END = re.compile(r"plays to the end\s*:\s*(.*)", re.S)
VARIABLE = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
# Tools a fresh machine may lack: the examples use curl, python3 and a POSIX shell only.
MISSING_TOOLS = re.compile(r"(?:^|[\s|;&(`])(jq|wget|http|httpie|node|npx)(?=\s|$)", re.M)

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


@dataclass
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    language: str
    code: str
    marks: list[str]

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def not_run_reason(self) -> str | None:
        """None when the block runs; the reason (maybe empty) when it is marked not run."""
        for mark in self.marks:
            found = NOT_RUN.match(mark)
            if found:
                return found.group(1).strip()
        return None

    @property
    def finished_games(self) -> list[str]:
        """The variables that name a game this block plays to its end."""
        names: list[str] = []
        for mark in self.marks:
            found = TO_THE_END.match(mark)
            if found:
                names.extend(VARIABLE.findall(found.group(1)))
        return names

    @property
    def script(self) -> str:
        """The block as a shell script: a console block's prompts dropped, its output lines
        turned into ``#`` lines."""
        if self.language != "console":
            return self.code
        lines: list[str] = []
        continued = False
        for line in self.code.splitlines():
            if line.startswith("$ "):
                lines.append(line[2:])
            elif continued:
                lines.append(line)
            else:
                lines.append("# " + line)
            continued = line.endswith("\\") and (continued or line.startswith("$ "))
        return "\n".join(lines)


def blocks(page: Path) -> list[Block]:
    """Every fenced block of a page whose language is a shell's, with the HTML comments right
    before it (blank lines between them allowed)."""
    lines = page.read_text().splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, language = opening.group(1), opening.group(2)
        end = i + 1
        while end < len(lines) and not re.match(r"^\s*```\s*$", lines[end]):
            end += 1
        if language in SHELL_LANGUAGES:
            body = [line.removeprefix(indent) for line in lines[i + 1 : end]]
            found.append(Block(page, i + 1, language, "\n".join(body), _marks(lines, i)))
        i = end + 1
    return found


def unlabelled_commands(page: Path) -> list[str]:
    """Fences with no language whose first line is a command (curl, or a `$ ` prompt): an
    example that would escape the runner by leaving out its language."""
    lines = page.read_text().splitlines()
    found = []
    inside = False
    for number, line in enumerate(lines, 1):
        opening = FENCE.match(line)
        if not opening:
            continue
        if inside:
            inside = False
            continue
        inside = True
        if opening.group(2) == "" and number < len(lines):
            first = lines[number].strip()
            if first.startswith(("curl ", "$ ")):
                found.append(f"{page.relative_to(ROOT)}:{number}: {first}")
    return found


def _marks(lines: list[str], fence: int) -> list[str]:
    marks: list[str] = []
    j = fence - 1
    while j >= 0:
        comment = COMMENT.match(lines[j])
        if comment:
            marks.insert(0, comment.group(1).strip())
        elif lines[j].strip():
            break
        j -= 1
    return marks


@functools.cache
def is_complete(command: str) -> bool:
    """Whether bash reads the text as whole commands (a loop closed, no pending quote)."""
    checked = subprocess.run(
        ["bash", "-n"], input=command, capture_output=True, text=True, check=False
    )
    return checked.returncode == 0


def syntax_error(script: str) -> str | None:
    checked = subprocess.run(
        ["bash", "-n"], input=script, capture_output=True, text=True, check=False
    )
    return checked.stderr.strip() or None if checked.returncode else None


def steps(block: Block) -> list[Step]:
    """The block's commands (a command runs over lines until bash reads it whole), each with
    the answer shown in the ``#`` lines right under it."""
    found: list[Step] = []
    pending: list[str] = []
    showing = False
    for line in block.script.splitlines():
        stripped = line.strip()
        if not pending:
            if not stripped:
                showing = False
                continue
            if stripped.startswith("#"):
                text = stripped[1:]
                # An answer starts with { or [; its next lines are indented ("#  ...").
                if found and (
                    text.strip().startswith(("{", "[")) or (showing and text.startswith("  "))
                ):
                    found[-1].expected.append(text.strip())
                    showing = True
                else:
                    showing = False
                continue
        showing = False
        pending.append(line)
        text = "\n".join(pending)
        if not text.endswith("\\") and is_complete(text):
            found.append(Step(text))
            pending = []
    assert not pending, f"{block.where}: the block ends inside a command:\n" + "\n".join(pending)
    return found


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
            problems.append(f"{key} is {literal} in the page, {seen} in the answer")
    return problems


def json_body(command: str) -> Any:
    match = re.search(r"-d '(\{.*\})'", command, re.S)
    if not match:
        return None
    try:
        return json.loads(match.group(1))
    except json.JSONDecodeError:
        return None  # a body with shell variables spliced in
