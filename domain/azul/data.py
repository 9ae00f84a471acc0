"""Component facts of Azul, transcribed from ``shared/reference/azul`` (see the package
docstring for sources). Colours are plain strings so commands, events and views read well."""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("blue", "yellow", "red", "black", "white")
COLOUR_INDEX: dict[str, int] = {colour: i for i, colour in enumerate(COLOURS)}

TILES_PER_COLOUR = 20
TILES_PER_FACTORY = 4
FACTORIES_BY_PLAYERS: dict[int, int] = {2: 5, 3: 7, 4: 9}
MIN_PLAYERS = 2
MAX_PLAYERS = 4

WALL_SIZE = 5
LINE_CAPACITIES: tuple[int, ...] = (1, 2, 3, 4, 5)

# The printed (coloured) side of the player board, row by row.
WALL_PATTERN: tuple[tuple[str, ...], ...] = (
    ("blue", "yellow", "red", "black", "white"),
    ("white", "blue", "yellow", "red", "black"),
    ("black", "white", "blue", "yellow", "red"),
    ("red", "black", "white", "blue", "yellow"),
    ("yellow", "red", "black", "white", "blue"),
)
# Inverse lookup, so the colour's column in a row is found without a scan.
WALL_COLUMN: tuple[dict[str, int], ...] = tuple(
    {colour: column for column, colour in enumerate(row)} for row in WALL_PATTERN
)

FLOOR_PENALTIES: tuple[int, ...] = (1, 1, 2, 2, 2, 3, 3)
"""Points lost per occupied floor slot, left to right (printed as -1 -1 -2 -2 -2 -3 -3)."""
FLOOR_SLOTS = len(FLOOR_PENALTIES)

ROW_BONUS = 2
COLUMN_BONUS = 7
COLOUR_BONUS = 10

MARKER = "first_player"
"""The first-player marker as it appears on a floor line."""
