"""The deal and the pass (RULES.md, "Deal" and "Passing")."""

from __future__ import annotations

import msgspec
from hearts import SPEC
from hearts.commands import PassCards, PlayCard
from hearts.data import deck_for
from hearts.events import CardsPassed, HandDealt, PassCompleted, PlayBegan
from hearts.options import direction_of
from hearts_support import dealt, given, pass_, refused, setup, types, when

from domain import Rng, start


def test_four_players_are_dealt_thirteen_cards_each_from_the_full_pack() -> None:
    _, events = start(SPEC, setup(4), "seed")
    (deal,) = events
    assert isinstance(deal, HandDealt)
    assert [len(h) for h in deal.hands] == [13] * 4
    assert sorted(c for h in deal.hands for c in h) == sorted(deck_for(4))
    assert len(deck_for(4)) == 52


def test_three_players_play_without_the_two_of_diamonds_seventeen_cards_each() -> None:
    deal = SPEC.start(setup(3), Rng("seed", 0))[0]
    assert [len(h) for h in deal.hands] == [17] * 3
    assert "2D" not in {c for h in deal.hands for c in h}


def test_five_players_play_without_the_two_of_clubs_and_diamonds_ten_cards_each() -> None:
    deal = SPEC.start(setup(5), Rng("seed", 0))[0]
    assert [len(h) for h in deal.hands] == [10] * 5
    assert {"2C", "2D"}.isdisjoint({c for h in deal.hands for c in h})


def test_the_pass_rotates_left_right_across_hold() -> None:
    assert [direction_of("standard", 4, hand) for hand in range(1, 6)] == [
        "left",
        "right",
        "across",
        "hold",
        "left",
    ]
    deal = SPEC.start(setup(4), Rng("seed", 0))[0]
    assert (deal.direction, deal.offset) == ("left", 1)


def test_three_and_five_players_pass_left_right_hold_without_across() -> None:
    for players in (3, 5):
        cycle = [direction_of("standard", players, hand) for hand in range(1, 5)]
        assert cycle == ["left", "right", "hold", "left"]


def test_pass_rotation_options_no_hold_left_and_none() -> None:
    assert [direction_of("no_hold", 4, h) for h in range(1, 5)] == [
        "left",
        "right",
        "across",
        "left",
    ]
    assert {direction_of("left", 4, h) for h in range(1, 9)} == {"left"}
    events = SPEC.start(setup(4, pass_rotation="none"), Rng("seed", 0))
    assert types(events) == ["HandDealt", "PlayBegan"]
    assert events[0].direction == "hold"


def test_passing_is_simultaneous_every_seat_may_pass_in_any_order() -> None:
    state = given(*dealt(direction="left"))
    assert SPEC.to_act(state) == (0, 1, 2, 3)
    state, events = pass_(
        state, 2, state.seats[2].hand[0] + " " + " ".join(state.seats[2].hand[1:3])
    )
    assert types(events) == ["CardsPassed"]
    assert SPEC.to_act(state) == (0, 1, 3)
    assert refused(state, 2, PassCards(cards=list(state.seats[2].hand[:3]))) == "not_your_turn"


def test_passed_cards_reach_the_receiver_when_the_last_seat_passes() -> None:
    state = given(*dealt("2C 3C 4C", "AH KH QH", "AS KS QS", "AD KD QD", direction="left"))
    state, _ = pass_(state, 0, "2C 3C 4C")
    state, _ = pass_(state, 1, "AH KH QH")
    state, _ = pass_(state, 3, "AD KD QD")
    state, events = pass_(state, 2, "AS KS QS")
    passed, completed, began = events
    assert passed == CardsPassed(seat=2, to_seat=3, cards=("QS", "KS", "AS"))
    assert isinstance(completed, PassCompleted)
    assert completed.received == (
        ("QD", "KD", "AD"),
        ("2C", "3C", "4C"),
        ("QH", "KH", "AH"),
        ("QS", "KS", "AS"),
    )
    assert {"2C", "3C", "4C"} <= set(state.seats[1].hand)
    assert began == PlayBegan(leader=1)  # seat 1 now holds the two of clubs
    assert [len(s.hand) for s in state.seats] == [13] * 4


def test_passing_right_and_across_go_to_the_previous_and_opposite_seat() -> None:
    state = given(*dealt(direction="right"))
    _, events = pass_(state, 0, " ".join(state.seats[0].hand[:3]))
    assert events[0].to_seat == 3
    state = given(*dealt(direction="across"))
    _, events = pass_(state, 1, " ".join(state.seats[1].hand[:3]))
    assert events[0].to_seat == 3


def test_a_pass_is_three_different_cards_from_the_hand() -> None:
    state = given(*dealt("2C 3C 4C 5C", direction="left"))
    assert refused(state, 0, PassCards(cards=["2C", "3C"])) == "hearts/pass_three_cards"
    assert refused(state, 0, PassCards(cards=["2C", "3C", "4C", "5C"])) == "hearts/pass_three_cards"
    assert refused(state, 0, PassCards(cards=["2C", "2C", "3C"])) == "hearts/duplicate_card"
    assert refused(state, 0, PassCards(cards=["2C", "3C", "AH"])) == "hearts/card_not_in_hand"
    assert refused(state, 0, PlayCard(card="2C")) == "hearts/not_playing_now"
    assert len(SPEC.legal_commands(state, 0)) == 286  # 13 choose 3, each set once


def test_a_pass_names_its_cards_in_any_order() -> None:
    state = given(*dealt("2C 3C 4C", direction="left"))
    events = when(state, 0, PassCards(cards=["4C", "2C", "3C"]))
    assert events[0].cards == ("2C", "3C", "4C")


def test_no_cards_are_passed_on_a_hold_hand_and_play_begins_at_once() -> None:
    state = given(*dealt(direction="hold"))
    assert state.phase == "playing"
    assert SPEC.to_act(state) == (0,)  # seat 0 was dealt the two of clubs
    assert (
        refused(state, 0, PassCards(cards=list(state.seats[0].hand[:3])))
        == "hearts/not_passing_now"
    )


def test_a_pass_as_plain_data_reads_back_equal_from_json() -> None:
    """The SDK's lifecycle stores an auto-played command as ``msgspec.to_builtins`` data; it
    must equal what the stored JSON gives back (a tuple would come back a list)."""
    state = given(*dealt(direction="left"))
    for command in SPEC.legal_commands(state, 0)[:5]:
        data = msgspec.to_builtins(command)
        assert msgspec.json.decode(msgspec.json.encode(data)) == data
