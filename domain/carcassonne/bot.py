"""How good a state is for a seat, for the bots (``GameSpec.bot_value``, ``domain/bots``)."""

from __future__ import annotations

from domain.carcassonne.rules.features import monastery_ring
from domain.carcassonne.rules.scoring import (
    FARM_POINTS_PER_CITY,
    final_scoring,
    majority,
)
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


HAND = 1.5
"""A follower in hand, in points, while its seat has ``TAPER`` turns or more left."""
TAPER = 4
"""Turns left below which a follower in hand is worth less, down to a quarter with one."""
PRIOR_WEIGHT = 10.0
"""``GameSpec.bot_prior_weight``: with 30-150 iterations a move, ``mcts`` at the default 3
strayed from good one-ply choices on the noise of a few deals (docs/bots.md, "Values")."""

# The chances below are small on purpose: they order placements worth the same points (a
# feature nearer closing first) and barely move a total. Chances a player would name
# (0.3-0.8 a side) made one ply weaker against ``values``, not stronger (docs/bots.md).
CITY_CLOSE = 0.01
"""The chance, per open side, that an occupied city is closed before the end."""
ROAD_CLOSE = 0.01
"""The same for a road (its follower comes back; its points do not change)."""
MONASTERY_FILL = 0.01
"""The share of a monastery's empty neighbouring cells still filled, with tiles enough left."""
TILES_PER_SIDE = 6
"""Tiles left per open side for a feature to have its full chance of closing."""


def estimates(state: CarcassonneState) -> list[float]:
    """Every seat's value as ``values``, with what the board may still score estimated: an
    occupied city counts its end-of-game points plus the chance that it is closed (which
    doubles them), a farm the chance that the open cities it borders close, a monastery the
    cells around it that may still be filled, and a follower on an open feature the chance
    that it comes back; a follower in hand counts only as often as its seat still has turns.

    For ``mcts`` alone (``GameSpec.bot_estimate``): ``greedy``, which the kernel's auto-play
    uses and the audit re-decides, keeps ``values``."""
    players = state.players
    if state.over:
        return [float(score) for score in state.scores]
    left = len(state.deck) + (state.current is not None)
    turns = -(-left // players)  # each seat's turns still to come, at most
    hand = HAND * min(1.0, turns / TAPER)
    out = [float(score) for score in state.scores]
    closing: dict[int, float] = {}
    for root, feature in enumerate(state.features):
        if feature is None or feature.done or not feature.followers or feature.kind == "field":
            continue
        if feature.kind == "monastery":
            tile = state.tiles[state.node_tile[root]]
            ring = monastery_ring(state, tile.x, tile.y)
            fill = MONASTERY_FILL * min(1.0, left / 30)
            points = 1 + ring + (8 - ring) * fill
            back = fill ** (8 - ring)
        else:
            chance = _chance(
                feature.open, left, CITY_CLOSE if feature.kind == "city" else ROAD_CLOSE
            )
            size = len(feature.tiles)
            points = (size + feature.shields) * (1 + chance) if feature.kind == "city" else size
            back = chance
        _share(out, feature, players, points, hand * back)
    for feature in state.features:
        if feature is None or feature.kind != "field" or not feature.followers:
            continue
        cities = 0.0
        for city in {state.root[node] for node in feature.cities}:
            border = state.features[city]
            if border is None:
                continue
            if border.open == 0:
                cities += 1
            else:
                if city not in closing:
                    closing[city] = _chance(border.open, left, CITY_CLOSE)
                cities += closing[city]
        _share(out, feature, players, FARM_POINTS_PER_CITY * cities, 0.0)
    for seat in range(players):
        out[seat] += hand * min(state.supply[seat], turns)
    return out


def _chance(sides: int, left: int, per_side: float) -> float:
    return per_side**sides * min(1.0, left / (TILES_PER_SIDE * max(1, sides)))


def _share(out: list[float], feature, players: int, points: float, back: float) -> None:
    for seat, wins in enumerate(majority(feature, players)):
        if wins:
            out[seat] += points
    for follower in feature.followers:
        out[follower.seat] += back
