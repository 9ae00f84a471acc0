"""How good a state is for a seat, for the bots (``GameSpec.bot_value``, ``domain/bots``)."""

from __future__ import annotations

from domain.carcassonne.rules.scoring import final_scoring
from domain.carcassonne.state import CarcassonneState

SCALE = 10.0
"""A score margin that is a clear lead (``GameSpec.bot_scale``)."""

FOLLOWER_IN_HAND = 1.5
"""What a follower in hand is worth on a later tile, in points."""


def values(state: CarcassonneState) -> list[float]:
    """Every seat's value: the end-of-game scoring now, plus its followers in hand.

    The points of ``provisional_result``, added up from the scoring's events rather than by
    evolving a state through them: one board scoring serves every seat (a search values
    thousands of states a move, and evolving them was two thirds of its time)."""
    scores = list(state.scores)
    if state.over:
        return [float(score) for score in scores]
    for event in final_scoring(state):
        for seat, points in enumerate(event.points):
            scores[seat] += points
    return [score + FOLLOWER_IN_HAND * state.supply[seat] for seat, score in enumerate(scores)]


def value(state: CarcassonneState, seat: int) -> float:
    return values(state)[seat]
