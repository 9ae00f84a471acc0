"""Wall tiling (coloured wall): scoring placed tiles, the lid, floor penalties."""

from __future__ import annotations

import pytest

from domain.azul.commands import FLOOR, TakeTiles
from domain.azul.data import FLOOR_PENALTIES, MARKER
from domain.azul.events import FloorScored, LineTiled, TilingStarted
from domain.azul.state import Line
from tests.domain.azul.helpers import (
    floor_tiles,
    given,
    of_type,
    pattern_line,
    round_with,
    then_state,
    tweak,
    wall_tile,
    when,
)

LAST_RED = round_with(("red",))
"""One red tile left: seat 0 taking it ends the factory offer."""


def tile_last_red_on_top_line(*setup):
    state = given(LAST_RED, *setup)
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=0))
    return state, events


def red_points(events) -> int:
    (tiled,) = [e for e in of_type(events, LineTiled) if e.seat == 0]
    assert (tiled.line, tiled.column, tiled.colour) == (0, 2, "red")
    return tiled.points


def test_the_last_take_ends_drafting_and_tiles_the_walls_in_the_same_decision():
    _, events = tile_last_red_on_top_line()
    assert isinstance(events[1], TilingStarted)
    assert of_type(events, LineTiled)


def test_a_tile_placed_alone_scores_one_point():
    assert red_points(tile_last_red_on_top_line()[1]) == 1


def test_a_tile_scores_its_horizontal_run():
    events = tile_last_red_on_top_line(wall_tile(0, 0, 0, "blue"), wall_tile(0, 0, 1, "yellow"))[1]
    assert red_points(events) == 3


def test_a_tile_scores_its_vertical_run():
    events = tile_last_red_on_top_line(wall_tile(0, 1, 2, "yellow"), wall_tile(0, 2, 2, "blue"))[1]
    assert red_points(events) == 3


def test_a_tile_with_both_runs_scores_both_counting_itself_twice():
    events = tile_last_red_on_top_line(
        wall_tile(0, 0, 3, "black"), wall_tile(0, 0, 4, "white"), wall_tile(0, 1, 2, "yellow")
    )[1]
    assert red_points(events) == 3 + 2


def test_a_gap_breaks_a_run():
    events = tile_last_red_on_top_line(wall_tile(0, 0, 0, "blue"), wall_tile(0, 2, 2, "blue"))[1]
    assert red_points(events) == 1


def test_lines_are_tiled_top_to_bottom_so_a_lower_tile_sees_the_upper_one():
    state, events = tile_last_red_on_top_line(pattern_line(0, 1, "yellow", 2))
    tiled = [e for e in of_type(events, LineTiled) if e.seat == 0]
    assert [(e.line, e.column, e.points) for e in tiled] == [(0, 2, 1), (1, 2, 2)]
    assert then_state(state, events).boards[0].score == 3


def test_the_rest_of_a_tiled_line_goes_to_the_lid_and_incomplete_lines_stay():
    state = given(round_with(("red", "red", "red")), pattern_line(0, 3, "blue", 2))
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=2))
    (tiled,) = of_type(events, LineTiled)
    assert tiled.to_lid == 2
    after = then_state(state, events[:3])
    assert after.lid == (0, 0, 2, 0, 0)
    assert after.boards[0].lines[2] == Line()
    assert after.boards[0].lines[3] == Line("blue", 2)


@pytest.mark.parametrize("pieces", range(1, 8))
def test_floor_penalties_are_one_one_two_two_two_three_three(pieces):
    state = given(LAST_RED, floor_tiles(1, ("black",) * pieces))
    state = tweak(state, boards=tuple(tweak(b, score=20) for b in state.boards))
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=0))
    floor = next(e for e in of_type(events, FloorScored) if e.seat == 1)
    assert floor.penalty == [1, 2, 4, 6, 8, 11, 14][pieces - 1]
    assert floor.score == 20 - floor.penalty
    assert floor.to_lid == (0, 0, 0, pieces, 0)
    assert FLOOR_PENALTIES == (1, 1, 2, 2, 2, 3, 3)


def test_the_first_player_marker_counts_on_the_floor_but_does_not_go_to_the_lid():
    state = given(LAST_RED, floor_tiles(1, (MARKER, "black")))
    state = tweak(state, boards=tuple(tweak(b, score=5) for b in state.boards))
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=0))
    floor = next(e for e in of_type(events, FloorScored) if e.seat == 1)
    assert (floor.penalty, floor.score, floor.to_lid) == (2, 3, (0, 0, 0, 1, 0))


def test_a_score_never_drops_below_zero():
    state = given(LAST_RED, floor_tiles(1, ("black",) * 3))
    state = tweak(state, boards=tuple(tweak(b, score=1) for b in state.boards))
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=0))
    floor = next(e for e in of_type(events, FloorScored) if e.seat == 1)
    assert (floor.penalty, floor.score) == (4, 0)
    assert then_state(state, events).boards[1].score == 0


def test_floor_lines_are_emptied_after_tiling():
    state = given(LAST_RED, floor_tiles(1, ("black",) * 3))
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=FLOOR))
    after = then_state(state, events)
    assert all(board.floor == () for board in after.boards)
