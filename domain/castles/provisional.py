"""The ranking of a Castles game as it stands, for endings outside the rules: the final
scoring (King's favors, exhausted stacks, bonus cards, marks) applied to the castles as they
are, tie-break the larger castle, as in the final result."""

from __future__ import annotations

from domain._kernel import Result, rank
from domain.castles.rules.endgame import castle_size, final_scores
from domain.castles.state import CastlesState
from domain.castles.view import result


def provisional_result(state: CastlesState) -> Result:
    final = result(state)
    if final is not None:
        return final
    ranking = rank(
        (f.seat, f.total, (castle_size(state.seats[f.seat]),)) for f in final_scores(state)
    )
    return Result(ranking=ranking, summary="provisional: the final scoring applied now")
