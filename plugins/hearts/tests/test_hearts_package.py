"""The package as an outside author ships it: pure, built on the SDK alone, found through its
entry point, and every rule in RULES.md pinned by a test that exists."""

from __future__ import annotations

import ast
import re
import sys
from importlib.metadata import entry_points
from pathlib import Path

import hearts
import pytest
from hearts import SPEC

PACKAGE = Path(hearts.__file__).resolve().parent
FILES = sorted(PACKAGE.glob("*.py"))
TESTS = Path(__file__).resolve().parent
SDK = {"domain", "domain.testing"}
"""The SDK's public modules: neither its internals (``domain._kernel``) nor the built-in games."""
FORBIDDEN = {"random", "secrets", "time", "datetime", "uuid", "os", "socket", "subprocess"}
FORBIDDEN |= {"threading", "asyncio", "urllib", "http", "shutil", "tempfile", "pathlib", "io"}
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval", "__import__", "breakpoint"}


def test_the_entry_point_gamestate_games_hearts_is_the_spec() -> None:
    (point,) = [e for e in entry_points(group="gamestate.games") if e.name == "hearts"]
    assert point.value == "hearts:SPEC"
    assert point.load() is SPEC and SPEC.slug == "hearts"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_game_imports_only_the_sdk_msgspec_and_the_standard_library(path: Path) -> None:
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            assert top not in FORBIDDEN, f"{path.name} imports {name}"
            if top == "domain":
                assert name in SDK, f"{path.name} imports {name}: not the SDK"
            else:
                allowed = {"msgspec", "hearts", "__future__"}
                assert top in allowed or top in sys.stdlib_module_names, name


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_game_makes_no_io_clock_or_random_calls(path: Path) -> None:
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name}:{node.lineno}"


def test_every_test_named_in_rules_md_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", (PACKAGE / "RULES.md").read_text()))
    assert len(named) > 30
    defined = {
        m for f in TESTS.glob("test_*.py") for m in re.findall(r"def (test_\w+)\(", f.read_text())
    }
    assert named <= defined, sorted(named - defined)
