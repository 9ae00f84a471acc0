"""``GameSpec.bot_values`` (every seat at once) is a faster ``bot_value``, never another one:
the kernel's greedy auto-play must decide the same commands it always has, or the audit of
an old game would re-decide a different one."""

from __future__ import annotations

import pytest

from domain._kernel import Rng, decide, start
from domain.bots import decide_for
from domain.bots.eval import values
from domain.registry import GAMES


@pytest.mark.parametrize("slug", [s for s, spec in GAMES.items() if spec.bot_values])
@pytest.mark.parametrize("players", [2, 4])
def test_every_seat_at_once_equals_seat_by_seat(slug: str, players: int) -> None:
    spec = GAMES[slug]
    if not spec.min_players <= players <= spec.max_players:
        pytest.skip(f"{slug} is not played by {players}")
    seed = f"values-{slug}-{players}"
    state, log = start(spec, spec.new_setup(players), seed)
    count = len(log)
    checked = 0
    for step in range(spec.max_events):
        if spec.result(state) is not None:
            break
        assert spec.bot_values(state) == [spec.bot_value(state, s) for s in range(players)]
        assert values(spec, state, players) == spec.bot_values(state)
        checked += 1
        seat = spec.to_act(state)[0]
        command = decide_for("random", spec, state, seat, Rng(seed, step, "bot"))
        events = decide(spec, state, seat, command, Rng(seed, count))
        count += len(events)
        for event in events:
            state = spec.evolve(state, event)
    assert spec.bot_values(state) == [spec.bot_value(state, s) for s in range(players)]
    assert checked > 20


def test_carcassonne_values_are_the_provisional_scores_and_followers_in_hand() -> None:
    # The rule the value stands on: the end-of-game scoring (rulebook, "End of the game")
    # applied now, as provisional_result applies it, plus 1.5 per follower in the supply.
    spec = GAMES["carcassonne"]
    seed = "values-provisional"
    state, log = start(spec, spec.new_setup(3), seed)
    count = len(log)
    farmed = False
    for step in range(spec.max_events):
        if spec.result(state) is not None:
            break
        provisional = {s.seat: s.score for s in spec.provisional_result(state).ranking}
        expected = [provisional[s] + 1.5 * state.supply[s] for s in range(3)]
        assert spec.bot_values(state) == expected
        farmed = farmed or any(
            f is not None and f.kind == "field" and f.followers for f in state.features
        )
        seat = spec.to_act(state)[0]
        command = decide_for("random", spec, state, seat, Rng(seed, step, "bot"))
        events = decide(spec, state, seat, command, Rng(seed, count))
        count += len(events)
        for event in events:
            state = spec.evolve(state, event)
    final = {s.seat: s.score for s in spec.result(state).ranking}
    assert spec.bot_values(state) == [float(final[s]) for s in range(3)]
    assert farmed  # the farms' scoring was part of what was checked
