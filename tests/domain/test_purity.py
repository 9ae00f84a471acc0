"""domain/ stays pure: it imports only the standard library, msgspec and itself, and never
reaches for I/O, the clock or global randomness. Static data is read from the package itself
through importlib.resources, at import time only."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
FILES = sorted(DOMAIN.rglob("*.py"))

# Standard-library modules that are I/O, time, randomness or processes.
FORBIDDEN = {
    "random",
    "secrets",
    "time",
    "datetime",
    "uuid",
    "os",
    "socket",
    "subprocess",
    "threading",
    "asyncio",
    "multiprocessing",
    "urllib",
    "http",
    "shutil",
    "tempfile",
    "pathlib",
    "io",
    "sqlite3",
    "logging",
    "signal",
    "select",
    "ssl",
    "glob",
    "zoneinfo",
    "calendar",
}
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval", "__import__", "breakpoint"}


def _imports(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(DOMAIN)))
def test_domain_imports_only_stdlib_msgspec_and_domain(path: Path) -> None:
    tree = ast.parse(path.read_text(), str(path))
    for name in _imports(tree):
        top = name.split(".")[0]
        assert top in {"msgspec", "domain", "__future__"} or top in sys.stdlib_module_names, name
        assert top not in FORBIDDEN, f"{path.name} imports {name}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(DOMAIN)))
def test_domain_makes_no_io_or_clock_calls(path: Path) -> None:
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, (
                f"{path.name}:{node.lineno} calls {node.func.id}"
            )


def test_the_purity_check_sees_every_domain_module() -> None:
    assert DOMAIN / "_kernel.py" in FILES


def _module_name(path: Path) -> str:
    parts = path.relative_to(DOMAIN.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _domain_imports(path: Path) -> list[tuple[int, str, bool]]:
    """(line, imported domain module or name, at module top) for every import of domain."""
    tree = ast.parse(path.read_text(), str(path))
    top = {id(node) for node in tree.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        out += [(node.lineno, n, id(node) in top) for n in names if n.split(".")[0] == "domain"]
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(DOMAIN)))
def test_domain_imports_sit_at_module_top(path: Path) -> None:
    # A function-local import hides a dependency (and usually a cycle) from the reader.
    inner = [f"{path.name}:{line} {name}" for line, name, top in _domain_imports(path) if not top]
    assert not inner, inner


def test_domain_modules_import_no_cycle() -> None:
    modules = {_module_name(p): p for p in FILES}

    def resolve(name: str) -> str:
        while name not in modules:
            name = name.rpartition(".")[0]
        return name

    graph = {m: {resolve(n) for _, n, _ in _domain_imports(p)} - {m} for m, p in modules.items()}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            cycle = (*path[path.index(module) :], module)
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        for target in sorted(graph[module]):
            visit(target, (*path, module))
        done.add(module)

    for module in sorted(modules):
        visit(module, ())


def test_only_the_registry_reads_package_metadata() -> None:
    # Entry points are read from the installed packages' metadata: the one sanctioned read
    # outside a module's own arguments, kept in one small module (domain/registry.py).
    readers = sorted(
        str(path.relative_to(DOMAIN))
        for path in FILES
        if any(
            name.startswith("importlib.metadata") for name in _imports(ast.parse(path.read_text()))
        )
        or "from importlib import metadata" in path.read_text()
    )
    assert readers == ["registry.py"]
