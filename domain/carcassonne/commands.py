"""What a player can ask for: one command per turn places the drawn tile and, optionally,
a follower on one of its segments."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from domain._kernel import Command

Segment = Annotated[str, Meta(pattern="^((city|road|field)[0-9]{1,2}|monastery)$")]


class PlaceTile(Command, tag="carcassonne.place_tile"):
    """Place the drawn tile at ``(x, y)`` turned ``rotation`` quarter turns clockwise.

    ``follower`` names a segment of the tile ("city0", "road1", "field0", "monastery"; the
    names of the tile type, unchanged by rotation) or is ``None`` for no follower. Only the
    smallest of several rotations that look the same is accepted."""

    x: int
    y: int
    rotation: int
    follower: Segment | None = None


CarcassonneCommand = PlaceTile
