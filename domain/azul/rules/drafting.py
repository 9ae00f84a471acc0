"""Factory offer: taking tiles and putting them on a pattern line or the floor."""

from __future__ import annotations

from domain._kernel import DomainError, Rng
from domain.azul.commands import CENTRE, FLOOR, TakeTiles
from domain.azul.data import COLOUR_INDEX, LINE_CAPACITIES, MARKER
from domain.azul.events import TilesTaken
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


def legal_takes(state: AzulState, seat: int) -> list[TakeTiles]:
    board = state.boards[seat]
    sources = [(CENTRE, state.centre), *enumerate(state.factories)]
    commands = []
    for factory, tiles in sources:
        for colour in dict.fromkeys(tiles):
            for line in (*range(len(LINE_CAPACITIES)), FLOOR):
                if line_refusal(board, line, colour) is None:
                    commands.append(TakeTiles(factory=factory, colour=colour, line=line))
    return commands


def decide_take(state: AzulState, seat: int, command: TakeTiles, rng: Rng) -> list:
    if state.phase != "drafting":
        raise DomainError("azul/not_drafting", "tiles are taken only during the factory offer")
    colour = command.colour
    if colour not in COLOUR_INDEX:
        raise DomainError("azul/unknown_colour", f"{colour!r} is not a tile colour")
    tiles = source_tiles(state, command.factory)
    count = tiles.count(colour)
    if not count:
        raise DomainError("azul/colour_not_in_source", f"no {colour} tile there")
    board = state.boards[seat]
    refusal = line_refusal(board, command.line, colour)
    if refusal is not None:
        raise DomainError(refusal, f"{colour} may not go on line {command.line}")

    to_line = 0
    if command.line != FLOOR:
        to_line = min(count, LINE_CAPACITIES[command.line] - board.lines[command.line].count)
    took_marker = command.factory == CENTRE and state.marker_in_centre
    pieces = [MARKER] * took_marker + [colour] * (count - to_line)
    to_floor, to_lid = onto_floor(board, pieces)
    log = Log(state)
    log.add(
        TilesTaken(
            seat=seat,
            factory=command.factory,
            colour=colour,
            count=count,
            line=command.line,
            to_line=to_line,
            to_floor=to_floor,
            to_lid=to_lid,
            to_centre=tuple(t for t in tiles if t != colour) if command.factory != CENTRE else (),
            took_marker=took_marker,
            next_seat=(seat + 1) % state.players,
        )
    )
    after = log.state
    if not after.centre and not any(after.factories):
        start_tiling(log, rng)
    return log.events
