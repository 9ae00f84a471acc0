"""How good a state is for a seat, for the bots (``GameSpec.bot_value``, ``domain/bots``)."""

from __future__ import annotations

from domain.three_kingdoms.rules.bidding import outcome
from domain.three_kingdoms.rules.scoring import score_cards
from domain.three_kingdoms.state import GameState

SCALE = 3.0
"""A score margin that is a clear lead (``GameSpec.bot_scale``)."""
PRIOR_WEIGHT = 10.0
"""``GameSpec.bot_prior_weight``: three seats' replies spread a move's iterations thin, and at
the default 3 ``mcts`` strayed from good one-ply choices on noise (docs/bots.md, "Values")."""
GOLD_RICE = 0.05
"""What one gold or rice is worth, in points."""
LEAD = 0.7
"""What leading the bids on an action space is worth while bidding, in points."""


def values(state: GameState) -> list[float]:
    """Every seat's ``value`` from one scoring of the board and one outcome per contested
    space (``GameSpec.bot_values``): a search values thousands of states a move, and valuing
    them seat by seat computed every score card and outcome once per seat. The arithmetic
    is ``value``'s, term for term, so the numbers are the same to the last bit."""
    cards = score_cards(state)
    out = [card.total + GOLD_RICE * card.gold_rice for card in cards]
    if state.phase == "bidding":
        leads = [0] * len(cards)
        for space in {p.space for p in state.placements}:
            for winner in set(outcome(state, space).winners):
                leads[winner] += 1
        out = [v + LEAD * lead for v, lead in zip(out, leads, strict=True)]
    return out


def value(state: GameState, seat: int) -> float:
    """The score cards computed now, plus what is not scored yet: gold and rice (the
    tie-break, and what actions cost), and, while bidding, the spaces the seat leads (won
    actions are where points come from; one ply would otherwise see no bid as worth
    anything)."""
    card = next(c for c in score_cards(state) if c.seat == seat)
    value = card.total + GOLD_RICE * card.gold_rice
    if state.phase == "bidding":
        spaces = {p.space for p in state.placements}
        value += LEAD * sum(1 for space in spaces if seat in outcome(state, space).winners)
    return value
