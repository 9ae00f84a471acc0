"""Features completed during play score at once and give their followers back."""

from domain.carcassonne import SPEC
from domain.carcassonne.commands import PlaceTile
from domain.carcassonne.events import FeatureScored, TileDrawn

from .support import BLUE, RED, Given, completed, when


def test_three_tile_city_with_a_shield_scores_eight():
    state = Given().tile("F", 0, -1, 1, (RED, "city0")).drawn("E", seat=RED)
    events = when(state, RED, PlaceTile(x=0, y=-2, rotation=2))
    [city] = completed(events)
    assert (city.kind, city.tiles, city.shields) == ("city", 3, 1)
    assert city.points == (8, 0)
    assert city.returned == (1, 0)


def test_four_tile_city_without_shield_scores_eight():
    state = (
        Given(start=("N", 0, 0, 2))
        .tile("N", 1, 0, 3, (RED, "city0"))
        .tile("N", 0, 1, 1)
        .drawn("N", seat=BLUE)
    )
    [city] = completed(when(state, BLUE, PlaceTile(x=1, y=1, rotation=0)))
    assert city.points == (8, 0)


def test_a_tile_counts_once_even_with_two_parts_of_the_same_city():
    # The I tile's two city caps end up in one city that runs round the corner.
    state = (
        Given(start=("I", 0, 0, 0))
        .tile("N", 0, -1, 3, (RED, "city0"))
        .tile("N", -1, -1, 2)
        .drawn("N", seat=BLUE)
    )
    [city] = completed(when(state, BLUE, PlaceTile(x=-1, y=0, rotation=1)))
    assert city.tiles == 4
    assert city.points == (8, 0)


def test_joining_two_occupied_cities_scores_ten_for_both_owners():
    state = (
        Given(start=("E", -2, 0, 1))
        .tile("G", -1, 0, 0, (RED, "city0"))
        .tile("G", 1, 0, 0, (BLUE, "city0"))
        .tile("E", 2, 0, 3)
        .drawn("G", seat=RED)
    )
    [city] = completed(when(state, RED, PlaceTile(x=0, y=0, rotation=0)))
    assert city.tiles == 5
    assert city.points == (10, 10)
    assert city.returned == (1, 1)


def test_majority_of_followers_takes_the_feature_alone():
    state = (
        Given(start=("E", -2, 0, 1), players=3)
        .tile("G", -1, 0, 0, (RED, "city0"))
        .tile("G", 1, 0, 0, (BLUE, "city0"))
        .tile("G", 2, 0, 0, (BLUE, "city0"))
        .tile("E", 3, 0, 3)
        .drawn("G", seat=2)
    )
    [city] = completed(when(state, 2, PlaceTile(x=0, y=0, rotation=0)))
    assert city.points == (0, 12, 0)
    assert city.returned == (1, 2, 0)


def test_completed_road_scores_one_per_tile():
    state = Given(start=("W", -1, 0, 0)).tile("U", 0, 0, 0, (RED, "road0")).drawn("W")
    [road] = completed(when(state, RED, PlaceTile(x=1, y=0, rotation=0)))
    assert (road.kind, road.points) == ("road", (3, 0))


def test_completed_road_of_four_tiles_scores_four():
    state = (
        Given(start=("W", -1, 0, 0))
        .tile("U", 0, 0, 0, (RED, "road0"))
        .tile("U", 1, 0, 0)
        .drawn("W", seat=BLUE)
    )
    [road] = completed(when(state, BLUE, PlaceTile(x=2, y=0, rotation=0)))
    assert road.points == (4, 0)


def test_a_road_closing_into_a_loop_is_complete():
    state = (
        Given(start=("V", 0, 0, 3))
        .tile("V", 1, 0, 0, (BLUE, "road0"))
        .tile("V", 0, 1, 2)
        .drawn("V", seat=RED)
    )
    [road] = completed(when(state, RED, PlaceTile(x=1, y=1, rotation=1)))
    assert road.tiles == 4
    assert road.points == (0, 4)


def test_monastery_surrounded_by_eight_tiles_scores_nine():
    given = Given(start=("B", -1, -1, 0)).tile("B", 0, 0, 0, (RED, "monastery"))
    for x, y in [(0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1)]:
        given.tile("B", x, y)
    events = when(given.drawn("B", seat=BLUE), BLUE, PlaceTile(x=1, y=1, rotation=0))
    [monastery] = completed(events)
    assert (monastery.kind, monastery.tiles, monastery.points) == ("monastery", 9, (9, 0))
    assert monastery.returned == (1, 0)


def test_follower_placed_on_the_completing_tile_comes_back_the_same_turn():
    state = Given().tile("F", 0, -1, 1).drawn("E", seat=BLUE)
    events = when(state, BLUE, PlaceTile(x=0, y=-2, rotation=2, follower="city0"))
    [city] = completed(events)
    assert city.points == (0, 8)
    assert city.returned == (0, 1)
    for event in events:
        state = SPEC.evolve(state, event)
    assert state.supply == (7, 7)


def test_completed_feature_without_follower_is_recorded_with_no_points():
    state = Given().drawn("E", seat=RED)
    [city] = completed(when(state, RED, PlaceTile(x=0, y=-1, rotation=2)))
    assert city.points == (0, 0)
    assert city.tiles == 2


def test_scoring_comes_before_the_next_draw_for_the_next_seat():
    state = Given().tile("F", 0, -1, 1, (RED, "city0")).drawn("E", seat=RED)
    events = when(state, RED, PlaceTile(x=0, y=-2, rotation=2))
    kinds = [type(e) for e in events]
    assert kinds.index(FeatureScored) < kinds.index(TileDrawn)
    assert events[-1] == TileDrawn(seat=BLUE, tile="B")


def test_a_completed_two_tile_city_scores_four_third_edition():
    """RULES.md, "Interpretations": no first-edition special case, a 2-tile city scores 2
    per tile like any completed city."""
    state = Given(start=("D", 0, 0, 0)).drawn("E")
    events = when(state, RED, PlaceTile(x=0, y=-1, rotation=2, follower="city0"))
    (city,) = completed(events)
    assert city.tiles == 2 and city.points[RED] == 4
