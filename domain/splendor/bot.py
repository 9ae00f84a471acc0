"""How good a state is for a seat, for the bots (``GameSpec.bot_value``, ``domain/bots``)."""

from __future__ import annotations

from domain.splendor.data import CARDS, NOBLES
from domain.splendor.state import SplendorState

SCALE = 3.0
"""A score margin that is a clear lead (``GameSpec.bot_scale``)."""


def value(state: SplendorState, seat: int) -> float:
    """Points, bonuses (lasting discounts), and how near the seat is to buying the cards it
    could go for (on the board, its reserves): tokens count through what they buy. Without
    the last term one ply always prefers taking gems to buying a 0-point card."""
    s = state.seats[seat]
    bonuses = s.bonuses
    value = s.points + 0.6 * sum(bonuses) + 0.05 * sum(s.tokens)
    targets = [c for row in state.board for c in row if c is not None]
    targets += [r.card for r in s.reserved]
    reach = []
    for card in targets:
        c = CARDS[card]
        short = sum(
            max(0, cost - bonus - have)
            for cost, bonus, have in zip(c.cost, bonuses, s.tokens, strict=False)
        )
        reach.append((c.points + 0.6) / (1 + max(0, short - s.tokens[-1])))
    reach.sort(reverse=True)
    value += 0.5 * sum(reach[:2])
    for noble in state.nobles:  # nearness to each noble still on the table
        missing = sum(max(0, r - b) for r, b in zip(NOBLES[noble].requires, bonuses, strict=True))
        value += 0.5 / (1 + missing)
    return value
