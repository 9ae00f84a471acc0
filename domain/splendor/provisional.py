"""The ranking of a Splendor game as it stands, for endings outside the rules: prestige
points so far, with the game's tie-breaks (fewer development cards; the tournament option's
longer chain when chosen)."""

from __future__ import annotations

from domain._kernel import Result, rank
from domain.splendor.state import SplendorState
from domain.splendor.view import _tiebreak, result


def provisional_result(state: SplendorState) -> Result:
    final = result(state)
    if final is not None:
        return final
    entries = [(seat, s.points, _tiebreak(state, seat)) for seat, s in enumerate(state.seats)]
    return Result(ranking=rank(entries), summary="provisional: prestige points so far")
