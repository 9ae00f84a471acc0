"""Castle geometry: where a piece may go, what it connects to and what it touches.

A placement is legal (seed rules 1-8) when the piece overlaps nothing, at least one of its
entrances meets an entrance of the castle, every entrance-to-entrance contact joins the same
floor (never stairs to stairs; a hallway and a downstairs hallway are different floors), no wall
touches an outdoor room's fence (either way round), and the castle keeps an entrance leading
outside. See RULES.md for the corner-cell overlap rule and "leading outside".

Listing the legal commands tests hundreds of candidate placements per turn, so a candidate is a
translation of a precomputed form (``forms.py``) tested against lookup tables built once per
castle (``castle_of`` is cached): no ``Laid`` or ``Placed`` is built for a refused candidate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from domain.castles import data
from domain.castles.rules.forms import FORMS, Form
from domain.castles.state import Placed


@dataclass(frozen=True)
class Laid:
    """A placed piece's absolute geometry."""

    piece: data.Piece
    cells: frozenset[int]
    corners: dict[int, tuple[str, int]]
    walls: frozenset[int]
    doors: tuple[tuple[int, int, str], ...]
    """(segment, outside cell, floor)"""
    fence: frozenset[int]


# Sizes measured (bench.soak; 20 three-player games): a castle's tables are about 40 KB and
# each is looked up three or four times in a row, so 512 castles keep every hit a search makes
# (2,237 hits against 2,238 with 4,096) in 20 MB; at 4,096 castles and 65,536 pieces a worker
# serving Castles grew 7 MB a minute in the soak, towards 300 MB.
@lru_cache(maxsize=4096)
def lay(placed: Placed) -> Laid:
    piece = data.PIECES[placed.piece]
    shape = piece.rotations[placed.rot]
    d = data.shift(placed.x, placed.y)
    return Laid(
        piece=piece,
        cells=frozenset(c + d for c in shape.cells),
        corners={c + d: (corner, depth) for c, corner, depth in shape.corners},
        walls=frozenset(w + 4 * d for w in shape.walls),
        doors=tuple((door.seg + 4 * d, door.outside + d, door.floor) for door in shape.doors),
        fence=frozenset(f + 4 * d for f in shape.fence),
    )


@dataclass
class Castle:
    """Lookup tables over one castle (a tuple of placed pieces)."""

    laid: tuple[Laid, ...]
    full: dict[int, int] = field(default_factory=dict)
    """cell -> index of the piece covering it fully"""
    corner: dict[int, tuple[int, str, int]] = field(default_factory=dict)
    """corner cell -> (index, inner corner, depth)"""
    walls: dict[int, int] = field(default_factory=dict)
    """segment -> the pieces with a wall or entrance on it, as bits (bit i: piece i): numbers
    only, so the garbage collector never tracks this table (see ``castle_of``)"""
    doors: dict[int, Sequence[tuple[int, str]]] = field(default_factory=dict)
    """segment -> [(index, floor)] of entrances on it"""
    fence: set[int] = field(default_factory=set)
    # Derived for fast placement tests (see ``_reason``):
    door_floors: dict[int, Sequence[tuple[str, bool]]] = field(default_factory=dict)
    """segment -> [(floor, is stairs)] of entrances on it"""
    occ: set[int] = field(default_factory=set)
    """cells covered fully or in part"""
    exits: Sequence[tuple[int, int]] = ()
    """(segment, outside cell) of every entrance leading outside, in castle order"""
    open_rests: dict[tuple[int, str], tuple[Sequence[int], Sequence[int]]] = field(
        default_factory=dict
    )
    """(segment kind, floor) -> packed rests of the open entrances: all, and those not on
    stairs"""

    def occupied(self, cell: int) -> bool:
        return cell in self.full or cell in self.corner

    def connections(self, index: int) -> list[int]:
        """Indices of the pieces joined to piece ``index`` entrance to entrance (each once)."""
        out: list[int] = []
        for seg, _, _ in self.laid[index].doors:
            for other, _ in self.doors.get(seg, ()):
                if other != index and other not in out:
                    out.append(other)
        return out

    def neighbours(self, index: int) -> list[int]:
        """Indices of the pieces sharing a wall or entrance segment with piece ``index``."""
        out: list[int] = []
        for seg in self.laid[index].walls:
            pieces = self.walls.get(seg, 0) & ~(1 << index)
            while pieces:  # ascending, as the pieces were laid
                low = pieces & -pieces
                other = low.bit_length() - 1
                if other not in out:
                    out.append(other)
                pieces ^= low
        return out

    def complete(self, index: int) -> bool:
        """All of the piece's entrances are joined to entrances."""
        return all(len(self.doors.get(seg, ())) >= 2 for seg, _, _ in self.laid[index].doors)

    def open_doors(self, index: int) -> int:
        """Entrances of piece ``index`` leading outside (nothing on the far side)."""
        return sum(
            1
            for seg, outside, _ in self.laid[index].doors
            if len(self.doors.get(seg, ())) < 2 and not self.occupied(outside)
        )


