"""Component data, read once at import time from this package's JSON files.

``pieces.json`` holds every tile (75 rooms, foyer, stairs, both hallway faces) in printed
orientation; this module precomputes the four clockwise quarter-turn rotations of each, with
cells, walls, doors and fence as packed integers so that placement checks are set lookups.

Packing: a cell ``(x, y)`` is ``x + K * y``; a unit wall segment is ``kind + 4 * (X + K * Y)``
with kind 0 = horizontal ``(X, Y)-(X+1, Y)``, 1 = vertical ``(X, Y)-(X, Y+1)``, 2 = the
anti-diagonal of cell ``(X, Y)``, 3 = its main diagonal. Translating by ``(dx, dy)`` adds
``dx + K * dy`` to a cell and four times that to a segment.
"""

from __future__ import annotations

import importlib.resources
import json
from dataclasses import dataclass

K = 4096
FOYER = 0
STAIRS = 76
HALLWAY = 77
DARK_HALLWAY = 78
CORRIDOR_PIECES = (STAIRS, HALLWAY, DARK_HALLWAY)
ROOM_IDS = tuple(range(1, 76))

UP = "upstairs"
DOWN = "downstairs"

TYPES = ("living", "activity", "sleeping", "outdoor", "utility", "food", "corridor", "downstairs")

_SIDES = ("N", "E", "S", "W")
_DIAGONALS = ("NW", "NE", "SE", "SW")
_OPPOSITE_CORNER = {"NW": "SE", "SE": "NW", "NE": "SW", "SW": "NE"}


def _load(name: str) -> dict:
    return json.loads(importlib.resources.files(__package__).joinpath(name).read_bytes())


def cell_key(x: int, y: int) -> int:
    return x + K * y


def shift(dx: int, dy: int) -> int:
    """What to add to a packed cell for a translation; four times it for a segment."""
    return dx + K * dy


def _segment(x: int, y: int, side: str) -> tuple[int, int, int]:
    """The unit segment (kind, X, Y) of side ``side`` of cell (x, y)."""
    match side:
        case "N":
            return (0, x, y)
        case "S":
            return (0, x, y + 1)
        case "W":
            return (1, x, y)
        case "E":
            return (1, x + 1, y)
        case "NW" | "SE":
            return (2, x, y)
        case "NE" | "SW":
            return (3, x, y)
    raise ValueError(side)


def seg_key(kind: int, x: int, y: int) -> int:
    return kind + 4 * (x + K * y)


def _outside(x: int, y: int, side: str) -> tuple[int, int]:
    return {"N": (x, y - 1), "S": (x, y + 1), "W": (x - 1, y), "E": (x + 1, y)}[side]


def _turn_side(side: str) -> str:
    if side in _SIDES:
        return _SIDES[(_SIDES.index(side) + 1) % 4]
    return _DIAGONALS[(_DIAGONALS.index(side) + 1) % 4]


@dataclass(frozen=True)
class Door:
    rel: tuple[int, int, int]
    """(kind, X, Y) of the door segment with the rotated bbox's top-left at (0, 0)."""
    seg: int
    outside: int
    """Packed cell just outside the door."""
    floor: str


@dataclass(frozen=True)
class Shape:
    """One rotation of a piece, bbox top-left at (0, 0)."""

    width: int
    height: int
    cells: tuple[int, ...]
    corners: tuple[tuple[int, str, int], ...]
    """(packed cell, inner corner, depth * 10000) of partly covered corner cells."""
    walls: tuple[int, ...]
    doors: tuple[Door, ...]
    fence: tuple[int, ...]


@dataclass(frozen=True)
class Piece:
    id: int
    name: str
    type: str
    size: int
    shape: str
    points: int
    bonus_kind: str
    bonus_points: int
    bonus_types: tuple[str, ...]
    floor: str
    rotations: tuple[Shape, Shape, Shape, Shape]

    @property
    def is_room(self) -> bool:
        return 1 <= self.id <= 75


def _rotate(raw: dict) -> dict:
    w, h = raw["bbox"]

    def cell(x: int, y: int) -> tuple[int, int]:
        return (h - 1 - y, x)

    def entry(e: list) -> list:
        return [*cell(e[0], e[1]), _turn_side(e[2]), *e[3:]]

    return {
        "bbox": [h, w],
        "cells": [list(cell(x, y)) for x, y in raw["cells"]],
        "corners": [entry(c) for c in raw["corners"]],
        "walls": [entry(e) for e in raw["walls"]],
        "doors": [entry(e) for e in raw["doors"]],
        "fence": [entry(e) for e in raw["fence"]],
    }


