"""Rankings of endings outside the rules, the same for every game.

A seat that resigned or forfeited ranks below every seat that did not, whatever its score;
among the seats that left, the one that left later ranks higher (it played longer). The
seats that stayed keep the order the game's own ranking gives them (its scores and
tie-breaks: ``result`` if the rules ended the game, else ``provisional_result``), their
places counted again among themselves. Scores are left as the game computed them."""

from __future__ import annotations

from domain._kernel import GameSpec, Result, Standing
from domain.lifecycle.state import Life


def base_ranking(spec: GameSpec, rules: object) -> Result:
    """The game's ranking of the state as it stands."""
    final = spec.result(rules)
    if final is not None:
        return final
    if spec.provisional_result is None:
        raise AssertionError(f"{spec.slug} has no provisional_result")
    return spec.provisional_result(rules)


def departed_last(base: Result, life: Life, summary: str | None = None) -> Result:
    """``base`` with the seats that left moved below the others (module docstring)."""
    seats = life.seats
    stayed = sorted(
        (s for s in base.ranking if not seats[s.seat].left), key=lambda s: (s.place, s.seat)
    )
    left = sorted(
        (s for s in base.ranking if seats[s.seat].left),
        key=lambda s: (-seats[s.seat].left_order, s.seat),
    )
    if not left:
        return base if summary is None else Result(ranking=base.ranking, summary=summary)
    ranking: list[Standing] = []
    for index, standing in enumerate(stayed):
        place = index + 1
        if index and stayed[index - 1].place == standing.place:
            place = ranking[-1].place
        ranking.append(Standing(seat=standing.seat, score=standing.score, place=place,
                                tiebreak=standing.tiebreak))  # fmt: skip
    for index, standing in enumerate(left):
        ranking.append(
            Standing(
                seat=standing.seat,
                score=standing.score,
                place=len(stayed) + index + 1,
                tiebreak=standing.tiebreak,
            )
        )
    gone = ", ".join(f"seat {s.seat} {seats[s.seat].left}" for s in left)
    text = summary if summary is not None else base.summary
    return Result(
        ranking=tuple(sorted(ranking, key=lambda s: (s.place, s.seat))),
        summary=f"{text} ({gone}: ranked last)" if text else f"{gone}: ranked last",
    )
