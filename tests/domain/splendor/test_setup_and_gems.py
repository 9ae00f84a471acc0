"""Set-up and the two ways of taking gems."""

from __future__ import annotations

import msgspec
import pytest

from domain._kernel import DomainError, Rng, start
from domain.splendor.commands import SplendorCommand, TakeGems
from domain.splendor.events import GameSetUp, GemsTaken, ReturnRequired, TurnEnded

from .support import SPEC, gems, given, refused, set_up, turn, when


@pytest.mark.parametrize(("players", "per_colour"), [(2, 4), (3, 5), (4, 7)])
def test_set_up_gives_gems_by_player_count_five_gold_and_players_plus_one_nobles(
    players: int, per_colour: int
) -> None:
    state, events = start(SPEC, SPEC.new_setup(players), "seed")
    assert state.supply == (per_colour,) * 5 + (5,)
    assert len(state.nobles) == players + 1
    assert [len(row) for row in state.board] == [4, 4, 4]
    assert [len(deck) for deck in state.decks] == [36, 26, 16]
    assert all(None not in row for row in state.board)
    assert SPEC.to_act(state) == (0,)
    (setup_event,) = events
    assert isinstance(setup_event, GameSetUp)


def test_decks_are_shuffled_by_the_seed() -> None:
    first = SPEC.start(SPEC.new_setup(2), Rng("a", 0))
    again = SPEC.start(SPEC.new_setup(2), Rng("a", 0))
    other = SPEC.start(SPEC.new_setup(2), Rng("b", 0))
    assert first == again
    assert first[0].decks != other[0].decks


def test_five_players_is_refused() -> None:
    with pytest.raises(DomainError) as error:
        SPEC.new_setup(5)
    assert error.value.code == "player_count"


def test_take_three_different_colours() -> None:
    state = given(set_up())
    events = when(state, 0, TakeGems(white=1, green=1, black=1))
    assert events == (
        GemsTaken(seat=0, gems=(1, 0, 1, 0, 1)),
        TurnEnded(seat=0, next_seat=1, final_round=False),
    )
    after = given(set_up(), *events)
    assert after.supply == (3, 4, 3, 4, 3, 5)
    assert after.seats[0].tokens == (1, 0, 1, 0, 1, 0)
    assert SPEC.to_act(after) == (1,)


def test_taking_fewer_than_three_is_refused_while_three_colours_remain() -> None:
    state = given(set_up())
    assert refused(state, 0, TakeGems(white=1, green=1)) == "splendor/take_three_different"
    assert refused(state, 0, TakeGems(red=1)) == "splendor/take_three_different"
    assert TakeGems(white=1, green=1) not in SPEC.legal_commands(state, 0)


def test_take_two_of_a_colour_needs_four_in_the_supply_before_taking() -> None:
    state = given(set_up())
    assert when(state, 0, TakeGems(blue=2))[0] == GemsTaken(seat=0, gems=(0, 2, 0, 0, 0))
    fewer = given(set_up(), gems(1, blue=1))
    assert fewer.supply[1] == 3
    assert refused(fewer, 0, TakeGems(blue=2)) == "splendor/take_two_needs_four"
    assert TakeGems(blue=2) not in SPEC.legal_commands(fewer, 0)


def test_two_alike_is_the_whole_take() -> None:
    state = given(set_up())
    assert refused(state, 0, TakeGems(blue=2, red=1)) == "splendor/two_of_one_colour_only"
    assert refused(state, 0, TakeGems(blue=3)) == "splendor/too_many_gems"
    assert refused(state, 0, TakeGems(white=1, blue=1, red=1, black=1)) == "splendor/too_many_gems"
    assert refused(state, 0, TakeGems()) == "splendor/take_nothing"
    assert refused(state, 0, TakeGems(white=-1, blue=1, red=1)) == "splendor/negative_amount"


def test_gold_is_never_taken_directly() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"type":"splendor.take_gems","gold":1}', type=SplendorCommand)
    # Even with gold the only thing left in the supply, no take is offered.
    state = given(set_up(), gems(1, white=4, blue=4, green=4), gems(0, red=4, black=4))
    assert state.supply == (0, 0, 0, 0, 0, 5)
    assert not [c for c in SPEC.legal_commands(state, 0) if isinstance(c, TakeGems)]
    assert refused(state, 0, TakeGems(red=1)) == "splendor/colour_exhausted"


def test_legal_takes_are_accepted_as_listed() -> None:
    state = given(set_up(), gems(0, white=1), turn(0))
    for command in SPEC.legal_commands(state, 1):
        if isinstance(command, TakeGems):
            events = when(state, 1, command)
            assert not isinstance(events[-1], ReturnRequired)
