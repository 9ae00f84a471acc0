"""The ranking of an Azul game as it stands, for endings outside the rules (resignation,
abandonment, the event cap): each wall scored as if the game ended now (row, column and
colour bonuses added to the score track), ranked like the final result (tie-break: complete
wall rows). Tiles still on pattern lines and the floor line are not scored: the rules score
them only at the end of a round."""

from __future__ import annotations

from domain._kernel import Result, rank
from domain.azul.data import COLOUR_BONUS, COLUMN_BONUS, ROW_BONUS
from domain.azul.rules import result
from domain.azul.rules.rounds import complete_colours, complete_columns, complete_rows
from domain.azul.state import AzulState


def provisional_result(state: AzulState) -> Result:
    final = result(state)
    if final is not None:
        return final
    entries = []
    for seat, board in enumerate(state.boards):
        bonus = (
            ROW_BONUS * complete_rows(board)
            + COLUMN_BONUS * complete_columns(board)
            + COLOUR_BONUS * complete_colours(board)
        )
        entries.append((seat, board.score + bonus, (complete_rows(board),)))
    return Result(
        ranking=rank(entries),
        summary="provisional: scores with the end-of-game bonuses of the walls as they stand",
    )
