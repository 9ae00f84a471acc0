"""Where a tile may go: edge matching, the river, and which segments may take a follower."""

from __future__ import annotations

from collections.abc import Iterator

from domain.carcassonne.data import STEP, TILES, Oriented, opposite_half
from domain.carcassonne.state import CarcassonneState, Tile, cell_key


def oriented(tile: Tile) -> Oriented:
    return TILES[tile.code].rotations[tile.rotation]


def tile_at(state: CarcassonneState, x: int, y: int) -> Tile | None:
    index = state.cells.get(cell_key(x, y))
    return None if index is None else state.tiles[index]


def neighbours(state: CarcassonneState, x: int, y: int) -> list[Tile | None]:
    """The tile beyond each side (N, E, S, W) or None."""
    return [tile_at(state, x + dx, y + dy) for dx, dy in STEP]


def linked_nodes(around: list[Tile | None], shape: Oriented, index: int) -> list[int]:
    """Nodes of placed segments the new tile's segment ``index`` connects to, one per port
    (so a segment touching one neighbour feature twice lists it twice)."""
    seg = shape.segments[index]
    out: list[int] = []
    if seg.kind == "field":
        for half in seg.ports:
            other = around[half // 2]
            if other is not None:
                theirs = oriented(other).half_segment[opposite_half(half)]
                out.append(other.node + theirs)
    elif seg.kind != "monastery":
        for side in seg.ports:
            other = around[side]
            if other is not None:
                out.append(other.node + oriented(other).side_segment[(side + 2) % 4])
    return out


def frontier(state: CarcassonneState) -> list[tuple[int, int]]:
    """Empty cells next to placed tiles, in a stable order."""
    cells: set[tuple[int, int]] = set()
    for tile in state.tiles:
        for dx, dy in STEP:
            cell = (tile.x + dx, tile.y + dy)
            if cell_key(*cell) not in state.cells:
                cells.add(cell)
    return sorted(cells, key=lambda c: (c[1], c[0]))


def river_bend(state: CarcassonneState, shape: Oriented) -> int:
    """How a river tile entering from the open end turns: 0 straight, 1 right, 3 left."""
    assert state.river_open is not None
    heading = state.river_open[2]
    exits = [s for s in shape.river if s != (heading + 2) % 4]
    return (exits[0] - heading) % 4 if exits else 0


def placement_error(state: CarcassonneState, code: str, x: int, y: int, rotation: int) -> str:
    """Why the tile may not go there ("" when it may)."""
    tile_type = TILES[code]
    if rotation not in range(4):
        return "carcassonne/invalid_rotation"
    if rotation not in tile_type.canonical:
        return "carcassonne/redundant_rotation"
    if cell_key(x, y) in state.cells:
        return "carcassonne/cell_occupied"
    around = neighbours(state, x, y)
    if all(t is None for t in around):
        return "carcassonne/not_adjacent"
    shape = tile_type.rotations[rotation]
    for side, other in enumerate(around):
        if other is not None and oriented(other).edges[(side + 2) % 4] != shape.edges[side]:
            return "carcassonne/edge_mismatch"
    if tile_type.is_river:
        return _river_error(state, x, y, shape)
    return ""


def _river_error(state: CarcassonneState, x: int, y: int, shape: Oriented) -> str:
    if state.river_open is None:
        return "carcassonne/river_not_continued"
    ox, oy, side = state.river_open
    dx, dy = STEP[side]
    if (x, y) != (ox + dx, oy + dy) or (side + 2) % 4 not in shape.river:
        return "carcassonne/river_not_continued"
    bend = river_bend(state, shape)
    if bend and bend == state.river_turn:
        return "carcassonne/river_u_turn"
    return ""


def _required_edges(state: CarcassonneState, x: int, y: int) -> list[str | None]:
    """The edge letter each side must show to match its neighbour (None: no neighbour)."""
    return [
        None if other is None else oriented(other).edges[(side + 2) % 4]
        for side, other in enumerate(neighbours(state, x, y))
    ]


def placements(state: CarcassonneState, code: str) -> Iterator[tuple[int, int, int]]:
    """Every legal (x, y, rotation) for the tile, canonical rotations only.

    The same checks as :func:`placement_error`, with each cell's neighbours looked up once."""
    tile_type = TILES[code]
    if tile_type.is_river:
        if state.river_open is None:
            return
        ox, oy, side = state.river_open
        cells = [(ox + STEP[side][0], oy + STEP[side][1])]
    else:
        cells = frontier(state)
    for x, y in cells:
        if cell_key(x, y) in state.cells:
            continue
        required = _required_edges(state, x, y)
        for rotation in tile_type.canonical:
            shape = tile_type.rotations[rotation]
            if any(
                need is not None and need != have
                for need, have in zip(required, shape.edges, strict=True)
            ):
                continue
            if tile_type.is_river and _river_error(state, x, y, shape):
                continue
            yield x, y, rotation


def fits_somewhere(state: CarcassonneState, code: str) -> bool:
    return next(placements(state, code), None) is not None


def free_segments(
    state: CarcassonneState, code: str, x: int, y: int, rotation: int
) -> tuple[bool, ...]:
    """Per segment of the tile placed there: is its whole feature (after joining) unoccupied?

    Segments of the new tile that join the same placed feature end up in one feature, so
    occupation spreads across them before answering."""
    shape = TILES[code].rotations[rotation]
    around = neighbours(state, x, y)
    roots = [
        {state.root[n] for n in linked_nodes(around, shape, i)} for i in range(len(shape.segments))
    ]
    occupied = [any(state.features[r].followers for r in group) for group in roots]
    changed = True
    while changed:
        changed = False
        for i, group in enumerate(roots):
            for j, other in enumerate(roots):
                if occupied[i] != occupied[j] and group & other:
                    occupied[i] = occupied[j] = True
                    changed = True
    return tuple(not o for o in occupied)
