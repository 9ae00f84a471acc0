"""Wall tiling: moving complete pattern lines to the wall, scoring, floor penalties, and
what follows the tiling phase (next round or game end)."""

from __future__ import annotations

from domain._kernel import Rng
from domain.azul.data import FLOOR_PENALTIES, FLOOR_SLOTS, LINE_CAPACITIES, MARKER, WALL_COLUMN
from domain.azul.events import FloorScored, LineDropped, LineTiled, TilingStarted
from domain.azul.rules._log import Log
from domain.azul.rules.rounds import complete_rows, end_game, fill_factories
from domain.azul.state import AzulState, Board, counts_of

Wall = tuple[tuple[str | None, ...], ...]


def onto_floor(board: Board, pieces: list[str]) -> tuple[tuple[str, ...], int]:
    """Fill floor slots left to right; tiles without a slot go to the lid. A marker without
    a slot is simply kept by its holder, it never goes to the lid."""
    room = max(0, FLOOR_SLOTS - len(board.floor))
    overflow = pieces[room:]
    return tuple(pieces[:room]), len(overflow) - overflow.count(MARKER)


def placement_points(wall: Wall, row: int, column: int) -> int:
    """Points for a tile newly placed at (row, column) of ``wall`` (which lacks it)."""
    size = len(wall)

    def run(dr: int, dc: int) -> int:
        length = 0
        r, c = row + dr, column + dc
        while 0 <= r < size and 0 <= c < size and wall[r][c] is not None:
            length += 1
            r, c = r + dr, c + dc
        return length

    horizontal = 1 + run(0, -1) + run(0, 1)
    vertical = 1 + run(-1, 0) + run(1, 0)
    if horizontal == 1 and vertical == 1:
        return 1
    return (horizontal if horizontal > 1 else 0) + (vertical if vertical > 1 else 0)


def full_lines(board: Board) -> list[int]:
    return [i for i, line in enumerate(board.lines) if line.count == LINE_CAPACITIES[i]]


def legal_columns(board: Board, line: int, grey_wall: bool) -> list[int]:
    colour = board.lines[line].colour
    row = board.wall[line]
    if not grey_wall:
        column = WALL_COLUMN[line][colour]
        return [column] if row[column] is None else []
    return [
        c
        for c in range(len(row))
        if row[c] is None and all(other[c] != colour for other in board.wall)
    ]


def tile_line(log: Log, seat: int, line: int, column: int) -> None:
    board = log.state.boards[seat]
    log.add(
        LineTiled(
            seat=seat,
            line=line,
            column=column,
            colour=board.lines[line].colour,
            points=placement_points(board.wall, line, column),
            to_lid=LINE_CAPACITIES[line] - 1,
        )
    )


def drop_unplaceable_lines(log: Log, seat: int) -> None:
    """Grey wall: while the topmost complete line fits no column, it goes to the floor."""
    while True:
        board = log.state.boards[seat]
        lines = full_lines(board)
        if not lines or legal_columns(board, lines[0], True):
            return
        top = lines[0]
        colour = board.lines[top].colour
        to_floor, to_lid = onto_floor(board, [colour] * LINE_CAPACITIES[top])
        log.add(LineDropped(seat=seat, line=top, colour=colour, to_floor=to_floor, to_lid=to_lid))


def seats_choosing(state: AzulState) -> tuple[int, ...]:
    return tuple(seat for seat, board in enumerate(state.boards) if full_lines(board))


def start_tiling(log: Log, rng: Rng) -> None:
    log.add(TilingStarted())
    for seat in range(log.state.players):
        if log.state.grey_wall:
            drop_unplaceable_lines(log, seat)
        else:
            for line in full_lines(log.state.boards[seat]):
                tile_line(log, seat, line, legal_columns(log.state.boards[seat], line, False)[0])
    finish_tiling_if_done(log, rng)


def finish_tiling_if_done(log: Log, rng: Rng) -> None:
    if seats_choosing(log.state):
        return
    for seat, board in enumerate(log.state.boards):
        penalty = sum(FLOOR_PENALTIES[: len(board.floor)])
        log.add(
            FloorScored(
                seat=seat,
                penalty=penalty,
                score=max(0, board.score - penalty),
                to_lid=counts_of(board.floor),
            )
        )
    state = log.state
    if any(complete_rows(board) for board in state.boards):
        end_game(log, "row_complete")
    elif not any(state.bag) and not any(state.lid):
        end_game(log, "no_tiles")
    else:
        starter = state.marker_holder if state.marker_holder is not None else state.starter
        fill_factories(log, rng, state.round + 1, starter)
