"""Inventory of the transcribed component facts."""

from __future__ import annotations

from domain.azul import SPEC
from domain.azul.data import (
    COLOUR_BONUS,
    COLOURS,
    COLUMN_BONUS,
    FACTORIES_BY_PLAYERS,
    FLOOR_PENALTIES,
    FLOOR_SLOTS,
    LINE_CAPACITIES,
    ROW_BONUS,
    TILES_PER_COLOUR,
    TILES_PER_FACTORY,
    WALL_COLUMN,
    WALL_PATTERN,
)
from domain.azul.state import initial_state


def test_one_hundred_tiles_twenty_of_each_of_five_colours_start_in_the_bag():
    assert len(COLOURS) == len(set(COLOURS)) == 5
    assert TILES_PER_COLOUR == 20
    state = initial_state(SPEC.new_setup(2))
    assert state.bag == (20,) * 5 and sum(state.bag) == 100


def test_five_seven_nine_factories_of_four_tiles_for_two_three_four_players():
    assert FACTORIES_BY_PLAYERS == {2: 5, 3: 7, 4: 9}
    assert TILES_PER_FACTORY == 4
    assert (SPEC.min_players, SPEC.max_players) == (2, 4)


def test_the_wall_pattern_is_a_latin_square_shifting_one_column_per_row():
    assert all(sorted(row) == sorted(COLOURS) for row in WALL_PATTERN)
    assert all(sorted(col) == sorted(COLOURS) for col in zip(*WALL_PATTERN, strict=True))
    for r, row in enumerate(WALL_PATTERN):
        for c, colour in enumerate(row):
            assert colour == COLOURS[(c - r) % 5]
            assert WALL_COLUMN[r][colour] == c


def test_pattern_lines_floor_penalties_and_bonuses():
    assert LINE_CAPACITIES == (1, 2, 3, 4, 5)
    assert FLOOR_PENALTIES == (1, 1, 2, 2, 2, 3, 3) and FLOOR_SLOTS == 7
    assert (ROW_BONUS, COLUMN_BONUS, COLOUR_BONUS) == (2, 7, 10)
