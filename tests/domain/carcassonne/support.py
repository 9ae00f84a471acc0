"""Given/when/then helpers: boards are built from events, commands go through the kernel."""

from __future__ import annotations

from domain._kernel import Rng, decide, fold
from domain.carcassonne import SPEC
from domain.carcassonne.commands import PlaceTile
from domain.carcassonne.data import TILES
from domain.carcassonne.events import (
    DeckShuffled,
    FarmScored,
    FeatureScored,
    FollowerPlaced,
    StartTilePlaced,
    TileDrawn,
    TilePlaced,
)
from domain.carcassonne.state import CarcassonneOptions, CarcassonneState

RED, BLUE, YELLOW, GREEN, BLACK = range(5)


class Given:
    """A game so far: a start tile, tiles (with followers) laid as listed, then one tile
    drawn by ``seat`` with ``rest`` still face down. Placements are not validated: a given
    is a history, the rules are exercised by the command under test."""

    def __init__(
        self,
        start: tuple[str, int, int, int] = ("D", 0, 0, 0),
        players: int = 2,
        rules_version: str | None = None,
        **options: bool,
    ) -> None:
        self.setup = SPEC.new_setup(players, CarcassonneOptions(**options), rules_version)
        code, x, y, rotation = start
        self.laid: list = [StartTilePlaced(tile=code, x=x, y=y, rotation=rotation)]

    def tile(
        self, code: str, x: int, y: int, rotation: int = 0, *followers: tuple[int, str]
    ) -> Given:
        """Lay a tile; each (seat, segment) in ``followers`` stands on it."""
        nodes = len(fold(SPEC, self.setup, self.laid).root)
        self.laid.append(TilePlaced(seat=0, tile=code, x=x, y=y, rotation=rotation))
        for seat, segment in followers:
            node = nodes + TILES[code].names[segment]
            self.laid.append(FollowerPlaced(seat=seat, x=x, y=y, segment=segment, node=node))
        return self

    def drawn(self, tile: str, seat: int = RED, rest: tuple[str, ...] = ("B",)) -> CarcassonneState:
        events = [DeckShuffled(tiles=(tile, *rest)), *self.laid, TileDrawn(seat=seat, tile=tile)]
        return fold(SPEC, self.setup, events)


def when(state: CarcassonneState, seat: int, command: PlaceTile) -> tuple:
    events = decide(SPEC, state, seat, command, Rng("test", 0))
    return events


def completed(events: tuple) -> list[FeatureScored]:
    return [e for e in events if isinstance(e, FeatureScored) and e.complete]


def final(events: tuple) -> list[FeatureScored]:
    return [e for e in events if isinstance(e, FeatureScored) and not e.complete]


def farms(events: tuple) -> list[FarmScored]:
    return [e for e in events if isinstance(e, FarmScored)]


def points(events: list) -> tuple[int, ...]:
    """Points per seat summed over the given scoring events."""
    total = [0] * len(events[0].points)
    for event in events:
        total = [a + b for a, b in zip(total, event.points, strict=True)]
    return tuple(total)
