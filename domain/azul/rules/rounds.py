"""Round set-up (drawing onto the factories) and the end of the game."""

from __future__ import annotations

from itertools import chain, repeat

from domain._kernel import Rng
from domain.azul.data import COLOUR_BONUS, COLOURS, COLUMN_BONUS, ROW_BONUS, TILES_PER_FACTORY
from domain.azul.events import BagRefilled, BonusesScored, FactoriesFilled, GameEnded
from domain.azul.rules._log import Log
from domain.azul.state import Board, Counts, sorted_tiles


def expand(counts: Counts) -> list[str]:
    """The tiles of a multiset, colour by colour in ``COLOURS`` order."""
    return list(chain.from_iterable(map(repeat, COLOURS, counts)))


def fill_factories(log: Log, rng: Rng, round_number: int, starter: int) -> None:
    """Draw 4 tiles per factory. The whole bag is drawn before the lid is poured in, so the
    refill is decided here and logged before the fill (the state after both is the same as
    drawing tile by tile); with bag and lid both empty the factories stay partly filled."""
    state = log.state
    needed = TILES_PER_FACTORY * len(state.factories)
    drawn = rng.shuffled(expand(state.bag))[:needed]
    if len(drawn) < needed and any(state.lid):
        lid = state.lid
        log.add(BagRefilled(tiles=lid))
        drawn += rng.shuffled(expand(lid))[: needed - len(drawn)]
    factories = tuple(
        sorted_tiles(drawn[i : i + TILES_PER_FACTORY]) for i in range(0, needed, TILES_PER_FACTORY)
    )
    log.add(FactoriesFilled(round=round_number, starter=starter, factories=factories))


def complete_rows(board: Board) -> int:
    return sum(None not in row for row in board.wall)


def complete_columns(board: Board) -> int:
    return sum(all(row[c] is not None for row in board.wall) for c in range(len(board.wall)))


def complete_colours(board: Board) -> int:
    placed = [cell for row in board.wall for cell in row if cell is not None]
    return sum(placed.count(colour) == len(board.wall) for colour in COLOURS)


def end_game(log: Log, reason: str) -> None:
    for seat, board in enumerate(log.state.boards):
        rows, columns, colours = (
            complete_rows(board),
            complete_columns(board),
            complete_colours(board),
        )
        points = ROW_BONUS * rows + COLUMN_BONUS * columns + COLOUR_BONUS * colours
        log.add(
            BonusesScored(seat=seat, rows=rows, columns=columns, colours=colours, points=points)
        )
    log.add(GameEnded(reason=reason))
