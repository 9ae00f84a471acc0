"""What happened. Every derived fact (scores, returned followers, discards, the end) is an
event of its own so that replay only folds and never re-runs the rules."""

from __future__ import annotations

from domain._kernel import Event


class DeckShuffled(Event, tag="carcassonne.deck_shuffled"):
    """The hidden draw order, first tile first; redacted for every viewer."""

    tiles: tuple[str, ...]


class StartTilePlaced(Event, tag="carcassonne.start_tile_placed"):
    tile: str
    x: int = 0
    y: int = 0
    rotation: int = 0


class TileDrawn(Event, tag="carcassonne.tile_drawn"):
    """The top tile of the pile is revealed to all; ``seat`` is now to place it."""

    seat: int
    tile: str


class TileDiscarded(Event, tag="carcassonne.tile_discarded"):
    """The top tile fits nowhere and leaves the game."""

    tile: str


class TilePlaced(Event, tag="carcassonne.tile_placed"):
    seat: int
    tile: str
    x: int
    y: int
    rotation: int


class FollowerPlaced(Event, tag="carcassonne.follower_placed"):
    seat: int
    x: int
    y: int
    segment: str
    node: int
    """The board-wide id of the segment (placement order), for replay."""


class FeatureScored(Event, tag="carcassonne.feature_scored"):
    """A city, road or monastery scored: when completed during play (its followers come back)
    or, incomplete, at the end of the game (followers stay on the board)."""

    feature: int
    kind: str
    complete: bool
    tiles: int
    shields: int
    points: tuple[int, ...]
    """Points won per seat."""
    returned: tuple[int, ...]
    """Followers given back per seat."""


class FarmScored(Event, tag="carcassonne.farm_scored"):
    feature: int
    cities: tuple[int, ...]
    """The completed cities (feature ids) the field borders, each counted once."""
    points: tuple[int, ...]


class GameEnded(Event, tag="carcassonne.game_ended"):
    scores: tuple[int, ...]


CarcassonneEvent = (
    DeckShuffled
    | StartTilePlaced
    | TileDrawn
    | TileDiscarded
    | TilePlaced
    | FollowerPlaced
    | FeatureScored
    | FarmScored
    | GameEnded
)
