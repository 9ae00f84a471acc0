"""How good a state is for each seat: the numbers the policies compare.

``values(spec, state, players)`` gives each seat a score-like number (points, as the game
counts them, with what the rules have not counted yet estimated); ``rewards(spec, state)``
turns them into one reward in [0, 1] per seat for the search: the final ranking once the
game is over (mostly who won, a little the margin), before that the margin over the best
other seat squashed by the game's scale. Per-game knowledge comes from the game's own
package through its spec (``GameSpec.bot_value`` or ``bot_values``, ``bot_scale``), so
importing the bots imports no game (``domain/registry.py``: games left out are never
imported); a game without them (a plug-in) is valued by its ``provisional_result``."""

from __future__ import annotations

import math
from typing import Any

from domain._kernel import GameSpec

WIN_WEIGHT = 0.8
"""At the end, the share of the reward that is winning (the rest is the score margin)."""


def _provisional_scores(spec: GameSpec, state: Any) -> dict[int, int]:
    if spec.provisional_result is None:
        result = spec.result(state)
        return {} if result is None else {s.seat: s.score for s in result.ranking}
    return {s.seat: s.score for s in spec.provisional_result(state).ranking}


DEFAULT_SCALE = 10.0
"""The squashing scale of a game that declares no ``bot_scale``."""


def scale(spec: GameSpec) -> float:
    """A score margin that is a clear lead in this game (the squashing scale of the reward)."""
    return DEFAULT_SCALE if spec.bot_scale is None else spec.bot_scale


def values(spec: GameSpec, state: Any, players: int) -> list[float]:
    every = spec.bot_values
    if every is not None:
        return every(state)
    own = spec.bot_value
    if own is not None:
        return [own(state, seat) for seat in range(players)]
    scores = _provisional_scores(spec, state)
    return [float(scores.get(seat, 0)) for seat in range(players)]


def estimates(spec: GameSpec, state: Any, players: int) -> list[float]:
    """What ``mcts`` values a state by: the game's ``bot_estimate`` or else ``values``."""
    estimate = spec.bot_estimate
    if estimate is not None:
        return estimate(state)
    return values(spec, state, players)


def margins(vals: list[float]) -> list[float]:
    """Each seat's value minus the best of the others'."""
    out = []
    for seat, v in enumerate(vals):
        others = [w for other, w in enumerate(vals) if other != seat]
        out.append(v - max(others) if others else v)
    return out


def rewards(spec: GameSpec, state: Any, players: int, estimate: bool = False) -> list[float]:
    squash_scale = scale(spec)
    result = spec.result(state)
    if result is not None:
        scores = {s.seat: float(s.score) for s in result.ranking}
        firsts = [s.seat for s in result.ranking if s.place == 1]
        squashed = [squash(m, squash_scale) for m in margins([scores[s] for s in range(players)])]
        return [
            WIN_WEIGHT * (1.0 / len(firsts) if seat in firsts else 0.0)
            + (1 - WIN_WEIGHT) * squashed[seat]
            for seat in range(players)
        ]
    valued = estimates(spec, state, players) if estimate else values(spec, state, players)
    return [squash(m, squash_scale) for m in margins(valued)]


def squash(margin: float, scale: float) -> float:
    return 0.5 + 0.5 * math.tanh(margin / scale)
