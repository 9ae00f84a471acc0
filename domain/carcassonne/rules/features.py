"""Incremental feature merging when a tile lands (used by evolve).

Every segment on the board is a node numbered in placement order. ``root`` maps each node to
its feature's root node and is kept fully compressed: a merge re-points the absorbed
feature's nodes, whose list the feature carries. Only the features a tile touches change."""

from __future__ import annotations

import msgspec

from domain.carcassonne.data import STEP, TILES, Oriented, opposite_half
from domain.carcassonne.rules.placement import with_tile
from domain.carcassonne.state import CarcassonneState, Feature, Tile, cell_key


def _merge(keep: Feature, gone: Feature) -> Feature:
    return msgspec.structs.replace(
        keep,
        tiles=_union(keep.tiles, gone.tiles),
        open=keep.open + gone.open,
        shields=keep.shields + gone.shields,
        followers=keep.followers + gone.followers,
        cities=keep.cities + gone.cities,
        nodes=keep.nodes + gone.nodes,
    )


def _union(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """``tuple(sorted(set(a) | set(b)))`` for sorted tuples of distinct indexes, without
    sorting in the usual case: one feature's tiles all precede the other's (a new tile's
    segment joining an old feature)."""
    if a and b:
        if a[-1] <= b[0]:
            return a + b[1:] if a[-1] == b[0] else a + b
        if b[-1] <= a[0]:
            return b + a[1:] if b[-1] == a[0] else b + a
    return tuple(sorted(set(a) | set(b)))


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


def _links(shape: Oriented) -> tuple[tuple[tuple[int, int, bool], ...], ...]:
    """Per segment, one entry per port (so a segment touching one neighbour feature twice
    links to it twice): (side the neighbour is on, the neighbour's half-edge or side facing
    the port, whether it is a half-edge). Monasteries link to nothing."""
    return tuple(
        tuple((h // 2, opposite_half(h), True) for h in seg.ports)
        if seg.kind == "field"
        else ()
        if seg.kind == "monastery"
        else tuple((s, (s + 2) % 4, False) for s in seg.ports)
        for seg in shape.segments
    )


_LINKS = {code: tuple(map(_links, t.rotations)) for code, t in TILES.items()}


def place_tile(
    state: CarcassonneState, code: str, x: int, y: int, rotation: int
) -> CarcassonneState:
    shape = TILES[code].rotations[rotation]
    segments = shape.segments
    index = len(state.tiles)
    first = len(state.root)
    get = state.cells.get
    tiles = state.tiles
    around = [None if (i := get(cell_key(x + dx, y + dy))) is None else tiles[i] for dx, dy in STEP]
    root = [*state.root, *range(first, first + len(segments))]
    features: list[Feature | None] = list(state.features)
    for i, seg in enumerate(segments):
        open_sides = 0
        if seg.kind == "city" or seg.kind == "road":
            for side in seg.ports:
                if around[side] is None:
                    open_sides += 1
        cities = tuple([first + b for b in seg.borders]) if seg.borders else ()
        features.append(
            Feature(seg.kind, (index,), open_sides, int(seg.shield), (), cities, (first + i,))
        )
    for i, links in enumerate(_LINKS[code][rotation]):
        closes = 1 if segments[i].kind in ("city", "road") else 0
        for side, port, field in links:
            other = around[side]
            if other is not None:
                theirs = TILES[other.code].rotations[other.rotation]
                node = other.node + (
                    theirs.half_segment[port] if field else theirs.side_segment[port]
                )
                _link(root, features, first + i, node, closes)
    tile = Tile(x=x, y=y, code=code, rotation=rotation, node=first)
    return msgspec.structs.replace(
        state,
        tiles=(*tiles, tile),
        cells=with_tile(state.cells, index, tile),
        node_tile=state.node_tile + (index,) * len(segments),
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
    # Rules version 2 forbids only an immediate U-turn: a straight clears the last bend.
    # Version 1 remembered the last bend across straights.
    turn = (bend or state.river_turn) if state.rules_version == "1" else bend
    return {"river_open": (x, y, exits[0]), "river_turn": turn}


def monastery_ring(state: CarcassonneState, x: int, y: int) -> int:
    """Tiles in the 8 cells around (x, y)."""
    return sum(
        1
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and cell_key(x + dx, y + dy) in state.cells
    )
