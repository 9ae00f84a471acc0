"""How good a state is for a seat, for the bots (``GameSpec.bot_value``, ``domain/bots``)."""

from __future__ import annotations

from domain.carcassonne.provisional import provisional_result
from domain.carcassonne.state import CarcassonneState

SCALE = 10.0
"""A score margin that is a clear lead (``GameSpec.bot_scale``)."""


def value(state: CarcassonneState, seat: int) -> float:
    # The end-of-game scoring now, plus what a follower in hand is worth on a later tile.
    score = next(s.score for s in provisional_result(state).ranking if s.seat == seat)
    return score + (1.5 * state.supply[seat] if not state.over else 0)