def _shape(raw: dict, floor: str) -> Shape:
    def seg(e: list) -> int:
        return seg_key(*_segment(e[0], e[1], e[2]))

    doors = []
    for d in raw["doors"]:
        door_floor = d[3] if len(d) > 3 else floor
        doors.append(
            Door(
                rel=_segment(d[0], d[1], d[2]),
                seg=seg(d),
                outside=cell_key(*_outside(d[0], d[1], d[2])),
                floor=door_floor,
            )
        )
    return Shape(
        width=raw["bbox"][0],
        height=raw["bbox"][1],
        cells=tuple(cell_key(x, y) for x, y in raw["cells"]),
        corners=tuple((cell_key(c[0], c[1]), c[2], c[3]) for c in raw["corners"]),
        walls=tuple(seg(e) for e in raw["walls"]),
        doors=tuple(doors),
        fence=tuple(seg(e) for e in raw["fence"]),
    )


def _piece(raw: dict) -> Piece:
    rotations = []
    current = raw
    for _ in range(4):
        rotations.append(_shape(current, raw["floor"]))
        current = _rotate(current)
    bonus = raw["bonus"]
    return Piece(
        id=raw["id"],
        name=raw["name"],
        type=raw["type"],
        size=raw["size"],
        shape=raw["shape"],
        points=raw["points"],
        bonus_kind=bonus["kind"],
        bonus_points=bonus["points"],
        bonus_types=tuple(bonus["types"]),
        floor=raw["floor"],
        rotations=tuple(rotations),  # type: ignore[arg-type]
    )


RAW_PIECES: list[dict] = _load("pieces.json")["pieces"]
PIECES: dict[int, Piece] = {raw["id"]: _piece(raw) for raw in RAW_PIECES}
COMPONENTS: dict = _load("components.json")

SIZES: tuple[int, ...] = tuple(COMPONENTS["sizes"])
SMALL_SIZES: tuple[int, ...] = tuple(COMPONENTS["small_sizes"])
ROOMS_BY_SIZE: dict[int, tuple[int, ...]] = {
    size: tuple(p.id for p in PIECES.values() if p.is_room and p.size == size) for size in SIZES
}
STARTING_MONEY: int = COMPONENTS["starting_money"]
CORRIDOR_PRICE: int = COMPONENTS["corridor_price"]
PASS_INCOME: int = COMPONENTS["pass_income"]
UNSOLD_INCREMENT: int = COMPONENTS["unsold_increment"]
STARTING_BONUS_CARDS: int = COMPONENTS["starting_bonus_cards"]
KEPT_BONUS_CARDS: int = COMPONENTS["kept_bonus_cards"]
FAVOR_POINTS: tuple[int, ...] = tuple(COMPONENTS["favor_points"])
ACTIVITY_REWARD: int = COMPONENTS["rewards"]["activity_points"]
OUTDOOR_REWARD: int = COMPONENTS["rewards"]["outdoor_marks"]
UTILITY_DRAW: int = COMPONENTS["rewards"]["utility_draw"]
SLEEPING_MAX_TILES: int = COMPONENTS["rewards"]["sleeping_max_tiles"]
EXHAUSTED_POINTS: int = COMPONENTS["exhausted_stack_points_per_tile"]
MARKS_PER_POINT: int = COMPONENTS["marks_per_point"]
FAVORS: dict[int, dict] = {f["id"]: f for f in COMPONENTS["favors"]}
EXCLUSIVE_FAVORS: tuple[int, ...] = tuple(COMPONENTS["exclusive_favors"])
BONUS_CARDS: dict[int, dict] = {c["id"]: c for c in COMPONENTS["bonus_cards"]}
SOLO_TITLES: tuple[tuple[int, str], ...] = tuple(
    (t["min"], t["title"]) for t in COMPONENTS["solo_titles"]
)


def prices(players: int) -> tuple[int, ...]:
    return tuple(COMPONENTS["prices"][str(players)])


def room_cards_used(players: int) -> int:
    return COMPONENTS["room_cards_used"][str(players)]


def stack_size(players: int, size: int) -> int:
    table = COMPONENTS["stack_sizes"][str(players)]
    return table["small"] if size in SMALL_SIZES else table["large"]


def stairs_count(players: int) -> int:
    return COMPONENTS["stairs"][str(players)]


def hallway_count(players: int) -> int:
    return COMPONENTS["hallways"][str(players)]


def room_cards() -> tuple[int, ...]:
    """The full room-card deck as sizes (cards per size from components.json)."""
    return tuple(size for size in SIZES for _ in range(COMPONENTS["room_cards_per_size"]))


def opposite_corners(a: str, b: str) -> bool:
    return _OPPOSITE_CORNER[a] == b


def solo_title(score: int) -> str:
    for minimum, title in SOLO_TITLES:
        if score >= minimum:
            return title
    return SOLO_TITLES[-1][1]
