"""Given/when/then helpers: a game is given as events folded from the initial state."""

from __future__ import annotations

import msgspec

from domain._kernel import Rng, decide, fold
from domain.azul import SPEC
from domain.azul.commands import CENTRE
from domain.azul.data import FACTORIES_BY_PLAYERS
from domain.azul.events import FactoriesFilled, LineTiled, TilesTaken
from domain.azul.options import AzulOptions
from domain.azul.state import AzulState


def given(*events, players: int = 2, grey_wall: bool = False) -> AzulState:
    setup = SPEC.new_setup(players, AzulOptions(grey_wall=grey_wall))
    return fold(SPEC, setup, events)


def round_with(*factories: tuple[str, ...], players: int = 2, starter: int = 0) -> FactoriesFilled:
    """A round whose first factories hold these tiles; the others are empty."""
    padded = tuple(factories) + ((),) * (FACTORIES_BY_PLAYERS[players] - len(factories))
    return FactoriesFilled(round=1, starter=starter, factories=padded)


def wall_tile(seat: int, row: int, column: int, colour: str) -> LineTiled:
    return LineTiled(seat=seat, line=row, column=column, colour=colour, points=0, to_lid=0)


def pattern_line(seat: int, line: int, colour: str, count: int, next_seat: int = 0) -> TilesTaken:
    """Tiles already lying on a pattern line (taken from an empty centre, as if earlier)."""
    return TilesTaken(
        seat=seat,
        factory=CENTRE,
        colour=colour,
        count=count,
        line=line,
        to_line=count,
        to_floor=(),
        to_lid=0,
        to_centre=(),
        took_marker=False,
        next_seat=next_seat,
    )


def floor_tiles(seat: int, pieces: tuple[str, ...], next_seat: int = 0) -> TilesTaken:
    """Pieces already lying on a floor line."""
    return TilesTaken(
        seat=seat,
        factory=CENTRE,
        colour="blue",
        count=0,
        line=-1,
        to_line=0,
        to_floor=pieces,
        to_lid=0,
        to_centre=(),
        took_marker=False,
        next_seat=next_seat,
    )


def when(state: AzulState, seat: int, command, seed: str = "when") -> tuple:
    return decide(SPEC, state, seat, command, Rng(seed, 1))


def then_state(state: AzulState, events) -> AzulState:
    for event in events:
        state = SPEC.evolve(state, event)
    return state


def of_type(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


def tweak(state: AzulState, **changes) -> AzulState:
    return msgspec.structs.replace(state, **changes)
