"""Factory offer: taking tiles and putting them on a pattern line or the floor."""

from __future__ import annotations

from domain._kernel import DomainError, Rng
from domain.azul.commands import CENTRE, FLOOR, TakeTiles
from domain.azul.data import (
    COLOUR_INDEX,
    COLOURS,
    FACTORIES_BY_PLAYERS,
    LINE_CAPACITIES,
    MARKER,
    TILES_PER_FACTORY,
)
from domain.azul.events import AzulEvent, TilesTaken
from domain.azul.rules._log import Log
from domain.azul.rules.tiling import onto_floor, start_tiling
from domain.azul.state import AzulState, Board


def source_tiles(state: AzulState, factory: int) -> tuple[str, ...]:
    if factory == CENTRE:
        return state.centre
    if 0 <= factory < len(state.factories):
        return state.factories[factory]
    raise DomainError("azul/no_such_factory", f"there is no factory {factory}")


def line_refusal(board: Board, line: int, colour: str) -> str | None:
    """Why ``colour`` may not go on pattern line ``line``, or None when it may."""
    if line == FLOOR:
        return None
    if not 0 <= line < len(LINE_CAPACITIES):
        return "azul/no_such_line"
    pattern = board.lines[line]
    if pattern.count and pattern.colour != colour:
        return "azul/pattern_line_colour_mismatch"
    if pattern.count >= LINE_CAPACITIES[line]:
        return "azul/pattern_line_full"
    if colour in board.wall[line]:
        return "azul/colour_already_on_wall_row"
    return None


def _takes(factory: int, colour: str, lines: int) -> tuple[TakeTiles, ...]:
    """The takes of ``colour`` from ``factory`` onto the pattern lines whose bits are set in
    ``lines`` (bit i: line i), top to bottom, then onto the floor (always allowed)."""
    onto = [line for line in range(len(LINE_CAPACITIES)) if lines >> line & 1]
    return tuple(TakeTiles(factory=factory, colour=colour, line=line) for line in (*onto, FLOOR))


# Every list of takes one source can offer for one colour, built once at import (a few
# thousand small tuples): ``_TAKES[factory][colour][lines]``. ``legal_takes`` hands out these
# frozen commands (sharing them is invisible) instead of building every command on every call.
_TAKES: dict[int, dict[str, tuple[tuple[TakeTiles, ...], ...]]] = {
    factory: {
        colour: tuple(_takes(factory, colour, lines) for lines in range(1 << len(LINE_CAPACITIES)))
        for colour in COLOURS
    }
    for factory in range(CENTRE, max(FACTORIES_BY_PLAYERS.values()))
}
_FACTORY_TAKES = tuple(_TAKES[factory] for factory in range(max(FACTORIES_BY_PLAYERS.values())))


def _sorted_sources() -> list[tuple[str, ...]]:
    """Every sorted factory content (one to four tiles)."""
    sources: list[tuple[str, ...]] = [()]
    found: list[tuple[str, ...]] = []
    for _ in range(TILES_PER_FACTORY):
        sources = [
            (*tiles, colour)
            for tiles in sources
            for colour in COLOURS
            if not tiles or COLOUR_INDEX[tiles[-1]] <= COLOUR_INDEX[colour]
        ]
        found += sources
    return found


_LINES = len(LINE_CAPACITIES)
_SHIFT = {colour: _LINES * index for index, colour in enumerate(COLOURS)}
"""Where a colour's line bits sit in the packed masks of ``accepting_lines``."""
_ALL_LINES = (1 << _LINES) - 1

# A factory holds at most four tiles, sorted (``FactoriesFilled`` sorts them): its colours in
# order of appearance, as (their shift in the packed masks, their take table), for every
# content it can have (125), built once at import: ``_FACTORY_OFFERS[factory][tiles]``.
_FACTORY_OFFERS: tuple[dict[tuple[str, ...], tuple[tuple[int, tuple], ...]], ...] = tuple(
    {
        tiles: tuple((_SHIFT[colour], _TAKES[factory][colour]) for colour in dict.fromkeys(tiles))
        for tiles in _sorted_sources()
    }
    for factory in range(max(FACTORIES_BY_PLAYERS.values()))
)

_FREE: dict[tuple[str | None, ...], int] = {}
"""For a wall row, the colours it does not hold yet, as the packed masks of line 0 (filled as
rows are met; a row is one of at most 6**5 tuples)."""


