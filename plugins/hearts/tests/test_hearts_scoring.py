"""Scoring a hand, shooting the moon and the end of the game (RULES.md, "Scoring", "End")."""

from __future__ import annotations

import pytest
from hearts import SPEC
from hearts.events import GameEnded, HandDealt, HandScored
from hearts_support import hand_ending, play, setup, types

from domain import DomainError, Rng

# Seat 0 takes every trick of a four-trick hand: all 13 hearts and the queen of spades.
MOON = [
    (0, "AS QS 2H 3H", 0),
    (0, "AH 4H 5H 6H", 0),
    (0, "KH 7H 8H 9H", 0),
]
MOON_LAST = (0, "QH TH JH 2D")

# Points shared out: seat 1 takes the queen and two hearts, seat 3 the jack of diamonds.
SHARED = [
    (0, "2C 3C 4C 5C", 3),
    (3, "KS 2S AS QS", 1),
    (1, "2D 3D AD JD", 3),
]
SHARED_LAST = (3, "9C 2H AC 3H")  # seat 1 takes the two hearts with the ace of clubs


def test_the_highest_card_of_the_suit_led_takes_the_last_trick_and_the_hand_is_scored() -> None:
    state = hand_ending(SHARED, SHARED_LAST)
    _, events = play(state, *SHARED_LAST[1].split())
    assert types(events)[:3] == ["CardPlayed", "CardPlayed", "CardPlayed"]
    assert events[4].seat == 1 and events[4].points == 2  # AC wins the clubs led
    scored = events[5]
    assert isinstance(scored, HandScored)


def test_each_heart_scores_one_and_the_queen_of_spades_thirteen() -> None:
    state = hand_ending(SHARED, SHARED_LAST)
    _, events = play(state, *SHARED_LAST[1].split())
    scored = next(e for e in events if isinstance(e, HandScored))
    assert scored.taken == (0, 13 + 2, 0, 0)
    assert scored.scores == scored.taken == scored.totals
    assert scored.moon is None


def test_jack_of_diamonds_option_scores_minus_ten_to_its_taker() -> None:
    state = hand_ending(SHARED, SHARED_LAST, jack_of_diamonds=True)
    _, events = play(state, *SHARED_LAST[1].split())
    scored = next(e for e in events if isinstance(e, HandScored))
    assert scored.taken == (0, 15, 0, -10)


def test_shooting_the_moon_gives_others_26() -> None:
    state = hand_ending(MOON, MOON_LAST)
    state, events = play(state, *MOON_LAST[1].split())
    scored = next(e for e in events if isinstance(e, HandScored))
    assert scored.taken == (26, 0, 0, 0)
    assert scored.moon == 0
    assert scored.scores == (0, 26, 26, 26)
    assert tuple(s.total for s in state.seats) == (0, 26, 26, 26)


def test_shooter_subtracts_26_option() -> None:
    state = hand_ending(MOON, MOON_LAST, moon="shooter_subtracts")
    _, events = play(state, *MOON_LAST[1].split())
    scored = next(e for e in events if isinstance(e, HandScored))
    assert scored.moon == 0 and scored.scores == (-26, 0, 0, 0)


def test_moon_off_option_scores_the_26_points_taken() -> None:
    state = hand_ending(MOON, MOON_LAST, moon="off")
    _, events = play(state, *MOON_LAST[1].split())
    scored = next(e for e in events if isinstance(e, HandScored))
    assert scored.moon is None and scored.scores == (26, 0, 0, 0)


def test_the_jack_of_diamonds_still_counts_for_the_shooter() -> None:
    tricks = [(0, "AS QS 2H 3H", 0), (0, "AH 4H 5H 6H", 0), (0, "KH 7H 8H 9H", 0)]
    state = hand_ending(tricks, (0, "QH TH JH JD"), jack_of_diamonds=True)
    _, events = play(state, "QH", "TH", "JH", "JD")
    scored = next(e for e in events if isinstance(e, HandScored))
    assert scored.taken == (16, 0, 0, 0)
    assert scored.moon == 0 and scored.scores == (-10, 26, 26, 26)


def test_a_new_hand_is_dealt_while_no_seat_has_reached_the_target() -> None:
    state = hand_ending(MOON, MOON_LAST, totals=(10, 60, 70, 73), hand=2)
    state, events = play(state, *MOON_LAST[1].split())
    assert types(events)[-2:] == ["HandScored", "HandDealt"]
    assert events[-2].totals == (10, 86, 96, 99)
    deal = events[-1]
    assert isinstance(deal, HandDealt) and deal.hand == 3 and deal.direction == "across"
    assert state.phase == "passing" and SPEC.result(state) is None


def test_the_game_ends_after_the_hand_in_which_a_seat_reaches_100() -> None:
    state = hand_ending(MOON, MOON_LAST, totals=(10, 60, 70, 74), hand=2)
    state, events = play(state, *MOON_LAST[1].split())
    assert events[-1] == GameEnded(totals=(10, 86, 96, 100))
    assert SPEC.to_act(state) == ()
    result = SPEC.result(state)
    assert result is not None
    assert [(s.seat, s.score, s.place) for s in result.ranking] == [
        (0, -10, 1),
        (1, -86, 2),
        (2, -96, 3),
        (3, -100, 4),
    ]


def test_target_score_option_ends_the_game_at_that_score() -> None:
    state = hand_ending(MOON, MOON_LAST, totals=(0, 0, 0, 0), target_score=26)
    _, events = play(state, *MOON_LAST[1].split())
    assert isinstance(events[-1], GameEnded)


def test_lowest_total_wins_and_equal_totals_share_the_place() -> None:
    state = hand_ending(MOON, MOON_LAST, totals=(74, 50, 50, 90), moon="off")
    state, _ = play(state, *MOON_LAST[1].split())
    result = SPEC.result(state)
    assert result is not None
    assert [(s.seat, s.score, s.place) for s in result.ranking] == [
        (1, -50, 1),
        (2, -50, 1),
        (3, -90, 3),
        (0, -100, 4),
    ]
    assert "seat(s) 1, 2 win" in result.summary


def test_a_target_score_out_of_range_is_refused() -> None:
    for target in (9, 501):
        with pytest.raises(DomainError) as refused:
            SPEC.start(setup(4, target_score=target), Rng("seed", 0))
        assert refused.value.code == "hearts/target_score"


def test_the_provisional_ranking_counts_the_points_taken_in_the_hand_so_far() -> None:
    state = hand_ending(MOON[:1], (0, "AH 4H 5H 6H"), totals=(0, 5, 20, 30))
    provisional = SPEC.provisional_result(state)
    assert [(s.seat, s.score, s.place) for s in provisional.ranking] == [
        (1, -5, 1),
        (0, -15, 2),
        (2, -20, 3),
        (3, -30, 4),
    ]


@pytest.mark.parametrize(
    ("rotation", "hand", "direction"),
    [
        ("standard", 1, "right"),
        ("standard", 3, "hold"),
        ("no_hold", 3, "left"),
        ("left", 1, "left"),
        ("none", 1, "hold"),
    ],
)
def test_the_next_hand_is_passed_as_the_rotation_option_says(
    rotation: str, hand: int, direction: str
) -> None:
    state = hand_ending(MOON, MOON_LAST, totals=(0, 0, 0, 0), hand=hand, pass_rotation=rotation)
    state, events = play(state, *MOON_LAST[1].split())
    deal = next(e for e in events if isinstance(e, HandDealt))
    assert (deal.hand, deal.direction) == (hand + 1, direction)
    assert state.phase == ("playing" if direction == "hold" else "passing")
