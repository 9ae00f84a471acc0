"""Where a tile may go: edge matching, the river, and which segments may take a follower.

Listing placements is the hot path of the game (every turn asks it twice: for the legal
commands and for whether the next tile fits), so it avoids rescanning the board: the open
cells and the edges they require are kept up to date as tiles land (:func:`open_cells`), and
which rotations of a tile fit a given pattern of required edges is looked up in a table
built once per tile type (``_FITS``)."""

from __future__ import annotations

from collections.abc import Container, Iterator

from domain.carcassonne.data import STEP, TILES, Oriented, opposite_half
from domain.carcassonne.state import CarcassonneState, Cells, Tile, cell_key

NO_EDGE = "."
"""In a pattern of required edges: no neighbour on that side, anything goes."""

OpenCell = tuple[str, tuple[int | None, ...]]
"""(required edge per side N, E, S, W, or NO_EDGE; placement index of the tile beyond each
side, or None), for one empty cell next to the board."""

_NO_NEIGHBOURS: OpenCell = (NO_EDGE * 4, (None,) * 4)


def _fits_table(code: str) -> dict[str, tuple[int, ...]]:
    """Pattern of required edges -> the canonical rotations whose edges show it, in order."""
    tile_type = TILES[code]
    table: dict[str, list[int]] = {}
    for rotation in tile_type.canonical:
        edges = tile_type.rotations[rotation].edges
        for mask in range(16):
            pattern = "".join(edges[s] if mask >> s & 1 else NO_EDGE for s in range(4))
            table.setdefault(pattern, []).append(rotation)
    return {pattern: tuple(rotations) for pattern, rotations in table.items()}


_FITS = {code: _fits_table(code) for code in TILES}


# Which placed feature each side of an empty cell touches is read through 12 slots: one per
# side (the city or road there) and one per half-edge (the field there), as bits of a mask.


def _port_masks(shape: Oriented) -> tuple[int, ...]:
    """Per segment, the slots its ports link through, as bits: each side of a city or road,
    each half-edge of a field, none for a monastery."""
    masks = []
    for seg in shape.segments:
        mask = 0
        if seg.kind == "field":
            for half in seg.ports:
                mask |= 1 << (4 + half)
        elif seg.kind != "monastery":
            for side in seg.ports:
                mask |= 1 << side
        masks.append(mask)
    return tuple(masks)


def _facing(shape: Oriented) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For a placed tile, per side: (slot bit, its segment offset) for the slots of the empty
    cell beyond that side, which sees this side as its opposite one."""
    out = []
    for side in range(4):
        mine = (side + 2) % 4  # the empty cell's side facing this tile
        halves = (2 * mine, 2 * mine + 1)
        out.append(
            (
                (1 << mine, shape.side_segment[side]),
                *((1 << (4 + h), shape.half_segment[opposite_half(h)]) for h in halves),
            )
        )
    return tuple(out)


_PORT_MASKS = {code: tuple(map(_port_masks, t.rotations)) for code, t in TILES.items()}
_FACING = {code: tuple(map(_facing, t.rotations)) for code, t in TILES.items()}
_ALL_FREE = {code: (True,) * len(t.names) for code, t in TILES.items()}


def oriented(tile: Tile) -> Oriented:
    return TILES[tile.code].rotations[tile.rotation]


def add_to_frontier(
    frontier: dict[tuple[int, int], OpenCell], cells: Container[str], index: int, tile: Tile
) -> None:
    """Update ``frontier`` (keyed (y, x)) in place for ``tile``, placement ``index``, having
    landed; ``cells`` already includes it."""
    x, y = tile.x, tile.y
    edges = oriented(tile).edges
    frontier.pop((y, x), None)
    for side, (dx, dy) in enumerate(STEP):
        if cell_key(x + dx, y + dy) in cells:
            continue
        key = (y + dy, x + dx)
        pattern, around = frontier.get(key, _NO_NEIGHBOURS)
        facing = (side + 2) % 4
        frontier[key] = (
            pattern[:facing] + edges[side] + pattern[facing + 1 :],
            (*around[:facing], index, *around[facing + 1 :]),
        )


def open_cells(state: CarcassonneState) -> dict[tuple[int, int], OpenCell]:
    """Every empty cell next to a placed tile, keyed (y, x) (so sorted keys are the listing
    order), with what it requires. Kept on the state's :class:`Cells`."""
    cells = state.cells
    if not isinstance(cells, Cells):
        return _rebuilt(state)
    if cells.frontier is None:
        cells.frontier = _rebuilt(state)
    return cells.frontier


def _rebuilt(state: CarcassonneState) -> dict[tuple[int, int], OpenCell]:
    frontier: dict[tuple[int, int], OpenCell] = {}
    cells: set[str] = set()
    for index, tile in enumerate(state.tiles):
        cells.add(cell_key(tile.x, tile.y))
        add_to_frontier(frontier, cells, index, tile)
    return frontier


def with_tile(cells: dict[str, int], index: int, tile: Tile) -> Cells:
    """The board's cells after ``tile`` lands as placement ``index``. The open cells follow
    along if they were known before (a game being played); replaying stored events leaves
    them to be worked out when first asked for."""
    out = Cells(cells)
    out[cell_key(tile.x, tile.y)] = index
    known = cells.frontier if isinstance(cells, Cells) else None
    if known is None:
        out.frontier = None
    else:
        out.frontier = dict(known)
        add_to_frontier(out.frontier, out, index, tile)
    return out


