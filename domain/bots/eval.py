"""How good a state is for each seat: the numbers the policies compare.

``value(spec, state, seat)`` is a score-like number (points, as the game counts them, with
what the rules have not counted yet estimated); ``rewards(spec, state)`` turns the values of
all seats into one reward in [0, 1] per seat for the search: the final ranking once the game
is over (mostly who won, a little the margin), before that the margin over the best other
seat squashed by the game's scale. Per-game knowledge lives in ``_VALUES`` and ``SCALES``
keyed by slug; a game not listed (a plug-in) is valued by its ``provisional_result``."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from domain._kernel import GameSpec
from domain.azul.data import FLOOR_PENALTIES, LINE_CAPACITIES
from domain.splendor.data import CARDS, NOBLES
from domain.three_kingdoms.rules.bidding import outcome
from domain.three_kingdoms.rules.scoring import score_cards

WIN_WEIGHT = 0.8
"""At the end, the share of the reward that is winning (the rest is the score margin)."""


def _provisional_scores(spec: GameSpec, state: Any) -> dict[int, int]:
    if spec.provisional_result is None:
        result = spec.result(state)
        return {} if result is None else {s.seat: s.score for s in result.ranking}
    return {s.seat: s.score for s in spec.provisional_result(state).ranking}


def _azul(spec: GameSpec, state: Any, seat: int) -> float:
    score = _provisional_scores(spec, state)[seat]
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


def _splendor(spec: GameSpec, state: Any, seat: int) -> float:
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


def _carcassonne(spec: GameSpec, state: Any, seat: int) -> float:
    # The end-of-game scoring now, plus what a follower in hand is worth on a later tile.
    return _provisional_scores(spec, state)[seat] + (
        1.5 * state.supply[seat] if not state.over else 0
    )


def _three_kingdoms(spec: GameSpec, state: Any, seat: int) -> float:
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


_VALUES: dict[str, Callable[[GameSpec, Any, int], float]] = {
    "azul": _azul,
    "splendor": _splendor,
    "carcassonne": _carcassonne,
    "three_kingdoms": _three_kingdoms,
}

SCALES: dict[str, float] = {
    "azul": 8.0,
    "splendor": 3.0,
    "carcassonne": 10.0,
    "castles": 12.0,
    "three_kingdoms": 3.0,
}
"""A score margin that is a clear lead, per game (the squashing scale of the reward)."""


def value(spec: GameSpec, state: Any, seat: int) -> float:
    own = _VALUES.get(spec.slug)
    if own is not None:
        return own(spec, state, seat)
    return float(_provisional_scores(spec, state).get(seat, 0))


def values(spec: GameSpec, state: Any, players: int) -> list[float]:
    own = _VALUES.get(spec.slug)
    if own is not None:
        return [own(spec, state, seat) for seat in range(players)]
    scores = _provisional_scores(spec, state)
    return [float(scores.get(seat, 0)) for seat in range(players)]


def margins(vals: list[float]) -> list[float]:
    """Each seat's value minus the best of the others'."""
    out = []
    for seat, v in enumerate(vals):
        others = [w for other, w in enumerate(vals) if other != seat]
        out.append(v - max(others) if others else v)
    return out


def rewards(spec: GameSpec, state: Any, players: int) -> list[float]:
    scale = SCALES.get(spec.slug, 10.0)
    result = spec.result(state)
    if result is not None:
        scores = {s.seat: float(s.score) for s in result.ranking}
        firsts = [s.seat for s in result.ranking if s.place == 1]
        squashed = [squash(m, scale) for m in margins([scores[s] for s in range(players)])]
        return [
            WIN_WEIGHT * (1.0 / len(firsts) if seat in firsts else 0.0)
            + (1 - WIN_WEIGHT) * squashed[seat]
            for seat in range(players)
        ]
    return [squash(m, scale) for m in margins(values(spec, state, players))]


def squash(margin: float, scale: float) -> float:
    return 0.5 + 0.5 * math.tanh(margin / scale)
