"""Tile facts, read once from ``tiles.txt`` and pre-rotated.

Sides are numbered clockwise N=0, E=1, S=2, W=3. Each side has two half-edges for field
connectivity, numbered ``2 * side + k`` (k=0 is the half on the left seen from the tile
centre looking out, k=1 the right one), i.e. NL NR EL ER SL SR WL WR = 0..7. Rotating a tile
a quarter turn clockwise moves side ``s`` to ``s + 1`` and half-edge ``h`` to ``h + 2``.
"""

from __future__ import annotations

import importlib.resources
from typing import NamedTuple

SIDES = "NESW"
HALVES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
# Neighbour offsets per side; y grows southwards (screen coordinates), so north is y - 1.
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
START_TILE = "D"
SPRING = "RA"
LAKE = "RL"


class Segment(NamedTuple):
    """One feature piece on an oriented tile: what a follower can stand on."""

    kind: str  # "city" | "road" | "field" | "monastery"
    name: str  # stable id across rotations, e.g. "city0", "field2", "monastery"
    ports: tuple[int, ...]  # sides (city, road) or half-edges (field) it reaches
    shield: bool
    borders: tuple[int, ...]  # for fields: indexes into the tile's segments of cities it borders


class Oriented(NamedTuple):
    edges: str  # edge letter per side after rotation
    segments: tuple[Segment, ...]
    side_segment: tuple[int, ...]  # city/road segment index at each side, -1 if none
    half_segment: tuple[int, ...]  # field segment index at each half-edge, -1 if none
    river: tuple[int, ...]  # river sides


class TileType(NamedTuple):
    code: str
    set: str
    count: int
    rotations: tuple[Oriented, ...]  # index = quarter turns clockwise
    canonical: tuple[int, ...]  # rotations that differ from every smaller one
    names: dict[str, int]  # segment name -> index

    @property
    def is_river(self) -> bool:
        return self.set == "river"


def _parse_line(line: str) -> tuple[str, str, int, str, list[str]]:
    code, tile_set, count, edges, tail = line.split(maxsplit=4)
    return code, tile_set, int(count), edges, [p.strip() for p in tail.split(";")]


def _segments(parts: list[str]) -> tuple[list[Segment], list[int]]:
    segments: list[Segment] = []
    rivers: list[int] = []
    city_index: list[int] = []
    counters: dict[str, int] = {}
    fields: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for part in parts:
        words = part.split()
        kind = words[0].rstrip("+")
        if kind == "river":
            rivers += [SIDES.index(w) for w in words[1:]]
        elif kind == "field":
            halves, _, cities = part[len("field") :].partition(">")
            fields.append(
                (tuple(HALVES.index(h) for h in halves.split()), tuple(map(int, cities.split())))
            )
        else:
            if kind == "city":
                city_index.append(len(segments))
            number = counters.get(kind, 0)
            counters[kind] = number + 1
            name = "monastery" if kind == "monastery" else f"{kind}{number}"
            ports = tuple(SIDES.index(w) for w in words[1:])
            segments.append(Segment(kind, name, ports, words[0].endswith("+"), ()))
    for number, (halves, cities) in enumerate(fields):
        borders = tuple(city_index[c] for c in cities)
        segments.append(Segment("field", f"field{number}", halves, False, borders))
    return segments, rivers


def _rotate(edges: str, segments: list[Segment], rivers: list[int], turns: int) -> Oriented:
    rotated_edges = "".join(edges[(side - turns) % 4] for side in range(4))
    rotated: list[Segment] = []
    side_segment = [-1] * 4
    half_segment = [-1] * 8
    for index, seg in enumerate(segments):
        if seg.kind == "field":
            ports = tuple(sorted((h + 2 * turns) % 8 for h in seg.ports))
            for h in ports:
                half_segment[h] = index
        else:
            ports = tuple(sorted((s + turns) % 4 for s in seg.ports))
            for s in ports:
                side_segment[s] = index
        rotated.append(seg._replace(ports=ports))
    river = tuple(sorted((s + turns) % 4 for s in rivers))
    return Oriented(rotated_edges, tuple(rotated), tuple(side_segment), tuple(half_segment), river)


def _signature(oriented: Oriented) -> tuple:
    """What a player can see of an oriented tile: equal signatures are the same placement."""
    segs = oriented.segments
    return (
        oriented.edges,
        oriented.river,
        tuple(
            sorted(
                (s.kind, s.ports, s.shield, tuple(sorted(segs[b].ports for b in s.borders)))
                for s in segs
            )
        ),
    )


def _tile_type(line: str) -> TileType:
    code, tile_set, count, edges, parts = _parse_line(line)
    segments, rivers = _segments(parts)
    rotations = tuple(_rotate(edges, segments, rivers, turns) for turns in range(4))
    canonical: list[int] = []
    seen: set[tuple] = set()
    for turns, oriented in enumerate(rotations):
        signature = _signature(oriented)
        if signature not in seen:
            seen.add(signature)
            canonical.append(turns)
    names = {seg.name: index for index, seg in enumerate(segments)}
    return TileType(code, tile_set, count, rotations, tuple(canonical), names)


def _load() -> dict[str, TileType]:
    text = importlib.resources.files(__package__).joinpath("tiles.txt").read_text("utf-8")
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return {t.code: t for t in map(_tile_type, lines)}


TILES: dict[str, TileType] = _load()
BASE_CODES: tuple[str, ...] = tuple(c for c, t in TILES.items() if t.set == "base")
RIVER_CODES: tuple[str, ...] = tuple(c for c, t in TILES.items() if t.set == "river")


def opposite_half(half: int) -> int:
    """The neighbour's half-edge that touches ``half`` (NL meets the neighbour's SR)."""
    side, k = divmod(half, 2)
    return 2 * ((side + 2) % 4) + (1 - k)