def frontier(state: CarcassonneState) -> list[tuple[int, int]]:
    """Empty cells next to placed tiles, in a stable order."""
    return [(x, y) for y, x in sorted(open_cells(state))]


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
    required = open_cells(state).get((y, x))
    if required is None:
        return "carcassonne/not_adjacent"
    if rotation not in _FITS[code].get(required[0], ()):
        return "carcassonne/edge_mismatch"
    if tile_type.is_river:
        return _river_error(state, x, y, tile_type.rotations[rotation])
    return ""


def _river_error(state: CarcassonneState, x: int, y: int, shape: Oriented) -> str:
    if state.river_open is None:
        return "carcassonne/river_not_continued"
    ox, oy, side = state.river_open
    dx, dy = STEP[side]
    if (x, y) != (ox + dx, oy + dy) or (side + 2) % 4 not in shape.river:
        return "carcassonne/river_not_continued"
    bend = river_bend(state, shape)
    if bend and bend == state.river_turn:  # the same way as the bend it may not repeat
        return "carcassonne/river_u_turn"
    return ""


def _around(state: CarcassonneState, x: int, y: int) -> tuple[int | None, ...]:
    get = state.cells.get
    return tuple(get(cell_key(x + dx, y + dy)) for dx, dy in STEP)


def fitting_cells(
    state: CarcassonneState, code: str
) -> Iterator[tuple[int, int, tuple[int, ...], tuple[int | None, ...]]]:
    """(x, y, rotations, around) for each cell where the tile fits at least one way, in
    listing order (by y, then x); ``around`` is as in :data:`OpenCell`."""
    tile_type = TILES[code]
    fits = _FITS[code]
    if not tile_type.is_river:
        for (y, x), (pattern, around) in sorted(open_cells(state).items()):
            rotations = fits.get(pattern)
            if rotations:
                yield x, y, rotations, around
        return
    if state.river_open is None:
        return
    ox, oy, side = state.river_open
    x, y = ox + STEP[side][0], oy + STEP[side][1]
    if cell_key(x, y) in state.cells:
        return
    pattern, around = open_cells(state).get((y, x), _NO_NEIGHBOURS)
    rotations = tuple(
        rotation
        for rotation in fits.get(pattern, ())
        if not _river_error(state, x, y, tile_type.rotations[rotation])
    )
    if rotations:
        yield x, y, rotations, around


def placements(state: CarcassonneState, code: str) -> Iterator[tuple[int, int, int]]:
    """Every legal (x, y, rotation) for the tile, canonical rotations only: what
    :func:`placement_error` accepts."""
    for x, y, rotations, _ in fitting_cells(state, code):
        for rotation in rotations:
            yield x, y, rotation


def fits_somewhere(state: CarcassonneState, code: str) -> bool:
    if TILES[code].is_river:
        return next(fitting_cells(state, code), None) is not None
    fits = _FITS[code]
    return any(pattern in fits for pattern, _ in open_cells(state).values())


Touching = tuple[int, tuple[int, ...]]
"""For an empty cell, as slot masks: the slots whose placed feature has a follower, and per
placed feature seen through two or more slots, those slots (through which segments of a
tile placed there would join)."""


def touching(state: CarcassonneState, around: tuple[int | None, ...]) -> Touching:
    root = state.root
    tiles = state.tiles
    by_root: dict[int, int] = {}
    for side, index in enumerate(around):
        if index is None:
            continue
        other = tiles[index]
        node = other.node
        # Every slot is read (the segment offset may be -1 where the neighbour has no such
        # segment, as the linking arithmetic always did); slots that no segment of the tile
        # placed here links through never matter below.
        for bit, offset in _FACING[other.code][other.rotation][(side + 2) % 4]:
            r = root[node + offset]
            by_root[r] = by_root.get(r, 0) | bit
    features = state.features
    occupied = 0
    shared = []
    for r, mask in by_root.items():
        if features[r].followers:  # type: ignore[union-attr]
            occupied |= mask
        if mask & (mask - 1):
            shared.append(mask)
    return occupied, tuple(shared)


def free_after(code: str, rotation: int, near: Touching) -> tuple[bool, ...]:
    """:func:`free_segments` given the cell's :func:`touching`."""
    occupied, shared = near
    if not occupied:
        return _ALL_FREE[code]
    # Segments that link to a common placed feature become one feature: each segment's mask
    # grows to its group's, so that a later shared feature reaching any member reaches all.
    masks = list(_PORT_MASKS[code][rotation])
    for slots in shared:
        joined = [i for i, mask in enumerate(masks) if mask & slots]
        if len(joined) > 1:
            group = 0
            for i in joined:
                group |= masks[i]
            for i in joined:
                masks[i] = group
    return tuple([not mask & occupied for mask in masks])


def free_segments(
    state: CarcassonneState, code: str, x: int, y: int, rotation: int
) -> tuple[bool, ...]:
    """Per segment of the tile placed there: is its whole feature (after joining) unoccupied?

    Segments of the new tile that join the same placed feature end up in one feature, so
    occupation spreads across them before answering."""
    required = open_cells(state).get((y, x))
    around = _around(state, x, y) if required is None else required[1]
    return free_after(code, rotation, touching(state, around))
