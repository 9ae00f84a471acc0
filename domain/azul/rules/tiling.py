"""Wall tiling: moving complete pattern lines to the wall, scoring, floor penalties, and
what follows the tiling phase (next round or game end)."""

from __future__ import annotations

import msgspec

from domain._kernel import Rng
from domain.azul.data import FLOOR_PENALTIES, FLOOR_SLOTS, LINE_CAPACITIES, MARKER, WALL_COLUMN
from domain.azul.events import FloorScored, LineDropped, LineTiled, TilingStarted
from domain.azul.rules._log import Log
from domain.azul.rules.rounds import complete_rows, end_game, fill_factories
from domain.azul.state import AzulState, Board, Counts, Line, add, counts_of, plus

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
    # The runs of tiles through the new one: along its row, then along its column.
    cells = wall[row]
    horizontal = 1
    c = column - 1
    while c >= 0 and cells[c] is not None:
        horizontal += 1
        c -= 1
    c = column + 1
    while c < size and cells[c] is not None:
        horizontal += 1
        c += 1
    vertical = 1
    r = row - 1
    while r >= 0 and wall[r][column] is not None:
        vertical += 1
        r -= 1
    r = row + 1
    while r < size and wall[r][column] is not None:
        vertical += 1
        r += 1
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
    state = log.state
    if state.grey_wall:
        for seat in range(state.players):
            drop_unplaceable_lines(log, seat)
    else:
        boards, lid = state.boards, state.lid
        for seat in range(state.players):
            board, lid = _tile_printed_wall(log, seat, boards[seat], lid)
            boards = (*boards[:seat], board, *boards[seat + 1 :])
        log.folded(msgspec.structs.replace(state, boards=boards, lid=lid))
    finish_tiling_if_done(log, rng)


def _tile_printed_wall(log: Log, seat: int, board: Board, lid: Counts) -> tuple[Board, Counts]:
    """Every complete line of ``board`` to its printed column, top to bottom (what
    ``tile_line`` does line by line); returns the board and the lid after them, as the
    ``LineTiled`` events fold, without folding each into the whole state (a line's column
    and colour do not depend on the other lines' tiling; its points do, through the wall)."""
    wall, lines, score = board.wall, board.lines, board.score
    for line in full_lines(board):
        column = legal_columns(board, line, False)[0]
        colour = board.lines[line].colour
        points = placement_points(wall, line, column)
        to_lid = LINE_CAPACITIES[line] - 1
        log.add(
            LineTiled(
                seat=seat, line=line, column=column, colour=colour, points=points, to_lid=to_lid
            )
        )
        row = wall[line]
        wall = (*wall[:line], (*row[:column], colour, *row[column + 1 :]), *wall[line + 1 :])
        lines = (*lines[:line], Line(), *lines[line + 1 :])
        score += points
        lid = plus(lid, colour, to_lid)
    if lines is board.lines:  # nothing tiled
        return board, lid
    return msgspec.structs.replace(board, wall=wall, lines=lines, score=score), lid


def finish_tiling_if_done(log: Log, rng: Rng) -> None:
    state = log.state
    if seats_choosing(state):
        return
    # The boards and the lid after the floor scores, as their events fold (see Log.folded).
    boards: list[Board] = []
    lid = state.lid
    for seat, board in enumerate(state.boards):
        penalty = sum(FLOOR_PENALTIES[: len(board.floor)])
        score = max(0, board.score - penalty)
        to_lid = counts_of(board.floor)
        log.add(FloorScored(seat=seat, penalty=penalty, score=score, to_lid=to_lid))
        boards.append(msgspec.structs.replace(board, score=score, floor=()))
        lid = add(lid, to_lid)
    state = msgspec.structs.replace(state, boards=tuple(boards), lid=lid)
    log.folded(state)
    if any(complete_rows(board) for board in state.boards):
        end_game(log, "row_complete")
    elif not any(state.bag) and not any(state.lid):
        end_game(log, "no_tiles")
    else:
        starter = state.marker_holder if state.marker_holder is not None else state.starter
        fill_factories(log, rng, state.round + 1, starter)