_SHARED: dict[Any, Any] = {}
"""One tuple per distinct value of the castles' entrance tables. Their values come from a
small set (a piece's index and a floor, a floor and whether it is a staircase, one or two of
those per segment), so shared tuples make a castle's tables out of objects that exist already
(see ``castle_of``): its young garbage collections walked about 150 new tuples per castle."""


def _shared(value: Any) -> Any:
    return _SHARED.setdefault(value, value)


@lru_cache(maxsize=512)
def castle_of(placed: tuple[Placed, ...]) -> Castle:
    castle = Castle(laid=tuple(lay(p) for p in placed))
    doors: dict[int, list[tuple[int, str]]] = {}
    door_floors: dict[int, list[tuple[str, bool]]] = {}
    for i, laid in enumerate(castle.laid):
        for c in laid.cells:
            castle.full[c] = i
        for c, (corner, depth) in laid.corners.items():
            castle.corner[c] = (i, corner, depth)
        for w in laid.walls:
            castle.walls[w] = castle.walls.get(w, 0) | 1 << i
        for seg, _, floor in laid.doors:
            doors.setdefault(seg, []).append((i, floor))
            door_floors.setdefault(seg, []).append((floor, laid.piece.id == data.STAIRS))
        castle.fence.update(laid.fence)
    castle.occ.update(castle.full, castle.corner)
    exits: list[tuple[int, int]] = []
    open_rests: dict[tuple[int, str], tuple[list[int], list[int]]] = {}
    for laid in castle.laid:
        for seg, outside, floor in laid.doors:
            if len(doors[seg]) < 2 and outside not in castle.occ:
                exits.append((seg, outside))
                rests = open_rests.setdefault((seg % 4, floor), ([], []))
                rests[0].append(seg // 4)
                if laid.piece.id != data.STAIRS:
                    rests[1].append(seg // 4)
    # The tables are read-only from here on. A worker serving Castles keeps hundreds of them
    # (the cache above), and their lists were about 80% of the objects each of its full
    # collections walked. Tuples of numbers and strings (or of such tuples) the collector
    # stops tracking once it has seen them (never a list); ``walls``, the largest, holds only
    # numbers and the entrance tables only shared tuples, so no young collection walks them.
    castle.doors = {s: _shared(tuple(map(_shared, v))) for s, v in doors.items()}
    castle.door_floors = {s: _shared(tuple(map(_shared, v))) for s, v in door_floors.items()}
    castle.exits = tuple(exits)
    castle.open_rests = {k: (tuple(a), tuple(b)) for k, (a, b) in open_rests.items()}
    return castle


def check(castle: Castle, placed: Placed) -> str | None:
    """``None`` if ``placed`` may join ``castle``, else the reason it may not."""
    form = FORMS[placed.piece][placed.rot]
    d = data.shift(placed.x, placed.y)
    # 2. No overlap (corner cells of round/octagonal pieces may share by the depth rule).
    if not castle.occ.isdisjoint(map(d.__add__, form.cells)):
        return "overlap"
    return _reason(castle, form, d)


def _reason(castle: Castle, form: Form, d: int) -> str | None:
    """``check`` for ``form`` translated by ``d``, once its full cells are known to be free.
    Tested in place (no ``Laid`` built): this runs for every candidate translation."""
    occ = castle.occ
    for c, corner, depth in form.corners:
        c += d
        if c in castle.full:
            return "overlap"
        other = castle.corner.get(c)
        if other is not None and not (
            data.opposite_corners(corner, other[1]) and depth + other[2] <= 14143
        ):
            return "overlap"
    d4 = 4 * d
    # 7. Fences touch nothing.
    if castle.fence and not castle.fence.isdisjoint(map(d4.__add__, form.walls)):
        return "fence"
    if form.fence and any(f + d4 in castle.walls for f in form.fence):
        return "fence"
    # 1 and 6. At least one entrance joined; every entrance contact on one floor.
    door_floors = castle.door_floors
    joined = False
    light_joined = False
    for seg, _, floor in form.doors:
        others = door_floors.get(seg + d4)
        if others:
            for other_floor, other_stairs in others:
                if other_floor != floor or (other_stairs and form.stairs):
                    return "floor_mismatch"
            joined = True
            light_joined = light_joined or floor == data.UP
    if not joined:
        return "not_connected"
    # Stairs go down from the upstairs: their light end joins an upstairs entrance.
    if form.stairs and not light_joined:
        return "stairs_light_end"
    # 5. An entrance still leads outside.
    for seg, outside, _ in form.doors:
        if seg + d4 not in door_floors and outside + d not in occ:
            return None
    if castle.exits:
        walls = set(map(d4.__add__, form.walls))
        covered = set(map(d.__add__, form.cells))
        covered.update(c + d for c, _, _ in form.corners)
        for seg, outside in castle.exits:
            if seg not in walls and outside not in covered:
                return None
    return "no_exit"


def _joining(castle: Castle, form: Form) -> set[int]:
    """The translations worth testing: those putting one of the form's entrances on an open
    castle entrance of the same floor, since a placement must join an entrance."""
    ds: set[int] = set()
    which = 1 if form.stairs else 0
    open_rests = castle.open_rests
    for kind, floor, rest in form.anchors:
        rests = open_rests.get((kind, floor))
        if rests:
            ds.update(map(rest.__rsub__, rests[which]))
    return ds


def translations(castle: Castle, form: Form) -> list[int]:
    """The legal translations of ``form``, ascending (so by y, then x)."""
    # Most candidates overlap the castle: refuse those before calling ``_reason``.
    free = castle.occ.isdisjoint
    cells = form.cells
    return [
        d
        for d in sorted(_joining(castle, form))
        if free(map(d.__add__, cells)) and _reason(castle, form, d) is None
    ]


def placements(castle: Castle, piece_id: int) -> list[tuple[int, int, int]]:
    """Every legal ``(x, y, rotation)`` of ``piece_id``, sorted by rotation, y, x."""
    out: list[tuple[int, int, int]] = []
    found: list[list[int]] = []
    half = data.K // 2
    for form in FORMS[piece_id]:
        ds = found[form.twin] if form.twin != form.rot else translations(castle, form)
        found.append(ds)
        rot = form.rot
        for d in ds:
            y, x = divmod(d + half, data.K)
            out.append((x - half, y, rot))
    return out


def candidates(castle: Castle, piece_id: int) -> list[Placed]:
    """Every legal placement of ``piece_id`` (one per distinct (x, y, rotation))."""
    return [Placed(piece=piece_id, x=x, y=y, rot=rot) for x, y, rot in placements(castle, piece_id)]


def any_placement(castle: Castle, piece_id: int) -> bool:
    free = castle.occ.isdisjoint
    for form in FORMS[piece_id]:
        if form.twin == form.rot:
            cells = form.cells
            for d in _joining(castle, form):
                if free(map(d.__add__, cells)) and _reason(castle, form, d) is None:
                    return True
    return False
