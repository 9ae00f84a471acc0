"""Playing the tricks (RULES.md, "Play")."""

from __future__ import annotations

from hearts import SPEC
from hearts.commands import PlayCard
from hearts.events import CardPlayed, TrickTaken
from hearts_support import dealt, given, play, playable, refused

# Seat 0 leads the two of clubs; seat 1 holds the other clubs and two hearts; seats 2 and 3
# hold no club: seat 2 diamonds and low spades, seat 3 the high spades (queen included) and
# five hearts.
LEADS = (
    "2C 3C 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D",
    "4C 5C 6C 7C 8C 9C TC JC QC KC AC 8H 9H",
)


def test_two_of_clubs_leads_the_first_trick() -> None:
    state = given(*dealt(*LEADS))
    assert SPEC.to_act(state) == (0,)
    assert playable(state, 0) == {"2C"}
    assert refused(state, 0, PlayCard(card="3C")) == "hearts/lead_lowest_club"
    assert refused(state, 0, PlayCard(card="2D")) == "hearts/lead_lowest_club"


def test_the_holder_of_the_two_of_clubs_after_the_pass_leads() -> None:
    state = given(*dealt("AH", "2C", players=4))
    assert state.current == 1
    assert playable(state, 1) == {"2C"}


def test_three_of_clubs_leads_the_first_trick_with_five_players() -> None:
    state = given(*dealt("AS KS", "3C", players=5), players=5)
    assert state.current == 1
    assert playable(state, 1) == {"3C"}


def test_players_must_follow_suit_if_able() -> None:
    state, _ = play(given(*dealt(*LEADS)), "2C")
    assert playable(state, 1) == set(LEADS[1].split()[:11])
    assert refused(state, 1, PlayCard(card="8H")) == "hearts/must_follow_suit"


def test_a_card_not_in_hand_is_refused() -> None:
    state = given(*dealt(*LEADS))
    assert refused(state, 0, PlayCard(card="AS")) == "hearts/card_not_in_hand"


def test_the_highest_card_of_the_suit_led_takes_the_trick_and_leads_next() -> None:
    state, events = play(given(*dealt(*LEADS)), "2C", "4C", "7D", "AS")
    taken = events[-1]
    assert taken == TrickTaken(seat=1, trick=1, cards=("2C", "4C", "7D", "AS"), points=0)
    assert state.current == 1 and state.trick == ()


def test_play_goes_clockwise_to_the_next_seat() -> None:
    _, events = play(given(*dealt(*LEADS)), "2C")
    assert events == [CardPlayed(seat=0, card="2C", next_seat=1)]


def test_no_heart_or_queen_of_spades_on_the_first_trick() -> None:
    state, _ = play(given(*dealt(*LEADS)), "2C", "4C", "7D")
    # Seat 3 holds no club: it may discard a spade, but neither the queen nor a heart.
    assert "QS" not in playable(state, 3) and not {"TH", "AH"} & playable(state, 3)
    assert refused(state, 3, PlayCard(card="QS")) == "hearts/no_points_on_first_trick"
    assert refused(state, 3, PlayCard(card="AH")) == "hearts/no_points_on_first_trick"


def test_a_hand_of_only_hearts_and_the_queen_may_discard_them_on_the_first_trick() -> None:
    only_points = "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    state, _ = play(given(*dealt("2C", only_points)), "2C")
    assert playable(state, 1) == set(only_points.split())
    _, events = play(state, "QS")
    assert events[0].card == "QS"


def test_the_jack_of_diamonds_may_be_discarded_on_the_first_trick() -> None:
    state, _ = play(given(*dealt(*LEADS), jack_of_diamonds=True), "2C", "4C")
    assert "JD" in playable(state, 2)


def test_points_on_first_trick_option_allows_hearts_and_the_queen() -> None:
    state, _ = play(given(*dealt(*LEADS), points_on_first_trick=True), "2C", "4C", "7D")
    assert {"QS", "AH"} <= playable(state, 3)
    _, events = play(state, "QS")
    assert events[-1].points == 13


def test_hearts_cannot_be_led_before_broken() -> None:
    state, _ = play(given(*dealt(*LEADS)), "2C", "4C", "7D", "AS")
    assert state.current == 1 and not state.hearts_broken
    assert playable(state, 1) == set(LEADS[1].split()[1:11])
    assert refused(state, 1, PlayCard(card="8H")) == "hearts/hearts_not_broken"


def test_a_heart_discarded_breaks_hearts_for_the_next_lead() -> None:
    state, events = play(given(*dealt(*LEADS)), "2C", "4C", "7D", "AS", "5C", "8D", "TH", "3C")
    assert [e.breaks_hearts for e in events if isinstance(e, CardPlayed)][6] is True
    assert state.hearts_broken and state.current == 1
    assert "8H" in playable(state, 1)


def test_a_leader_holding_only_hearts_may_lead_them_before_broken() -> None:
    hearts = "4C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    clubs = "2C 5C 6C 7C 8C 9C TC JC QC KC AC AH AS"
    state, _ = play(given(*dealt(clubs, hearts)), "2C", "4C", "3C", "2S")
    assert state.current == 1 and not state.hearts_broken
    assert playable(state, 1) == set(hearts.split()[1:])
    _, events = play(state, "2H")
    assert events[0].breaks_hearts


def test_the_queen_of_spades_does_not_break_hearts_by_default() -> None:
    state, _ = play(given(*dealt(*LEADS)), "2C", "4C", "7D", "AS", "5C", "8D", "QS", "3C")
    assert not state.hearts_broken
    assert "8H" not in playable(state, 1)


def test_queen_breaks_hearts_option() -> None:
    state, _ = play(
        given(*dealt(*LEADS), queen_breaks_hearts=True),
        *("2C", "4C", "7D", "AS", "5C", "8D", "QS", "3C"),
    )
    assert state.hearts_broken
    assert "8H" in playable(state, 1)
