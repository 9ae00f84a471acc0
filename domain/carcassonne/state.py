"""The folded state of one game and the options it was created with."""

from __future__ import annotations

import msgspec

from domain._kernel import Options

FOLLOWERS = 7

RULES_VERSION = "2"
"""The current rules version (RULES.md, "Rules versions"); games keep the one they began with."""


class CarcassonneOptions(Options, frozen=True):
    river: bool = False
    """Play with The River: the spring is placed instead of the start tile, which is set
    aside (it has the river tiles' back, so it is no land tile); the 10 river tiles are drawn
    first in random order, the lake last, then the 71 land tiles."""
    farmers: bool = True
    """Followers may lie in fields and farms score at the end. Off for the popular variant
    without farmers."""


class Tile(msgspec.Struct, frozen=True, array_like=True):
    x: int
    y: int
    code: str
    rotation: int
    node: int
    """Board-wide id of the tile's first segment; its segments are numbered on from it."""


class Follower(msgspec.Struct, frozen=True, array_like=True):
    seat: int
    node: int


class Feature(msgspec.Struct, frozen=True, array_like=True):
    """A connected city, road, field or a monastery, kept at its root node."""

    kind: str
    tiles: tuple[int, ...]
    """Sorted placement indexes, so a tile counts once per feature."""
    open: int
    """City/road sides still facing an empty cell: complete when it reaches 0."""
    shields: int
    followers: tuple[Follower, ...]
    cities: tuple[int, ...]
    """Fields only: nodes of the city segments it borders (resolved to features at scoring)."""
    nodes: tuple[int, ...]
    done: bool = False
    """Completed and scored during play."""


class Cells(dict[str, int]):
    """The ``cells`` mapping of a state that evolve built: to everything else (equality,
    encoding, ``full_state``) a plain ``"x,y" -> placement index`` dict, never mutated.

    It also keeps the board's open cells (``rules.placement.open_cells``), derived from the
    previous board's as each tile lands so that a turn does not rescan the board; ``None``
    until first asked for when the previous board's were not known (replaying events)."""

    __slots__ = ("frontier",)

    frontier: dict | None


class CarcassonneState(msgspec.Struct, frozen=True):
    players: int
    river: bool = False
    farmers: bool = True
    deck: tuple[str, ...] = ()
    current: str | None = None
    turn: int = 0
    tiles: tuple[Tile, ...] = ()
    cells: dict[str, int] = {}
    """"x,y" -> placement index (a :class:`Cells` once a tile is placed)."""
    node_tile: tuple[int, ...] = ()
    """Placement index of each node."""
    root: tuple[int, ...] = ()
    """Union-find parent of each node, kept fully compressed (always the root)."""
    features: tuple[Feature | None, ...] = ()
    """Indexed by node; only roots hold a feature."""
    supply: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    river_open: tuple[int, int, int] | None = None
    """(x, y, side) of the river's open end while the river is being laid."""
    river_turn: int = 0
    """The bend a river tile may not repeat (1 right, 3 left, 0 none): the previous river
    tile's bend, 0 after a straight (rules version 2: no immediate U-turn); in version 1 the
    river's last bend, straights in between not counting."""
    discarded: tuple[str, ...] = ()
    over: bool = False
    rules_version: str = RULES_VERSION


def cell_key(x: int, y: int) -> str:
    return f"{x},{y}"
