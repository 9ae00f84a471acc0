"""The state and how events fold into it. ``evolve`` applies the facts an event carries and
never checks a rule nor draws."""

from __future__ import annotations

import operator
from itertools import chain

import msgspec

from domain._kernel import Setup
from domain.azul.data import (
    COLOUR_INDEX,
    COLOURS,
    FACTORIES_BY_PLAYERS,
    LINE_CAPACITIES,
    TILES_PER_COLOUR,
    WALL_SIZE,
)
from domain.azul.events import (
    AzulEvent,
    BagRefilled,
    BonusesScored,
    FactoriesFilled,
    FloorScored,
    GameEnded,
    LineDropped,
    LineTiled,
    TilesTaken,
    TilingStarted,
)

Counts = tuple[int, ...]
"""A multiset of tiles: how many of each colour, in ``COLOURS`` order."""

NO_TILES: Counts = (0,) * len(COLOURS)


class Line(msgspec.Struct, frozen=True):
    colour: str | None = None
    count: int = 0


class Board(msgspec.Struct, frozen=True, kw_only=True):
    score: int = 0
    lines: tuple[Line, ...] = tuple(Line() for _ in LINE_CAPACITIES)
    wall: tuple[tuple[str | None, ...], ...] = ((None,) * WALL_SIZE,) * WALL_SIZE
    floor: tuple[str, ...] = ()


class AzulState(msgspec.Struct, frozen=True, kw_only=True):
    players: int
    grey_wall: bool = False
    phase: str = "setup"
    """``setup``, ``drafting``, ``tiling`` or ``over``."""
    round: int = 0
    starter: int = 0
    current: int = 0
    bag: Counts = (TILES_PER_COLOUR,) * len(COLOURS)
    lid: Counts = NO_TILES
    factories: tuple[tuple[str, ...], ...] = ()
    centre: tuple[str, ...] = ()
    marker_in_centre: bool = True
    marker_holder: int | None = None
    boards: tuple[Board, ...] = ()
    end_reason: str = ""


def initial_state(setup: Setup) -> AzulState:
    return AzulState(
        players=setup.players,
        grey_wall=bool(getattr(setup.options, "grey_wall", False)),
        factories=((),) * FACTORIES_BY_PLAYERS.get(setup.players, 0),
        boards=tuple(Board() for _ in range(setup.players)),
    )


def counts_of(tiles: tuple[str, ...] | list[str]) -> Counts:
    """How many tiles of each colour (the first-player marker is not a tile)."""
    return tuple(map(tiles.count, COLOURS))


def add(a: Counts, b: Counts) -> Counts:
    return tuple(map(operator.add, a, b))


def sub(a: Counts, b: Counts) -> Counts:
    return tuple(map(operator.sub, a, b))


def one_colour(colour: str, count: int) -> Counts:
    return tuple(count if c == colour else 0 for c in COLOURS)


def plus(counts: Counts, colour: str, n: int) -> Counts:
    """``counts`` with ``n`` more tiles of ``colour``: ``add(counts, one_colour(colour, n))``
    without building the second tuple (evolve does this for nearly every event)."""
    if not n:
        return counts
    out = list(counts)
    out[COLOUR_INDEX[colour]] += n
    return tuple(out)


def sorted_tiles(tiles: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(tiles, key=COLOUR_INDEX.__getitem__))


def _with_board(state: AzulState, seat: int, board: Board) -> tuple[Board, ...]:
    return (*state.boards[:seat], board, *state.boards[seat + 1 :])


def _with_line(board: Board, index: int, line: Line) -> tuple[Line, ...]:
    return (*board.lines[:index], line, *board.lines[index + 1 :])


def _taken(state: AzulState, e: TilesTaken) -> AzulState:
    factory = e.factory
    colour = e.colour
    if factory >= 0:
        factories = state.factories
        factories = (*factories[:factory], (), *factories[factory + 1 :])
        # The centre is always sorted: with nothing pushed to it, it stays as it is.
        to_centre = e.to_centre
        centre = sorted_tiles(state.centre + to_centre) if to_centre else state.centre
    else:
        factories = state.factories
        centre = tuple(filter(colour.__ne__, state.centre))
    seat = e.seat
    boards = state.boards
    board = boards[seat]
    lines = board.lines
    to_line = e.to_line
    if to_line:
        line = e.line
        lines = (*lines[:line], Line(colour, lines[line].count + to_line), *lines[line + 1 :])
    to_floor = e.to_floor
    board = msgspec.structs.replace(
        board, lines=lines, floor=board.floor + to_floor if to_floor else board.floor
    )
    took_marker = e.took_marker
    to_lid = e.to_lid
    return msgspec.structs.replace(
        state,
        factories=factories,
        centre=centre,
        marker_in_centre=state.marker_in_centre and not took_marker,
        marker_holder=seat if took_marker else state.marker_holder,
        boards=(*boards[:seat], board, *boards[seat + 1 :]),
        lid=plus(state.lid, colour, to_lid) if to_lid else state.lid,
        current=e.next_seat,
    )


def _tiled(state: AzulState, e: LineTiled) -> AzulState:
    board = state.boards[e.seat]
    row = board.wall[e.line]
    row = (*row[: e.column], e.colour, *row[e.column + 1 :])
    wall = (*board.wall[: e.line], row, *board.wall[e.line + 1 :])
    board = msgspec.structs.replace(
        board, wall=wall, lines=_with_line(board, e.line, Line()), score=board.score + e.points
    )
    return msgspec.structs.replace(
        state,
        boards=_with_board(state, e.seat, board),
        lid=plus(state.lid, e.colour, e.to_lid),
    )


def _dropped(state: AzulState, e: LineDropped) -> AzulState:
    board = state.boards[e.seat]
    board = msgspec.structs.replace(
        board, lines=_with_line(board, e.line, Line()), floor=board.floor + e.to_floor
    )
    return msgspec.structs.replace(
        state,
        boards=_with_board(state, e.seat, board),
        lid=plus(state.lid, e.colour, e.to_lid),
    )


def evolve(state: AzulState, event: AzulEvent) -> AzulState:
    match event:
        # The event classes are disjoint; the most frequent is matched first.
        case TilesTaken():
            return _taken(state, event)
        case BagRefilled(tiles=tiles):
            return msgspec.structs.replace(
                state, bag=add(state.bag, tiles), lid=sub(state.lid, tiles)
            )
        case FactoriesFilled(round=number, starter=starter, factories=factories):
            drawn = counts_of(list(chain.from_iterable(factories)))
            return msgspec.structs.replace(
                state,
                phase="drafting",
                round=number,
                starter=starter,
                current=starter,
                factories=factories,
                centre=(),
                marker_in_centre=True,
                marker_holder=None,
                bag=sub(state.bag, drawn),
            )
        case TilingStarted():
            return msgspec.structs.replace(state, phase="tiling")
        case LineTiled():
            return _tiled(state, event)
        case LineDropped():
            return _dropped(state, event)
        case FloorScored(seat=seat, score=score, to_lid=to_lid):
            board = msgspec.structs.replace(state.boards[seat], score=score, floor=())
            return msgspec.structs.replace(
                state, boards=_with_board(state, seat, board), lid=add(state.lid, to_lid)
            )
        case BonusesScored(seat=seat, points=points):
            board = state.boards[seat]
            board = msgspec.structs.replace(board, score=board.score + points)
            return msgspec.structs.replace(state, boards=_with_board(state, seat, board))
        case GameEnded(reason=reason):
            return msgspec.structs.replace(state, phase="over", end_reason=reason)
        case _:
            raise AssertionError(f"not an Azul event: {event!r}")
