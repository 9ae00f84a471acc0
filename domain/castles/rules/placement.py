"""Castle geometry: where a piece may go, what it connects to and what it touches.

A placement is legal (seed rules 1-8) when the piece overlaps nothing, at least one of its
entrances meets an entrance of the castle, every entrance-to-entrance contact joins the same
floor (never stairs to stairs; a hallway and a downstairs hallway are different floors), no wall
touches an outdoor room's fence (either way round), and the castle keeps an entrance leading
outside. See RULES.md for the corner-cell overlap rule and "leading outside".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from domain.castles import data
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


@lru_cache(maxsize=65536)
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
    walls: dict[int, list[int]] = field(default_factory=dict)
    doors: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    """segment -> [(index, floor)] of entrances on it"""
    fence: set[int] = field(default_factory=set)

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
            for other in self.walls.get(seg, ()):
                if other != index and other not in out:
                    out.append(other)
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


@lru_cache(maxsize=4096)
def castle_of(placed: tuple[Placed, ...]) -> Castle:
    castle = Castle(laid=tuple(lay(p) for p in placed))
    for i, laid in enumerate(castle.laid):
        for c in laid.cells:
            castle.full[c] = i
        for c, (corner, depth) in laid.corners.items():
            castle.corner[c] = (i, corner, depth)
        for w in laid.walls:
            castle.walls.setdefault(w, []).append(i)
        for seg, _, floor in laid.doors:
            castle.doors.setdefault(seg, []).append((i, floor))
        castle.fence.update(laid.fence)
    return castle


def _compatible(new_piece: int, new_floor: str, old_piece: int, old_floor: str) -> bool:
    if new_piece == data.STAIRS and old_piece == data.STAIRS:
        return False
    return new_floor == old_floor


def check(castle: Castle, placed: Placed) -> str | None:
    """``None`` if ``placed`` may join ``castle``, else the reason it may not."""
    laid = lay(placed)
    # 2. No overlap (corner cells of round/octagonal pieces may share by the depth rule).
    for c in laid.cells:
        if c in castle.full or c in castle.corner:
            return "overlap"
    for c, (corner, depth) in laid.corners.items():
        if c in castle.full:
            return "overlap"
        other = castle.corner.get(c)
        if other is not None and not (
            data.opposite_corners(corner, other[1]) and depth + other[2] <= 14143
        ):
            return "overlap"
    # 7. Fences touch nothing.
    if not castle.fence.isdisjoint(laid.walls):
        return "fence"
    if laid.fence and any(f in castle.walls for f in laid.fence):
        return "fence"
    # 1 and 6. At least one entrance joined; every entrance contact on one floor.
    joined = 0
    light_joined = False
    for seg, _, floor in laid.doors:
        for other, other_floor in castle.doors.get(seg, ()):
            if not _compatible(placed.piece, floor, castle.laid[other].piece.id, other_floor):
                return "floor_mismatch"
            joined += 1
            light_joined = light_joined or floor == data.UP
    if not joined:
        return "not_connected"
    # Stairs go down from the upstairs: their light end joins an upstairs entrance.
    if placed.piece == data.STAIRS and not light_joined:
        return "stairs_light_end"
    # 5. An entrance still leads outside.
    for seg, outside, _ in laid.doors:
        if seg not in castle.doors and not castle.occupied(outside):
            return None
    covered = laid.cells | laid.corners.keys()
    for other in castle.laid:
        for seg, outside, _ in other.doors:
            if (
                len(castle.doors.get(seg, ())) < 2
                and seg not in laid.walls
                and not castle.occupied(outside)
                and outside not in covered
            ):
                return None
    return "no_exit"


def candidates(castle: Castle, piece_id: int) -> list[Placed]:
    """Every legal placement of ``piece_id`` (one per distinct (x, y, rotation))."""
    piece = data.PIECES[piece_id]
    open_doors: list[tuple[int, int, int, int, str]] = []
    for i, laid in enumerate(castle.laid):
        for seg, outside, floor in laid.doors:
            if len(castle.doors.get(seg, ())) < 2 and not castle.occupied(outside):
                kind = seg % 4
                rest = seg // 4
                open_doors.append((i, kind, rest, seg, floor))
    seen: set[tuple[int, int, int]] = set()
    out: list[Placed] = []
    for rot, shape in enumerate(piece.rotations):
        for door in shape.doors:
            kind, rx, ry = door.rel
            for i, okind, rest, _, floor in open_doors:
                if okind != kind or not _compatible(
                    piece_id, door.floor, castle.laid[i].piece.id, floor
                ):
                    continue
                ox, oy = _unpack(rest)
                key = (ox - rx, oy - ry, rot)
                if key in seen:
                    continue
                seen.add(key)
                placed = Placed(piece=piece_id, x=key[0], y=key[1], rot=rot)
                if check(castle, placed) is None:
                    out.append(placed)
    out.sort(key=lambda p: (p.rot, p.y, p.x))
    return out


def _unpack(value: int) -> tuple[int, int]:
    y, x = divmod(value + data.K // 2, data.K)
    return x - data.K // 2, y


def any_placement(castle: Castle, piece_id: int) -> bool:
    return bool(candidates(castle, piece_id))
