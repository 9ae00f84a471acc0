"""The formats: which pairing module runs each, and the families the rules treat alike."""

from __future__ import annotations

from domain.tournament import events as e
from domain.tournament.pairing import championship, elimination, round_robin, swiss, tables
from domain.tournament.state import TournamentState

MODULES = {
    "round_robin": round_robin,
    "swiss": swiss,
    "single_elimination": elimination,
    "double_elimination": elimination,
    "table_elimination": tables,
    "championship": championship,
}
BRACKETS = ("single_elimination", "double_elimination")
REPAIRED = ("table_elimination", "championship")
"""Formats whose later rounds depend on who went through, re-paired after a correction."""


def standings(state: TournamentState) -> tuple[e.StandingRow, ...]:
    if state.config is None or not state.seeding:
        return ()
    return MODULES[state.config.format].standings(state)
