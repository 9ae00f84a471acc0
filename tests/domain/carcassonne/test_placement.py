"""Placing tiles and followers: what is accepted, what is refused and with which code."""

import pytest

from domain._kernel import DomainError
from domain.carcassonne import SPEC
from domain.carcassonne.commands import PlaceTile
from domain.carcassonne.events import FollowerPlaced, GameEnded, TileDiscarded, TileDrawn

from .support import BLUE, RED, Given, when


def _refused(state, seat, command) -> str:
    with pytest.raises(DomainError) as refused:
        when(state, seat, command)
    return refused.value.code


def test_touching_edges_must_match():
    state = Given().drawn("E")  # start tile D has its city to the north
    assert _refused(state, RED, PlaceTile(x=0, y=-1, rotation=0)) == "carcassonne/edge_mismatch"
    assert when(state, RED, PlaceTile(x=0, y=-1, rotation=2))


def test_tile_must_touch_the_board_on_an_empty_cell():
    state = Given().drawn("E")
    assert _refused(state, RED, PlaceTile(x=5, y=5, rotation=0)) == "carcassonne/not_adjacent"
    assert _refused(state, RED, PlaceTile(x=0, y=0, rotation=0)) == "carcassonne/cell_occupied"


def test_rotation_is_a_quarter_turn_count_from_0_to_3():
    state = Given().drawn("E")
    for rotation in (-1, 4):
        command = PlaceTile(x=0, y=-1, rotation=rotation)
        assert _refused(state, RED, command) == "carcassonne/invalid_rotation"


def test_a_rotation_that_looks_like_a_smaller_one_is_refused_and_not_listed():
    state = Given().drawn("U")  # straight road: half-turn symmetric
    assert when(state, RED, PlaceTile(x=0, y=1, rotation=0))
    command = PlaceTile(x=0, y=1, rotation=2)
    assert _refused(state, RED, command) == "carcassonne/redundant_rotation"
    assert {c.rotation for c in SPEC.legal_commands(state, RED)} <= {0, 1}


def test_legal_commands_list_every_fitting_placement_with_each_follower_choice():
    state = Given().drawn("E")
    legal = SPEC.legal_commands(state, RED)
    at_north = [c for c in legal if (c.x, c.y) == (0, -1)]
    assert at_north == [
        PlaceTile(x=0, y=-1, rotation=2),
        PlaceTile(x=0, y=-1, rotation=2, follower="city0"),
        PlaceTile(x=0, y=-1, rotation=2, follower="field0"),
    ]
    assert SPEC.legal_commands(state, BLUE) == []


def test_follower_may_not_join_an_occupied_feature():
    state = Given().tile("F", 0, -1, 1, (RED, "city0")).drawn("E", seat=BLUE)
    command = PlaceTile(x=0, y=-2, rotation=2, follower="city0")
    assert _refused(state, BLUE, command) == "carcassonne/feature_occupied"
    assert command not in SPEC.legal_commands(state, BLUE)
    assert PlaceTile(x=0, y=-2, rotation=2, follower="field0") in SPEC.legal_commands(state, BLUE)


def test_follower_allowed_on_a_separate_city_and_both_score_once_joined():
    given = Given(start=("B", 0, 1, 0))
    given.tile("E", -1, 0, 1, (RED, "city0")).tile("B", -1, 1).tile("B", 1, 1)
    state = given.drawn("E", seat=BLUE, rest=("G", "B"))
    blue_cap = PlaceTile(x=1, y=0, rotation=3, follower="city0")
    assert blue_cap in SPEC.legal_commands(state, BLUE)
    for event in when(state, BLUE, blue_cap):
        state = SPEC.evolve(state, event)
    joined = when(state, RED, PlaceTile(x=0, y=0, rotation=0))
    [city] = [e for e in joined if getattr(e, "kind", "") == "city"]
    assert city.points == (6, 6)
    assert city.returned == (1, 1)


def test_occupation_spreads_between_segments_joined_through_the_board():
    # A monastery-with-road west of the crossroads wraps one field round both west corners;
    # blue's farmer north-west makes both of the crossroads' west corner fields occupied.
    state = Given(start=("A", -1, 0, 3)).tile("U", 0, -1, 1, (BLUE, "field1")).drawn("X", seat=RED)
    followers = {c.follower for c in SPEC.legal_commands(state, RED) if (c.x, c.y) == (0, 0)}
    assert followers == {None, "road0", "road1", "road2", "road3", "field1", "field2"}
    command = PlaceTile(x=0, y=0, rotation=0, follower="field3")
    assert _refused(state, RED, command) == "carcassonne/feature_occupied"


def test_follower_must_name_a_segment_of_the_tile_and_never_the_river():
    state = Given().drawn("E")
    for name in ("city1", "road0", "river0", "monastery", ""):
        command = PlaceTile(x=0, y=-1, rotation=2, follower=name)
        assert _refused(state, RED, command) == "carcassonne/unknown_segment"


def test_no_follower_without_one_in_supply():
    given = Given()
    for x in range(7):
        given.tile("B", x, 1, 0, (RED, "monastery"))
    state = given.drawn("E")
    assert state.supply == (0, 7)
    assert all(c.follower is None for c in SPEC.legal_commands(state, RED))
    command = PlaceTile(x=0, y=-1, rotation=2, follower="city0")
    assert _refused(state, RED, command) == "carcassonne/no_follower_left"


def test_without_farmers_no_follower_goes_in_a_field():
    state = Given(farmers=False).drawn("E")
    assert all(c.follower != "field0" for c in SPEC.legal_commands(state, RED))
    command = PlaceTile(x=0, y=-1, rotation=2, follower="field0")
    assert _refused(state, RED, command) == "carcassonne/farmers_disabled"


def test_follower_placement_is_recorded_with_its_board_node():
    state = Given().drawn("E")
    events = when(state, RED, PlaceTile(x=0, y=-1, rotation=2, follower="city0"))
    [placed] = [e for e in events if isinstance(e, FollowerPlaced)]
    assert (placed.seat, placed.segment, placed.node) == (RED, "city0", 4)


def test_tile_that_fits_nowhere_is_removed_and_the_next_one_drawn():
    state = Given(start=("C", 0, 0, 0)).drawn("C", rest=("B", "E"))
    events = when(state, RED, PlaceTile(x=1, y=0, rotation=0))
    assert events[-2:] == (TileDiscarded(tile="B"), TileDrawn(seat=BLUE, tile="E"))


def test_removing_the_last_tile_ends_the_game():
    state = Given(start=("C", 0, 0, 0)).drawn("C", rest=("B",))
    events = when(state, RED, PlaceTile(x=1, y=0, rotation=0))
    assert TileDiscarded(tile="B") in events
    assert isinstance(events[-1], GameEnded)


def test_seat_not_to_act_is_refused():
    state = Given().drawn("E", seat=RED)
    with pytest.raises(DomainError) as refused:
        when(state, BLUE, PlaceTile(x=0, y=-1, rotation=2))
    assert refused.value.code == "not_your_turn"
