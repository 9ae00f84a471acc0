"""Placement scoring in the rules' order: printed points, own symbols, connected rooms'
symbols, activity penalties for adjacency, downstairs rooms' per-type points."""

from domain.castles import data
from domain.castles.events import PlacementScored
from domain.castles.rules.placement import candidates, castle_of

from .helpers import at_buying, buy, grow, joining, of_type, then_state


def _scored(events) -> PlacementScored:
    return of_type(events, PlacementScored)[0]


def test_printed_points_are_scored():
    state = at_buying(2, board=(4, 5, 6, 7, 8))
    p = joining(state, 1, 4, 0)[0]
    scored = _scored(buy(state, 1, 0, p))
    assert scored.total == 5
    assert [(x.reason, x.points) for x in scored.lines] == [("Lilac Cabinet: printed", 5)]
    after = then_state(state, buy(state, 1, 0, p))
    assert after.seats[1].score == 1 + 5


def test_new_rooms_centre_symbols_score_connected_matching_rooms():
    # Study: 4 points, +1 per connected living room. Lilac Cabinet (living) is in the castle.
    builds = grow(1, [(4, 0)])
    state = at_buying(2, board=(16, 5, 6, 7, 8), castles=builds)
    p = joining(state, 1, 16, 1)[0]
    scored = _scored(buy(state, 1, 0, p))
    assert ("Study: connected Lilac Cabinet", 1) in [(x.reason, x.points) for x in scored.lines]
    assert scored.total == 4 + 1


def test_connected_rooms_symbols_score_the_new_room():
    builds = grow(1, [(16, 0)])
    state = at_buying(2, board=(4, 5, 6, 7, 8), castles=builds)
    p = joining(state, 1, 4, 1)[0]
    scored = _scored(buy(state, 1, 0, p))
    assert ("Study: connected Lilac Cabinet", 1) in [(x.reason, x.points) for x in scored.lines]
    assert scored.total == 5 + 1


def test_symbols_count_each_connected_room_not_unconnected_ones():
    # Study joined only to the foyer (a corridor piece): no living room connected, no bonus.
    state = at_buying(2, board=(16, 5, 6, 7, 8))
    p = joining(state, 1, 16, 0)[0]
    assert _scored(buy(state, 1, 0, p)).total == 4


def _adjacent(state, seat, piece, neighbour, connected_to=None):
    placed = state.seats[seat].castle
    for p in candidates(castle_of(placed), piece):
        after = castle_of((*placed, p))
        index = len(placed)
        if neighbour in after.neighbours(index):
            return p
    raise AssertionError("no adjacent placement")


def test_activity_rooms_lose_points_for_adjacent_disliked_rooms():
    # Berchta Room (activity, -1 per adjacent living/sleeping) in the castle; a living room
    # placed next to it (wall contact, not connected) costs 1 point.
    builds = grow(1, [(10, 0)])
    state = at_buying(2, board=(4, 5, 6, 7, 8), castles=builds)
    p = _adjacent(state, 1, 4, 1)
    scored = _scored(buy(state, 1, 0, p))
    assert ("Berchta Room: next to Lilac Cabinet", -1) in [
        (x.reason, x.points) for x in scored.lines
    ]
    assert scored.total == 5 - 1


def test_a_new_activity_room_loses_points_for_its_disliked_neighbours():
    builds = grow(1, [(4, 0)])
    state = at_buying(2, board=(10, 5, 6, 7, 8), castles=builds)
    p = _adjacent(state, 1, 10, 1)
    scored = _scored(buy(state, 1, 0, p))
    assert ("Berchta Room: next to Lilac Cabinet", -1) in [
        (x.reason, x.points) for x in scored.lines
    ]


def test_corner_contact_is_not_adjacency():
    builds = grow(1, [(10, 0)])
    state = at_buying(2, board=(4, 5, 6, 7, 8), castles=builds)
    placed = state.seats[1].castle
    for p in candidates(castle_of(placed), 4):
        after = castle_of((*placed, p))
        if 1 not in after.neighbours(len(placed)):
            scored = _scored(buy(state, 1, 0, p))
            assert all("Berchta" not in x.reason for x in scored.lines)
            return
    raise AssertionError("every placement touches the Berchta Room")


def test_downstairs_rooms_score_per_matching_room_in_the_castle():
    # Crypt: 2 points, +1 per living room in the castle (Lilac Cabinet).
    builds = grow(1, [(4, 0), (data.STAIRS, 0)])
    state = at_buying(2, board=(31, 5, 6, 7, 8), castles=builds)
    p = joining(state, 1, 31, 2)[0]
    scored = _scored(buy(state, 1, 0, p))
    assert [(x.reason, x.points) for x in scored.lines] == [
        ("Crypt: printed", 2),
        ("Crypt: 1 x living", 1),
    ]


def test_downstairs_rooms_count_themselves():
    # Dungeon: 1 point, +2 per downstairs room, itself included.
    builds = grow(1, [(data.STAIRS, 0)])
    state = at_buying(2, board=(59, 5, 6, 7, 8), castles=builds)
    p = joining(state, 1, 59, 1)[0]
    scored = _scored(buy(state, 1, 0, p))
    assert ("Dungeon: 1 x downstairs", 2) in [(x.reason, x.points) for x in scored.lines]


def test_downstairs_rooms_score_for_rooms_placed_later():
    builds = grow(1, [(data.STAIRS, 0), (31, 1)])
    state = at_buying(2, board=(5, 4, 6, 7, 8), castles=builds)
    p = joining(state, 1, 5, 0)[0]
    scored = _scored(buy(state, 1, 0, p))
    assert ("Crypt: Focus Room", 1) in [(x.reason, x.points) for x in scored.lines]
    assert scored.total == 5 + 1
