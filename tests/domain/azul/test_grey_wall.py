"""Grey-wall variant: players choose each tile's column during a tiling phase."""

from __future__ import annotations

import pytest

from domain._kernel import DomainError
from domain.azul import SPEC
from domain.azul.commands import PlaceTile, TakeTiles
from domain.azul.events import (
    FactoriesFilled,
    FloorScored,
    LineDropped,
    LineTiled,
    TilingStarted,
)
from tests.domain.azul.helpers import (
    given,
    of_type,
    pattern_line,
    round_with,
    then_state,
    wall_tile,
    when,
)


def grey(*events, players=2):
    return given(round_with(("red",), players=players), *events, players=players, grey_wall=True)


def end_drafting(state, line=0):
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=line))
    return then_state(state, events), events


def refused(state, seat, command, code):
    assert command not in SPEC.legal_commands(state, seat)
    with pytest.raises(DomainError) as error:
        when(state, seat, command)
    assert error.value.code == code


def test_grey_wall_tiling_waits_for_the_players_column_choice():
    state, events = end_drafting(grey())
    assert isinstance(events[-1], TilingStarted)
    assert state.phase == "tiling"
    assert SPEC.to_act(state) == (0,)
    assert SPEC.legal_commands(state, 0) == [PlaceTile(line=0, column=c) for c in range(5)]
    assert SPEC.legal_commands(state, 1) == []


def test_grey_wall_tile_goes_to_the_chosen_column_and_scores_there():
    state, _ = end_drafting(grey(wall_tile(0, 0, 4, "blue")))
    events = when(state, 0, PlaceTile(line=0, column=3))
    (tiled,) = of_type(events, LineTiled)
    assert (tiled.column, tiled.colour, tiled.points) == (3, "red", 2)
    after = then_state(state, events)
    assert after.boards[0].wall[0][3] == "red"
    assert of_type(events, FloorScored) and of_type(events, FactoriesFilled)
    assert after.phase == "drafting"


def test_grey_wall_never_repeats_a_colour_in_a_column():
    state, _ = end_drafting(grey(wall_tile(0, 3, 1, "red"), wall_tile(0, 4, 4, "red")))
    assert SPEC.legal_commands(state, 0) == [PlaceTile(line=0, column=c) for c in (0, 2, 3)]
    refused(state, 0, PlaceTile(line=0, column=1), "azul/colour_already_in_column")


def test_grey_wall_refuses_an_occupied_space_and_unknown_columns():
    state, _ = end_drafting(grey(wall_tile(0, 0, 2, "blue")))
    refused(state, 0, PlaceTile(line=0, column=2), "azul/wall_space_taken")
    refused(state, 0, PlaceTile(line=0, column=5), "azul/no_such_column")
    refused(state, 0, PlaceTile(line=0, column=-1), "azul/no_such_column")


def test_grey_wall_lines_are_placed_top_to_bottom():
    state, _ = end_drafting(grey(pattern_line(0, 1, "blue", 2)))
    assert {c.line for c in SPEC.legal_commands(state, 0)} == {0}
    refused(state, 0, PlaceTile(line=1, column=0), "azul/not_topmost_line")
    state = then_state(state, when(state, 0, PlaceTile(line=0, column=0)))
    assert SPEC.legal_commands(state, 0) == [PlaceTile(line=1, column=c) for c in range(5)]


def test_grey_wall_seats_choose_in_any_order():
    state, _ = end_drafting(
        grey(pattern_line(1, 2, "blue", 3), pattern_line(2, 0, "black", 1), players=3)
    )
    assert SPEC.to_act(state) == (0, 1, 2)
    state = then_state(state, when(state, 2, PlaceTile(line=0, column=4)))
    assert SPEC.to_act(state) == (0, 1)
    state = then_state(state, when(state, 0, PlaceTile(line=0, column=1)))
    assert SPEC.to_act(state) == (1,)
    events = when(state, 1, PlaceTile(line=2, column=0))
    assert len(of_type(events, FloorScored)) == 3
    assert of_type(events, FactoriesFilled)


def test_grey_wall_a_line_whose_colour_fits_no_column_goes_to_the_floor():
    # Red already sits in every column still free on row 1 of seat 1.
    blocked = (
        wall_tile(1, 1, 0, "blue"),
        wall_tile(1, 1, 1, "yellow"),
        wall_tile(1, 1, 2, "black"),
        wall_tile(1, 0, 3, "red"),
        wall_tile(1, 2, 4, "red"),
        pattern_line(1, 1, "red", 2),
    )
    state, events = end_drafting(grey(*blocked, pattern_line(0, 2, "blue", 3)))
    (dropped,) = of_type(events, LineDropped)
    assert (dropped.seat, dropped.line, dropped.to_floor, dropped.to_lid) == (
        1,
        1,
        ("red", "red"),
        0,
    )
    assert SPEC.to_act(state) == (0,)
    state = then_state(state, when(state, 0, PlaceTile(line=0, column=0)))
    assert SPEC.to_act(state) == (0,)
    events = when(state, 0, PlaceTile(line=2, column=1))
    floor = next(e for e in of_type(events, FloorScored) if e.seat == 1)
    assert floor.penalty == 2


def test_grey_wall_with_no_choice_left_the_round_moves_on_at_once():
    state = grey()
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=-1))
    assert isinstance(events[1], TilingStarted)
    assert of_type(events, FactoriesFilled)


def test_grey_wall_placing_tiles_is_refused_while_drafting_and_on_the_coloured_wall():
    state = grey()
    with pytest.raises(DomainError) as error:
        when(state, 0, PlaceTile(line=0, column=0))
    assert error.value.code == "azul/not_tiling"
    tiling, _ = end_drafting(grey())
    with pytest.raises(DomainError) as error:
        when(tiling, 0, TakeTiles(factory=0, colour="red", line=0))
    assert error.value.code == "azul/not_drafting"


def test_grey_wall_still_refuses_a_colour_already_on_the_wall_row():
    state = grey(wall_tile(0, 0, 4, "red"))
    refused(state, 0, TakeTiles(factory=0, colour="red", line=0), "azul/colour_already_on_wall_row")


def test_grey_wall_a_placement_can_block_a_lower_line_which_then_drops():
    # Red free only in column 0 of row 1; placing the top red line there blocks it.
    setup = (
        wall_tile(0, 1, 1, "blue"),
        wall_tile(0, 1, 2, "yellow"),
        wall_tile(0, 1, 3, "black"),
        wall_tile(0, 1, 4, "white"),
        pattern_line(0, 1, "red", 2),
    )
    state, _ = end_drafting(grey(*setup))
    assert [c.column for c in SPEC.legal_commands(state, 0)] == [0, 1, 2, 3, 4]
    events = when(state, 0, PlaceTile(line=0, column=0))
    (dropped,) = of_type(events, LineDropped)
    assert (dropped.line, dropped.to_floor) == (1, ("red", "red"))
    (floor,) = [e for e in of_type(events, FloorScored) if e.seat == 0]
    assert floor.penalty == 2
