"""docs/rulings.md names the test that pins each ruling: every test it names exists, so a
renamed or deleted test cannot leave a ruling silently unpinned."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rulings.md"
GAME_DIRS = {
    "Azul": "tests/domain/azul",
    "Splendor": "tests/domain/splendor",
    "Carcassonne": "tests/domain/carcassonne",
    "Castles": "tests/domain/castles",
    "Three Kingdoms": "tests/domain/three_kingdoms",
    "Hearts": "plugins/hearts/tests",
}
"""Where each game's tests live: the built-in games' under tests/domain, a game package's in
its own folder."""


def _cited() -> list[tuple[str, str, str]]:
    """(game folder, file, test) for every `file.py::test` and `::test` in the tables; a
    bare `::test` belongs to the file named before it in the same cell."""
    out = []
    folder = ""
    for line in DOC.read_text().splitlines():
        if line.startswith("## "):
            folder = next((d for title, d in GAME_DIRS.items() if title in line), "")
        if not folder or not line.startswith("|"):
            continue
        for cell in line.split("|"):
            current = ""
            for file, test in re.findall(r"`(?:([\w/]+\.py))?::(test_\w+)(?:\.\.\.)?", cell):
                current = file or current
                out.append((folder, current, test))
    return out


def test_every_test_named_in_docs_rulings_exists() -> None:
    cited = _cited()
    assert len(cited) > 80
    missing = []
    for folder, file, test in cited:
        path = ROOT / folder / file
        if not path.is_file() or f"def {test}(" not in path.read_text():
            missing.append(f"{folder}/{file}::{test}")
    assert not missing, missing
