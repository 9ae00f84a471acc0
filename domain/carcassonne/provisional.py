"""The ranking of a Carcassonne game as it stands, for endings outside the rules: the
end-of-game scoring (incomplete cities, roads and monasteries, then farms) applied to the
board as it is, added to the points scored so far, as if the last tile had just been
placed."""

from __future__ import annotations

from domain._kernel import Result, rank
from domain.carcassonne.rules import evolve, result
from domain.carcassonne.rules.scoring import final_scoring
from domain.carcassonne.state import CarcassonneState


def provisional_result(state: CarcassonneState) -> Result:
    final = result(state)
    if final is not None:
        return final
    scored = state
    for event in final_scoring(state):
        scored = evolve(scored, event)
    ranking = rank((seat, score, ()) for seat, score in enumerate(scored.scores))
    return Result(
        ranking=ranking, summary="provisional: points so far plus the end-of-game scoring now"
    )
