"""How good a state is for a seat, for the bots (``GameSpec.bot_value``, ``domain/bots``)."""

from __future__ import annotations

from domain.azul.data import FLOOR_PENALTIES, LINE_CAPACITIES
from domain.azul.provisional import provisional_result
from domain.azul.state import AzulState

SCALE = 8.0
"""A score margin that is a clear lead (``GameSpec.bot_scale``)."""


def value(state: AzulState, seat: int) -> float:
    score = next(s.score for s in provisional_result(state).ranking if s.seat == seat)
    board = state.boards[seat]
    if state.phase != "over":
        # The floor and the lines are counted only at the end of the round: estimate now.
        score -= sum(FLOOR_PENALTIES[: len(board.floor)])
        for line, capacity in zip(board.lines, LINE_CAPACITIES, strict=True):
            if line.count == capacity:
                score += 1.5
            elif line.count:
                score += 0.6 * line.count / capacity - 0.3
    return float(score)
