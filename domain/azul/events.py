"""What happened. Every chance outcome and every derived number (points, next seat, tiles
moved to the lid) is written here, so ``evolve`` only applies facts.

Tile multisets of the bag and lid are 5-tuples of counts in ``data.COLOURS`` order."""

from __future__ import annotations

from domain._kernel import Event


class BagRefilled(Event, tag="azul.bag_refilled"):
    """The lid was poured into the empty bag (its contents were public on the lid)."""

    tiles: tuple[int, ...]


class FactoriesFilled(Event, tag="azul.factories_filled"):
    """A round begins: tiles drawn from the bag onto the factories; ``starter`` acts first
    and the first-player marker is back in the centre."""

    round: int
    starter: int
    factories: tuple[tuple[str, ...], ...]


class TilesTaken(Event, tag="azul.tiles_taken"):
    seat: int
    factory: int
    colour: str
    count: int
    line: int
    to_line: int
    """Tiles added to the pattern line."""
    to_floor: tuple[str, ...]
    """Pieces added to the floor line, the marker first when it was taken."""
    to_lid: int
    """Tiles of ``colour`` that found no floor slot."""
    to_centre: tuple[str, ...]
    """The rest of the factory, pushed to the centre."""
    took_marker: bool
    next_seat: int


class TilingStarted(Event, tag="azul.tiling_started"):
    """Drafting is over: no tile is left on the factories nor in the centre."""


class LineTiled(Event, tag="azul.line_tiled"):
    seat: int
    line: int
    column: int
    colour: str
    points: int
    to_lid: int


class LineDropped(Event, tag="azul.line_dropped"):
    """Grey wall: a complete line whose colour fits no column goes to the floor line."""

    seat: int
    line: int
    colour: str
    to_floor: tuple[str, ...]
    to_lid: int


class FloorScored(Event, tag="azul.floor_scored"):
    seat: int
    penalty: int
    """The printed penalty; the score never drops below 0."""
    score: int
    """The score afterwards."""
    to_lid: tuple[int, ...]


class BonusesScored(Event, tag="azul.bonuses_scored"):
    seat: int
    rows: int
    columns: int
    colours: int
    points: int


class GameEnded(Event, tag="azul.game_ended"):
    reason: str
    """``"row_complete"``, or ``"no_tiles"`` when no tile is left to start a round."""


AzulEvent = (
    BagRefilled
    | FactoriesFilled
    | TilesTaken
    | TilingStarted
    | LineTiled
    | LineDropped
    | FloorScored
    | BonusesScored
    | GameEnded
)
