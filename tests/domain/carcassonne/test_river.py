"""The River: spring first, river tiles next in random order, lake last, no U-turn."""

import pytest

from domain._kernel import DomainError, Rng
from domain.carcassonne import SPEC
from domain.carcassonne.commands import PlaceTile
from domain.carcassonne.data import BASE_CODES, RIVER_CODES, TILES
from domain.carcassonne.events import DeckShuffled, StartTilePlaced, TileDrawn
from domain.carcassonne.state import CarcassonneOptions

from .support import RED, Given, when

MIDDLE = sorted(set(RIVER_CODES) - {"RA", "RL"})


def _refused(state, command) -> str:
    with pytest.raises(DomainError) as refused:
        when(state, RED, command)
    return refused.value.code


@pytest.mark.parametrize("seed", ["a", "b", "c", "d"])
def test_spring_starts_river_tiles_come_first_and_the_lake_last(seed):
    setup = SPEC.new_setup(2, CarcassonneOptions(river=True))
    events = SPEC.start(setup, Rng(seed, 0))
    shuffled, spring, drawn = events
    assert isinstance(shuffled, DeckShuffled)
    assert spring == StartTilePlaced(tile="RA")
    assert sorted(shuffled.tiles[:10]) == MIDDLE
    assert shuffled.tiles[10] == "RL"
    land = shuffled.tiles[11:]
    assert sorted(land) == sorted(c for c in BASE_CODES for _ in range(TILES[c].count))
    assert drawn == TileDrawn(seat=0, tile=shuffled.tiles[0])


def test_river_order_depends_on_the_seed():
    setup = SPEC.new_setup(2, CarcassonneOptions(river=True))
    orders = {SPEC.start(setup, Rng(seed, 0))[0].tiles[:10] for seed in "abcdef"}
    assert len(orders) > 1


def test_without_river_the_start_tile_lies_on_the_table_and_71_are_drawn():
    events = SPEC.start(SPEC.new_setup(2), Rng("x", 0))
    assert events[1] == StartTilePlaced(tile="D")
    assert len(events[0].tiles) == 71
    assert events[0].tiles.count("D") == 3


def test_river_tile_must_continue_the_river():
    state = Given(start=("RA", 0, 0, 0), river=True).drawn("RD")
    assert when(state, RED, PlaceTile(x=1, y=0, rotation=0))
    elsewhere = PlaceTile(x=0, y=1, rotation=0)  # fields match but the river is not continued
    assert _refused(state, elsewhere) == "carcassonne/river_not_continued"
    across = PlaceTile(x=1, y=0, rotation=1)
    assert _refused(state, across) == "carcassonne/edge_mismatch"
    assert {(c.x, c.y, c.rotation) for c in SPEC.legal_commands(state, RED)} == {(1, 0, 0)}


def test_river_may_not_bend_the_same_way_twice_in_a_row():
    # Spring flows east; the curve at (1, 0) turns it south (a right turn).
    state = Given(start=("RA", 0, 0, 0), river=True).tile("RG", 1, 0, 0).drawn("RJ")
    assert _refused(state, PlaceTile(x=1, y=1, rotation=1)) == "carcassonne/river_u_turn"
    assert when(state, RED, PlaceTile(x=1, y=1, rotation=2))  # left turn: east
    assert {(c.x, c.y, c.rotation) for c in SPEC.legal_commands(state, RED)} == {(1, 1, 2)}


def test_a_straight_river_tile_between_two_bends_does_not_allow_a_u_turn():
    state = (
        Given(start=("RA", 0, 0, 0), river=True).tile("RG", 1, 0, 0).tile("RD", 1, 1, 1).drawn("RJ")
    )
    assert _refused(state, PlaceTile(x=1, y=2, rotation=1)) == "carcassonne/river_u_turn"
    assert when(state, RED, PlaceTile(x=1, y=2, rotation=2))


def test_the_lake_closes_the_river():
    state = Given(start=("RA", 0, 0, 0), river=True).drawn("RL")
    events = when(state, RED, PlaceTile(x=1, y=0, rotation=0))
    for event in events:
        state = SPEC.evolve(state, event)
    assert state.river_open is None


def test_followers_go_on_river_tiles_but_never_on_the_river():
    state = Given(start=("RA", 0, 0, 0), river=True).drawn("RK")
    followers = {c.follower for c in SPEC.legal_commands(state, RED)}
    assert followers == {None, "road0", "field0", "field1", "field2", "field3"}
    command = PlaceTile(x=1, y=0, rotation=0, follower="river0")
    assert _refused(state, command) == "carcassonne/unknown_segment"
