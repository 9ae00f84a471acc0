"""Incremental feature merging when a tile lands (used by evolve).

Every segment on the board is a node numbered in placement order. ``root`` maps each node to
its feature's root node and is kept fully compressed: a merge re-points the absorbed
feature's nodes, whose list the feature carries. Only the features a tile touches change."""

from __future__ import annotations

import msgspec

from domain.carcassonne.data import TILES
from domain.carcassonne.rules.placement import linked_nodes, neighbours
from domain.carcassonne.state import CarcassonneState, Feature, Tile, cell_key


def _merge(keep: Feature, gone: Feature) -> Feature:
    return msgspec.structs.replace(
        keep,
        tiles=tuple(sorted(set(keep.tiles) | set(gone.tiles))),
        open=keep.open + gone.open,
        shields=keep.shields + gone.shields,
        followers=keep.followers + gone.followers,
        cities=keep.cities + gone.cities,
        nodes=keep.nodes + gone.nodes,
    )


def _link(root: list[int], features: list[Feature | None], a: int, b: int, closes: int) -> None:
    """Join the features of nodes a and b; ``closes`` open sides disappear with the link."""
    ra, rb = root[a], root[b]
    keep, gone = min(ra, rb), max(ra, rb)
    kept = features[keep]
    assert kept is not None
    if keep != gone:
        absorbed = features[gone]
        assert absorbed is not None
        kept = _merge(kept, absorbed)
        for node in absorbed.nodes:
            root[node] = keep
        features[gone] = None
    features[keep] = msgspec.structs.replace(kept, open=kept.open - closes)


def place_tile(
    state: CarcassonneState, code: str, x: int, y: int, rotation: int
) -> CarcassonneState:
    shape = TILES[code].rotations[rotation]
    index = len(state.tiles)
    first = len(state.root)
    around = neighbours(state, x, y)
    root = [*state.root, *range(first, first + len(shape.segments))]
    features: list[Feature | None] = list(state.features)
    for i, seg in enumerate(shape.segments):
        open_sides = (
            sum(1 for s in seg.ports if around[s] is None) if seg.kind in ("city", "road") else 0
        )
        features.append(
            Feature(
                kind=seg.kind,
                tiles=(index,),
                open=open_sides,
                shields=int(seg.shield),
                followers=(),
                cities=tuple(first + b for b in seg.borders),
                nodes=(first + i,),
            )
        )
    for i, seg in enumerate(shape.segments):
        closes = 1 if seg.kind in ("city", "road") else 0
        for other in linked_nodes(around, shape, i):
            _link(root, features, first + i, other, closes)
    cells = dict(state.cells)
    cells[cell_key(x, y)] = index
    return msgspec.structs.replace(
        state,
        tiles=(*state.tiles, Tile(x=x, y=y, code=code, rotation=rotation, node=first)),
        cells=cells,
        node_tile=state.node_tile + (index,) * len(shape.segments),
        root=tuple(root),
        features=tuple(features),
        current=None,
        **_river_progress(state, shape.river, x, y),
    )


def _river_progress(state: CarcassonneState, river: tuple[int, ...], x: int, y: int) -> dict:
    """The river's new open end and last bend after a river tile (nothing for land tiles)."""
    if not river:
        return {}
    if state.river_open is None:  # the spring
        return {"river_open": (x, y, river[0]), "river_turn": 0}
    heading = state.river_open[2]
    exits = [s for s in river if s != (heading + 2) % 4]
    if not exits:  # the lake
        return {"river_open": None}
    bend = (exits[0] - heading) % 4
    return {"river_open": (x, y, exits[0]), "river_turn": bend or state.river_turn}


def monastery_ring(state: CarcassonneState, x: int, y: int) -> int:
    """Tiles in the 8 cells around (x, y)."""
    return sum(
        1
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and cell_key(x + dx, y + dy) in state.cells
    )
