"""``GameSpec.bot_values`` (every seat at once) is a faster ``bot_value``, never another one:
the kernel's greedy auto-play must decide the same commands it always has, or the audit of
an old game would re-decide a different one."""

from __future__ import annotations

import pytest

from domain._kernel import playout
from domain.bots.eval import values
from domain.registry import GAMES


@pytest.mark.parametrize("slug", [s for s, spec in GAMES.items() if spec.bot_values])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_at_once_equals_seat_by_seat(slug: str, players: int) -> None:
    spec = GAMES[slug]
    if not spec.min_players <= players <= spec.max_players:
        pytest.skip(f"{slug} is not played by {players}")
    checked = []

    def check(state, seat, command, events) -> None:
        every = spec.bot_values(state)
        assert every == [spec.bot_value(state, s) for s in range(players)]
        assert values(spec, state, players) == every
        checked.append(seat)

    final, _ = playout(spec, spec.new_setup(players), f"values-{slug}-{players}", on_step=check)
    assert spec.bot_values(final) == [spec.bot_value(final, s) for s in range(players)]
    assert len(checked) > 20


def test_carcassonne_values_are_the_provisional_scores_and_followers_in_hand() -> None:
    # The rule the value stands on: the end-of-game scoring (rulebook, "End of the game")
    # applied now, as provisional_result applies it, plus 1.5 per follower in the supply.
    spec = GAMES["carcassonne"]
    farmed = []

    def check(state, seat, command, events) -> None:
        provisional = {s.seat: s.score for s in spec.provisional_result(state).ranking}
        assert spec.bot_values(state) == [provisional[s] + 1.5 * state.supply[s] for s in range(3)]
        farmed.extend(
            f for f in state.features if f is not None and f.kind == "field" and f.followers
        )

    final, _ = playout(spec, spec.new_setup(3), "values-provisional", on_step=check)
    scores = {s.seat: s.score for s in spec.result(final).ranking}
    assert spec.bot_values(final) == [float(scores[s]) for s in range(3)]
    assert farmed  # the farms' scoring was part of what was checked
