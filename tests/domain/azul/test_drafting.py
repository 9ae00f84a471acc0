"""Factory offer: taking tiles, pattern lines, the floor line and the first-player marker."""

from __future__ import annotations

import pytest

from domain._kernel import DomainError
from domain.azul import SPEC
from domain.azul.commands import CENTRE, FLOOR, TakeTiles
from domain.azul.data import MARKER
from domain.azul.events import TilesTaken
from domain.azul.state import Line
from tests.domain.azul.helpers import (
    floor_tiles,
    given,
    pattern_line,
    round_with,
    then_state,
    wall_tile,
    when,
)

SPARE = ("white", "white", "white", "white")
"""A factory left untouched so that drafting does not end inside the test."""


def refused(state, seat, command, code):
    assert command not in SPEC.legal_commands(state, seat)
    with pytest.raises(DomainError) as error:
        when(state, seat, command)
    assert error.value.code == code


def test_taking_from_a_factory_takes_all_of_one_colour_and_pushes_the_rest_to_the_centre():
    state = given(round_with(("blue", "blue", "red", "yellow"), SPARE))
    (event,) = when(state, 0, TakeTiles(factory=0, colour="blue", line=1))
    assert event.count == 2
    assert sorted(event.to_centre) == ["red", "yellow"]
    after = then_state(state, [event])
    assert after.factories[0] == ()
    assert after.centre == ("yellow", "red")
    assert after.boards[0].lines[1] == Line("blue", 2)
    assert after.current == 1


def test_first_taker_from_centre_takes_the_first_player_marker():
    state = given(
        round_with(("blue", "red", "red", "red"), ("white", "white", "black", "black"), SPARE)
    )
    state = then_state(state, when(state, 0, TakeTiles(factory=0, colour="red", line=2)))
    (first,) = when(state, 1, TakeTiles(factory=CENTRE, colour="blue", line=0))
    assert first.took_marker and first.to_floor == (MARKER,)
    state = then_state(state, [first])
    assert state.marker_holder == 1 and not state.marker_in_centre
    assert state.boards[1].floor == (MARKER,)
    state = then_state(state, when(state, 0, TakeTiles(factory=1, colour="white", line=3)))
    (second,) = when(state, 1, TakeTiles(factory=CENTRE, colour="black", line=FLOOR))
    assert not second.took_marker
    assert second.to_floor == ("black", "black")


def test_a_pattern_line_takes_only_tiles_of_its_colour():
    state = given(round_with(("red", "red", "red", "red"), SPARE), pattern_line(0, 3, "blue", 1))
    refused(
        state, 0, TakeTiles(factory=0, colour="red", line=3), "azul/pattern_line_colour_mismatch"
    )
    (event,) = when(state, 0, TakeTiles(factory=1, colour="white", line=FLOOR))
    assert event.to_line == 0


def test_a_colour_already_on_the_wall_row_is_refused_for_that_pattern_line():
    state = given(round_with(("red", "red", "yellow", "yellow"), SPARE), wall_tile(0, 2, 4, "red"))
    refused(state, 0, TakeTiles(factory=0, colour="red", line=2), "azul/colour_already_on_wall_row")
    assert TakeTiles(factory=0, colour="red", line=1) in SPEC.legal_commands(state, 0)


def test_a_full_pattern_line_takes_no_more_tiles():
    state = given(round_with(("red", "red", "red", "red"), SPARE), pattern_line(0, 0, "red", 1))
    refused(state, 0, TakeTiles(factory=0, colour="red", line=0), "azul/pattern_line_full")


def test_tiles_that_do_not_fit_the_pattern_line_fall_to_the_floor_line():
    state = given(round_with(("red", "red", "red", "blue"), SPARE))
    (event,) = when(state, 0, TakeTiles(factory=0, colour="red", line=1))
    assert (event.to_line, event.to_floor, event.to_lid) == (2, ("red",), 0)
    after = then_state(state, [event])
    assert after.boards[0].lines[1] == Line("red", 2)
    assert after.boards[0].floor == ("red",)


def test_a_player_may_put_every_taken_tile_on_the_floor_line():
    state = given(round_with(("red", "red", "red", "blue"), SPARE))
    (event,) = when(state, 0, TakeTiles(factory=0, colour="red", line=FLOOR))
    after = then_state(state, [event])
    assert after.boards[0].floor == ("red", "red", "red")
    assert all(line == Line() for line in after.boards[0].lines)


def test_tiles_beyond_the_seventh_floor_slot_go_to_the_lid():
    state = given(round_with(("red", "red", "red", "blue"), SPARE), floor_tiles(0, ("black",) * 5))
    (event,) = when(state, 0, TakeTiles(factory=0, colour="red", line=FLOOR))
    assert event.to_floor == ("red", "red") and event.to_lid == 1
    after = then_state(state, [event])
    assert len(after.boards[0].floor) == 7
    assert after.lid == (0, 0, 1, 0, 0)


def test_the_marker_takes_a_floor_slot_before_the_excess_tiles():
    state = given(
        round_with(SPARE, SPARE),
        floor_tiles(0, ("black",) * 5),
        TilesTaken(
            seat=1,
            factory=2,
            colour="blue",
            count=1,
            line=0,
            to_line=1,
            to_floor=(),
            to_lid=0,
            to_centre=("red", "red"),
            took_marker=False,
            next_seat=0,
        ),
    )
    (event,) = when(state, 0, TakeTiles(factory=CENTRE, colour="red", line=FLOOR))
    assert event.to_floor == (MARKER, "red") and event.to_lid == 1


def test_unknown_sources_colours_and_lines_are_refused():
    state = given(round_with(("red", "red", "red", "blue"), SPARE))
    refused(state, 0, TakeTiles(factory=9, colour="red", line=0), "azul/no_such_factory")
    refused(state, 0, TakeTiles(factory=-2, colour="red", line=0), "azul/no_such_factory")
    refused(state, 0, TakeTiles(factory=0, colour="pink", line=0), "azul/unknown_colour")
    refused(state, 0, TakeTiles(factory=0, colour="black", line=0), "azul/colour_not_in_source")
    refused(state, 0, TakeTiles(factory=CENTRE, colour="red", line=0), "azul/colour_not_in_source")
    refused(state, 0, TakeTiles(factory=0, colour="red", line=5), "azul/no_such_line")
    refused(state, 0, TakeTiles(factory=0, colour="red", line=-2), "azul/no_such_line")


def test_only_the_seat_in_turn_may_take():
    state = given(round_with(("red", "red", "red", "blue"), SPARE))
    assert SPEC.to_act(state) == (0,)
    assert SPEC.legal_commands(state, 1) == []
    with pytest.raises(DomainError) as error:
        when(state, 1, TakeTiles(factory=0, colour="red", line=0))
    assert error.value.code == "not_your_turn"
