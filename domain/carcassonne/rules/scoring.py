"""Which features a placement completes, who wins them, and the end-of-game scoring."""

from __future__ import annotations

from domain.carcassonne.data import TILES
from domain.carcassonne.events import FarmScored, FeatureScored
from domain.carcassonne.rules.features import monastery_ring
from domain.carcassonne.state import CarcassonneState, Feature, cell_key

FARM_POINTS_PER_CITY = 3


def _counts(feature: Feature, players: int) -> tuple[int, ...]:
    counts = [0] * players
    for follower in feature.followers:
        counts[follower.seat] += 1
    return tuple(counts)


def majority(feature: Feature, players: int) -> tuple[int, ...]:
    """1 for each seat with the most followers on the feature (ties all win), else 0."""
    counts = _counts(feature, players)
    best = max(counts)
    return tuple(int(best > 0 and c == best) for c in counts)


def _size(state: CarcassonneState, root: int, feature: Feature) -> int:
    """Tiles that count: the feature's tiles, or a monastery and the tiles around it."""
    if feature.kind == "monastery":
        return 1 + monastery_ring(state, *_position(state, root))
    return len(feature.tiles)


def _value(feature: Feature, size: int, complete: bool) -> int:
    if feature.kind == "city":
        return (2 if complete else 1) * (size + feature.shields)
    return size


def scored(state: CarcassonneState, root: int, complete: bool) -> FeatureScored:
    feature = state.features[root]
    assert feature is not None
    size = _size(state, root, feature)
    value = _value(feature, size, complete)
    return FeatureScored(
        feature=root,
        kind=feature.kind,
        complete=complete,
        tiles=size,
        shields=feature.shields,
        points=tuple(value * w for w in majority(feature, state.players)),
        returned=_counts(feature, state.players) if complete else (0,) * state.players,
    )


def _position(state: CarcassonneState, node: int) -> tuple[int, int]:
    tile = state.tiles[state.node_tile[node]]
    return tile.x, tile.y


def completed_by(state: CarcassonneState, placed: int) -> list[FeatureScored]:
    """Features completed by the tile with placement index ``placed`` (state after it)."""
    tile = state.tiles[placed]
    shape = TILES[tile.code].rotations[tile.rotation]
    out: list[FeatureScored] = []
    seen: set[int] = set()
    for i, seg in enumerate(shape.segments):
        root = state.root[tile.node + i]
        feature = state.features[root]
        assert feature is not None
        if seg.kind in ("city", "road") and root not in seen and feature.open == 0:
            seen.add(root)
            out.append(scored(state, root, complete=True))
    for root in _monasteries_around(state, tile.x, tile.y):
        if monastery_ring(state, *_position(state, root)) == 8:
            out.append(scored(state, root, complete=True))
    return out


def _monasteries_around(state: CarcassonneState, x: int, y: int) -> list[int]:
    roots = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            index = state.cells.get(cell_key(x + dx, y + dy))
            if index is None:
                continue
            tile = state.tiles[index]
            names = TILES[tile.code].names
            if "monastery" in names:
                roots.append(tile.node + names["monastery"])
    return roots


def final_scoring(state: CarcassonneState) -> list[FeatureScored | FarmScored]:
    """Incomplete cities, roads and monasteries, then farms; only features with followers."""
    out: list[FeatureScored | FarmScored] = []
    for root, feature in enumerate(state.features):
        if feature is None or not feature.followers or feature.done:
            continue
        if feature.kind == "field":
            continue
        out.append(scored(state, root, complete=False))
    for root, feature in enumerate(state.features):
        if feature is not None and feature.kind == "field" and feature.followers:
            out.append(_farm(state, root, feature))
    return out


def _farm(state: CarcassonneState, root: int, feature: Feature) -> FarmScored:
    cities = sorted(
        {
            state.root[node]
            for node in feature.cities
            if _complete_city(state.features[state.root[node]])
        }
    )
    winners = majority(feature, state.players)
    value = FARM_POINTS_PER_CITY * len(cities)
    return FarmScored(feature=root, cities=tuple(cities), points=tuple(value * w for w in winners))


def _complete_city(feature: Feature | None) -> bool:
    return feature is not None and feature.kind == "city" and feature.open == 0
