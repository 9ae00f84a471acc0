"""After the last tile: incomplete features score their reduced value, then farms."""

from domain.carcassonne import SPEC
from domain.carcassonne.commands import PlaceTile
from domain.carcassonne.events import FarmScored, FeatureScored, GameEnded

from .support import BLACK, BLUE, GREEN, RED, YELLOW, Given, farms, final, points, when


def _end(state, seat=RED, x=0, y=0, rotation=0):
    events = when(state, seat, PlaceTile(x=x, y=y, rotation=rotation))
    assert isinstance(events[-1], GameEnded)
    return events


def test_incomplete_road_scores_one_per_tile():
    state = Given(start=("W", -1, 0, 0)).tile("U", 0, 0, 0, (RED, "road0")).drawn("U", rest=())
    [road] = final(_end(state, x=1))
    assert (road.kind, road.complete, road.points) == ("road", False, (3, 0))
    assert road.returned == (0, 0)


def test_incomplete_monastery_scores_one_plus_one_per_neighbour():
    state = (
        Given(start=("B", -1, 0, 0), players=3)
        .tile("B", 0, 0, 0, (YELLOW, "monastery"))
        .tile("B", 1, 0)
        .tile("B", 0, 1)
        .drawn("B", rest=())
    )
    [monastery] = final(_end(state, y=-1))
    assert monastery.points == (0, 0, 5)


def test_incomplete_city_scores_one_per_tile_and_one_per_shield():
    state = (
        Given(start=("E", -1, 0, 1))
        .tile("F", 0, 0, 0, (BLUE, "city0"))
        .tile("G", 1, 0, 0)
        .tile("F", 2, 0, 0)
        .tile("G", 3, 0, 0)
        .drawn("G", rest=())
    )
    [city] = final(_end(state, x=4))
    assert (city.tiles, city.shields, city.points) == (6, 2, (0, 8))


def test_fewer_knights_in_an_incomplete_city_score_nothing():
    state = (
        Given(start=("E", -1, 0, 1), players=5)
        .tile("G", 0, 0, 0, (GREEN, "city0"))
        .tile("G", 1, 0, 0, (BLACK, "city0"))
        .tile("G", 2, 0, 0, (GREEN, "city0"))
        .drawn("G", rest=())
    )
    [city] = final(_end(state, x=3))
    assert city.points == (0, 0, 0, 5, 0)
    assert city.points[BLACK] == 0


def _two_cities(big_farm: list[tuple[int, str, int, int]], top: int, players: int = 3) -> Given:
    """City A = caps at (0,-1)/(0,0), city B = caps at (0,1)/(0,2); the big farm is the field
    between them (tiles (0,0), (0,1) and monasteries beside), the top farm lies above A."""
    given = Given(start=("E", 0, 2, 0), players=players)
    by_tile: dict[tuple[int, int], list] = {}
    for seat, _, x, y in big_farm:
        by_tile.setdefault((x, y), []).append((seat, "field0"))
    given.tile("E", 0, 1, 2, *by_tile.pop((0, 1), []))
    given.tile("E", 0, 0, 0, *by_tile.pop((0, 0), []))
    given.tile("E", 0, -1, 2, (top, "field0"))
    for (x, y), followers in by_tile.items():
        given.tile("B", x, y, 0, *followers)
    return given


def test_farm_scores_three_per_completed_city_to_the_farmer_majority():
    # Big farm: red twice, yellow once; top farm: blue. Cities A and B are complete.
    given = _two_cities([(RED, "f", 0, 0), (RED, "f", 0, 1), (YELLOW, "f", 1, 0)], top=BLUE)
    events = _end(given.drawn("B", rest=()), y=3)
    scored = {e.feature: e for e in farms(events)}
    assert len(scored) == 2
    assert points(farms(events)) == (6, 3, 0)
    assert sorted(len(e.cities) for e in scored.values()) == [1, 2]


def test_tied_farmers_all_score_the_farm():
    given = _two_cities(
        [(RED, "f", 0, 0), (RED, "f", 0, 1), (YELLOW, "f", 1, 0), (YELLOW, "f", -1, 0)],
        top=BLUE,
    )
    events = _end(given.drawn("B", rest=()), y=3)
    assert points(farms(events)) == (6, 3, 6)


def test_incomplete_city_does_not_score_for_the_farm():
    given = _two_cities([(BLUE, "f", 0, 0)], top=RED, players=2)
    given.tile("E", -1, 0, 3)  # city C, left open to the west, borders the big farm
    events = _end(given.drawn("B", rest=()), y=3)
    assert points(farms(events)) == (3, 6)


def test_farm_bordering_three_completed_cities_scores_nine():
    given = _two_cities([(BLUE, "f", 0, 0)], top=RED, players=2)
    given.tile("E", -1, 0, 3).tile("E", -2, 0, 1)  # city C closed
    events = _end(given.drawn("B", rest=()), y=3)
    [big] = [e for e in farms(events) if e.points[BLUE]]
    assert big.points == (0, 9)
    assert len(big.cities) == 3


def test_a_city_counts_once_per_farm_however_many_tiles_border_it():
    # Farm runs round the west cap of city A, touching it on three tiles.
    given = (
        Given(start=("E", -1, 0, 1))
        .tile("G", 0, 0, 0, (RED, "field0"))
        .tile("E", 1, 0, 3)
        .tile("B", -1, -1)
        .tile("B", 0, -1)
        .tile("B", -1, 1)
        .tile("B", 0, 1)
    )
    events = _end(given.drawn("B", rest=()), x=2)
    [farm] = farms(events)
    assert len(farm.cities) == 1
    assert farm.points == (3, 0)


def test_no_farm_scoring_without_farmers_option():
    given = Given(farmers=False).tile("E", 0, -1, 2)
    events = _end(given.drawn("B", rest=()), x=1, y=-1)
    assert not [e for e in events if isinstance(e, FarmScored)]


def test_game_ends_after_the_last_tile_with_a_ranking():
    state = Given(start=("W", -1, 0, 0)).tile("U", 0, 0, 0, (RED, "road0")).drawn("U", rest=())
    events = _end(state, x=1)
    for event in events:
        state = SPEC.evolve(state, event)
    assert SPEC.to_act(state) == ()
    result = SPEC.result(state)
    assert result is not None
    assert [(s.seat, s.score, s.place) for s in result.ranking] == [(0, 3, 1), (1, 0, 2)]
    assert events[-1] == GameEnded(scores=(3, 0))
    assert all(isinstance(e, FeatureScored | FarmScored | GameEnded) for e in events[2:])
