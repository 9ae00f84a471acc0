"""Importing the bots imports no game: domain/registry.py promises that games left out of
GAMESTATE_GAMES are never imported, and the service imports domain.bots whatever it serves.
Per-game bot knowledge reaches the bots through the spec (GameSpec.bot_value, bot_scale)."""

from __future__ import annotations

import subprocess
import sys

GAMES = (
    "domain.azul",
    "domain.splendor",
    "domain.three_kingdoms",
    "domain.carcassonne",
    "domain.castles",
)

PROBE = f"""
import sys
import domain.bots
import domain.bots.eval
import domain.bots.mcts
loaded = sorted(m for m in sys.modules if m.startswith({GAMES!r}))
print(",".join(loaded))
"""


def test_importing_the_bots_imports_no_game() -> None:
    # A fresh interpreter: this test process has imported every game already.
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""


def test_each_game_with_a_value_declares_it_on_its_spec() -> None:
    from domain.azul import SPEC as azul
    from domain.carcassonne import SPEC as carcassonne
    from domain.castles import SPEC as castles
    from domain.splendor import SPEC as splendor
    from domain.three_kingdoms import SPEC as three_kingdoms

    for spec in (azul, splendor, carcassonne, three_kingdoms):
        assert spec.bot_value is not None
    assert castles.bot_value is None  # valued by its provisional_result
    assert [s.bot_scale for s in (azul, splendor, carcassonne, castles, three_kingdoms)] == [
        8.0,
        3.0,
        10.0,
        12.0,
        3.0,
    ]
