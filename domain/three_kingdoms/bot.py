"""How good a state is for a seat, for the bots (``GameSpec.bot_value``, ``domain/bots``)."""

from __future__ import annotations

from domain.three_kingdoms.rules.bidding import outcome
from domain.three_kingdoms.rules.scoring import score_cards
from domain.three_kingdoms.state import GameState

SCALE = 3.0
"""A score margin that is a clear lead (``GameSpec.bot_scale``)."""


def value(state: GameState, seat: int) -> float:
    """The score cards computed now, plus what is not scored yet: gold and rice (the
    tie-break, and what actions cost), and, while bidding, the spaces the seat leads (won
    actions are where points come from; one ply would otherwise see no bid as worth
    anything)."""
    card = next(c for c in score_cards(state) if c.seat == seat)
    value = card.total + 0.05 * card.gold_rice
    if state.phase == "bidding":
        spaces = {p.space for p in state.placements}
        value += 0.7 * sum(1 for space in spaces if seat in outcome(state, space).winners)
    return value
