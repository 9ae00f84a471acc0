"""Random legal games to the end, for every player count and every declared variant."""

from __future__ import annotations

import msgspec
import pytest
from hearts import SPEC, HeartsOptions
from hearts.data import DECK
from hearts.events import CardPlayed, HandScored

from domain import fold, playout

CASES = [
    (players, index)
    for players in range(SPEC.min_players, SPEC.max_players + 1)
    for index in range(len(SPEC.variants) + 1)
]


@pytest.mark.parametrize(("players", "index"), CASES)
def test_random_games_play_to_the_end_and_replay_the_same(players: int, index: int) -> None:
    options = HeartsOptions() if index == 0 else SPEC.variants[index - 1]
    setup = SPEC.new_setup(players, options)
    final, events = playout(SPEC, setup, f"playout-{players}-{index}")
    result = SPEC.result(final)
    assert result is not None
    totals = [-s.score for s in result.ranking]  # a standing's score is minus the total
    assert totals == sorted(totals)  # lowest first
    assert max(totals) >= options.target_score
    assert totals == sorted(s.total for s in final.seats)
    stored = [msgspec.json.decode(msgspec.json.encode(e), type=SPEC.event_type) for e in events]
    assert fold(SPEC, setup, stored) == final
    assert len(events) * 2 < SPEC.max_events


def test_every_card_is_played_once_per_hand() -> None:
    setup = SPEC.new_setup(4)
    _, events = playout(SPEC, setup, "cards")
    played: list[str] = []
    for event in events:
        if isinstance(event, CardPlayed):
            played.append(event.card)
        if isinstance(event, HandScored):
            assert sorted(played) == sorted(DECK)
            played = []
