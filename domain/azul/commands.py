"""What a seat can ask for. ``CENTRE`` and ``FLOOR`` are the -1 sentinels of the int fields."""

from __future__ import annotations

from typing import Literal

from domain._kernel import Command

Colour = Literal["blue", "yellow", "red", "black", "white"]

CENTRE = -1
"""``TakeTiles.factory`` value naming the centre of the table."""
FLOOR = -1
"""``TakeTiles.line`` value sending every taken tile straight to the floor line."""


class TakeTiles(Command, tag="azul.take_tiles"):
    """Take every tile of ``colour`` from a factory (0-based) or the centre (``CENTRE``) and put
    them on pattern line ``line`` (0 = the one-tile line .. 4) or on the floor (``FLOOR``)."""

    factory: int
    colour: Colour
    line: int


class PlaceTile(Command, tag="azul.place_tile"):
    """Grey-wall tiling: move the tile of the topmost complete pattern line ``line`` to
    ``column`` of the same wall row."""

    line: int
    column: int


AzulCommand = TakeTiles | PlaceTile
