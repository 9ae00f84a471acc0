"""The folder tree is the architecture: which package may import which, and no import cycles.

The import graph is read from the source (every ``import`` anywhere in a module, including
inside functions: a cycle hidden in a function is still a cycle). docs/architecture.md draws
the same map."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LAYERS: dict[str, set[str]] = {
    "support": set(),
    "store": {"support"},
    "games": {"store", "support"},
    "players": {"games", "store", "support"},
    "tournaments": {"games", "players", "store", "support"},
    "live": {"store", "support"},
    "lobby": {"games", "players", "store", "support"},
    "clocks": {"games", "live", "store", "support"},
    "notify": {"games", "players", "store", "support"},
    "api": {
        "games",
        "players",
        "tournaments",
        "lobby",
        "live",
        "clocks",
        "notify",
        "store",
        "support",
    },
    "ops": {
        "api",
        "games",
        "players",
        "tournaments",
        "lobby",
        "live",
        "clocks",
        "notify",
        "store",
        "support",
    },
}
"""service/<package> -> the service packages it may import (besides itself and domain/)."""


def _modules() -> dict[str, Path]:
    found = {}
    for top in ("service", "domain"):
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _owner(name: str) -> str | None:
    """The project module that ``import name`` loads (a package's submodule or the package)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str, path: Path) -> set[str]:
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets |= {_owner(alias.name) for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                targets.add(_owner(full) if full in MODULES else _owner(base))
    return {t for t in targets if t and t != module}


GRAPH = {module: _imports(module, path) for module, path in MODULES.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_in_service_or_domain() -> None:
    assert _cycles(GRAPH) == []


def test_domain_imports_nothing_of_service() -> None:
    offenders = {
        module: sorted(t for t in targets if t.startswith("service"))
        for module, targets in GRAPH.items()
        if module.startswith("domain")
    }
    assert {m: t for m, t in offenders.items() if t} == {}


def _package(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "service" and len(parts) > 1 else None


def test_every_service_module_lives_in_a_known_package() -> None:
    loose = [m for m in MODULES if m.startswith("service.") and _package(m) not in LAYERS]
    assert loose == [], "put it in one of the packages of LAYERS (and docs/architecture.md)"


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_service_packages_import_only_the_layers_below(package: str) -> None:
    allowed = LAYERS[package] | {package}
    wrong = sorted(
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        if _package(module) == package
        for target in targets
        if target.startswith("service.") and _package(target) not in allowed
    )
    assert wrong == []


def test_every_service_package_says_what_lives_there_and_what_it_may_import() -> None:
    for package in LAYERS:
        doc = ast.get_docstring(ast.parse((ROOT / "service" / package / "__init__.py").read_text()))
        assert doc and "import" in doc, f"service/{package}/__init__.py needs its docstring"


BUILT_IN_GAMES = ("azul", "splendor", "carcassonne", "castles", "three_kingdoms")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _names_a_game(value: str) -> bool:
    return any(value == slug or value.startswith(f"{slug}.") for slug in BUILT_IN_GAMES)


def test_nothing_in_service_names_a_game() -> None:
    """Games are plug-ins (domain/registry.py): the service imports no game's package and
    spells no slug or tag in its code; what it shows of a game comes from its GameSpec."""
    offenders = []
    for module, path in MODULES.items():
        if not module.startswith("service"):
            continue
        tree = ast.parse(path.read_text(), str(path))
        games = {f"domain.{slug}" for slug in BUILT_IN_GAMES}
        for target in GRAPH[module]:
            if any(target == g or target.startswith(f"{g}.") for g in games):
                offenders.append(f"{module} imports {target}")
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and _names_a_game(node.value)
            ):
                offenders.append(f"{module}:{node.lineno} {node.value!r}")
    assert offenders == []


def test_nothing_in_the_viewer_names_a_game() -> None:
    """The viewer's own scripts load each game's board through /viewer/games.json."""
    assets = ROOT / "service" / "api" / "viewer"
    offenders = [
        f"{path.relative_to(assets)}: {slug}"
        for path in assets.rglob("*.js")
        for slug in BUILT_IN_GAMES
        if f'"{slug}' in path.read_text()
        or f"'{slug}" in path.read_text()
        or f"/{slug}.js" in path.read_text()
    ]
    assert offenders == []


def test_the_game_check_sees_a_game_import() -> None:
    tree = ast.parse('import domain.azul\nx = "azul.take_tiles"\n"""azul in a docstring"""')
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)]
    assert [s for s in strings if _names_a_game(s)] == ["azul.take_tiles"]