def _free_bits(row: tuple[str | None, ...]) -> int:
    bits = _FREE.get(row)
    if bits is None:
        bits = _FREE[row] = sum(1 << _SHIFT[colour] for colour in COLOURS if colour not in row)
    return bits


def accepting_lines(board: Board) -> int:
    """The pattern lines ``line_refusal`` lets each colour go on, packed in one integer: the
    colour's bits at ``_SHIFT[colour]``, bit i of them for line i. One pass over the lines
    for all colours, no loop over colours: this is the inner loop of a playout."""
    accepted = 0
    free = _FREE
    for line, pattern, row, capacity in zip(
        range(_LINES), board.lines, board.wall, LINE_CAPACITIES, strict=True
    ):
        count = pattern.count
        if count >= capacity:
            continue
        if count:
            colour = pattern.colour
            if colour not in row:
                accepted |= 1 << (_SHIFT[colour] + line)
            continue
        bits = free.get(row)
        if bits is None:
            bits = _free_bits(row)
        accepted |= bits << line
    return accepted


def legal_takes(state: AzulState, seat: int) -> list[TakeTiles]:
    """Every source (the centre, then the factories), each of its colours in order of
    appearance, each line that accepts the colour, top to bottom, then the floor."""
    # Where a colour may go depends on the board only, not on the source.
    accepted = accepting_lines(state.boards[seat])
    commands: list[TakeTiles] = []
    if state.centre:
        takes = _TAKES[CENTRE]
        for colour in dict.fromkeys(state.centre):
            commands += takes[colour][accepted >> _SHIFT[colour] & _ALL_LINES]
    # Tables for the most factories (4 players); a game has its player count's first ones.
    for offers, factory_takes, tiles in zip(
        _FACTORY_OFFERS, _FACTORY_TAKES, state.factories, strict=False
    ):
        if tiles:
            offer = offers.get(tiles)
            if offer is None:  # unsorted: never from the rules' own events
                offer = tuple((_SHIFT[c], factory_takes[c]) for c in dict.fromkeys(tiles))
            for shift, takes in offer:
                commands += takes[accepted >> shift & _ALL_LINES]
    return commands


def decide_take(state: AzulState, seat: int, command: TakeTiles, rng: Rng) -> tuple[AzulEvent, ...]:
    if state.phase != "drafting":
        raise DomainError("azul/not_drafting", "tiles are taken only during the factory offer")
    colour = command.colour
    if colour not in COLOUR_INDEX:
        raise DomainError("azul/unknown_colour", f"{colour!r} is not a tile colour")
    factory = command.factory
    tiles = state.centre if factory == CENTRE else source_tiles(state, factory)
    count = tiles.count(colour)
    if not count:
        raise DomainError("azul/colour_not_in_source", f"no {colour} tile there")
    board = state.boards[seat]
    line = command.line
    to_line = 0
    if line != FLOOR:
        refusal = line_refusal(board, line, colour)
        if refusal is not None:
            raise DomainError(refusal, f"{colour} may not go on line {line}")
        to_line = min(count, LINE_CAPACITIES[line] - board.lines[line].count)
    took_marker = factory == CENTRE and state.marker_in_centre
    if took_marker or count > to_line:
        to_floor, to_lid = onto_floor(board, [MARKER] * took_marker + [colour] * (count - to_line))
    else:  # everything fits on the line: nothing for the floor
        to_floor, to_lid = (), 0
    rest = tuple(filter(colour.__ne__, tiles))
    taken = TilesTaken(
        seat=seat,
        factory=factory,
        colour=colour,
        count=count,
        line=line,
        to_line=to_line,
        to_floor=to_floor,
        to_lid=to_lid,
        to_centre=rest if factory != CENTRE else (),
        took_marker=took_marker,
        next_seat=(seat + 1) % state.players,
    )
    # Drafting is over when this take leaves no tile on the table: nothing of the source's
    # other colours, nothing in the centre (a factory's rest goes there), no other factory
    # with tiles. Found from the state before the take: most takes end nothing, and then
    # nothing is folded here.
    if rest:
        return (taken,)
    full_factories = len(state.factories) - state.factories.count(())
    # From a factory: it is the one full factory left (1) and the centre is empty.
    over = not full_factories if factory == CENTRE else not state.centre and full_factories == 1
    if not over:
        return (taken,)
    log = Log(state)
    log.add(taken)
    start_tiling(log, rng)
    return tuple(log.events)
