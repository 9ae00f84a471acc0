"""The component data: 75 rooms, stacks, corridor pieces, prices, favors, bonus cards."""

from collections import Counter

from domain._kernel import Rng
from domain.castles import SPEC, data
from domain.castles.events import GameSetUp
from domain.castles.rules.setup import draw_favors


def test_there_are_75_rooms_by_type():
    rooms = [p for p in data.PIECES.values() if p.is_room]
    assert len(rooms) == 75
    assert Counter(p.type for p in rooms) == {
        "living": 14,
        "activity": 12,
        "outdoor": 11,
        "downstairs": 10,
        "food": 9,
        "utility": 9,
        "sleeping": 8,
        "corridor": 2,
    }


def test_small_sizes_have_nine_rooms_and_large_sizes_six_of_three_types_each():
    for size in data.SIZES:
        rooms = data.ROOMS_BY_SIZE[size]
        assert len(rooms) == (9 if size <= 300 else 6)
        assert len({data.PIECES[r].type for r in rooms}) == 3


def test_sizes_and_shapes_agree():
    shapes = {
        100: "small_square",
        150: "small_circle",
        200: "small_rectangle",
        250: "medium_rectangle",
        300: "L_shape",
        350: "long_rectangle",
        400: "square",
        450: "large_rectangle",
        500: "large_circle",
        600: "octagon",
    }
    for p in data.PIECES.values():
        if p.is_room:
            assert shapes[p.size] == p.shape
            if p.shape not in ("small_circle", "large_circle"):
                assert 25 * len(p.rotations[0].cells) == p.size


def test_corridor_pieces_are_foyer_stairs_and_two_hallway_faces():
    assert data.PIECES[data.FOYER].size == 125
    assert data.PIECES[data.STAIRS].size == 75
    assert data.PIECES[data.HALLWAY].size == 150
    assert data.PIECES[data.DARK_HALLWAY].floor == data.DOWN
    assert all(data.PIECES[p].type == "corridor" for p in (0, 76, 77, 78))


def test_centre_symbols_by_type():
    for p in data.PIECES.values():
        if not p.is_room:
            continue
        if p.type == "activity":
            assert p.bonus_kind == "adjacent_penalty" and p.bonus_points < 0
        elif p.type == "downstairs":
            assert p.bonus_kind == "per_room_in_castle" and p.bonus_points > 0
        else:
            assert p.bonus_kind in ("connected", "none")
        assert set(p.bonus_types) <= set(data.TYPES)


def test_downstairs_rooms_are_on_the_downstairs_floor():
    for p in data.PIECES.values():
        if p.is_room:
            assert p.floor == (data.DOWN if p.type == "downstairs" else data.UP)


def test_24_favors_and_27_bonus_cards():
    assert len(data.FAVORS) == 24
    assert len(data.BONUS_CARDS) == 27
    assert sorted(data.FAVORS) == list(range(24))
    assert sorted(data.BONUS_CARDS) == list(range(27))


def test_room_cards_are_11_per_player_from_50():
    assert len(data.room_cards()) == 50
    assert [data.room_cards_used(n) for n in (2, 3, 4)] == [22, 33, 44]


def test_price_slots_by_player_count():
    assert data.prices(4) == (1000, 2000, 4000, 6000, 8000, 10000, 15000)
    assert data.prices(3) == (2000, 4000, 6000, 8000, 10000, 15000)
    assert data.prices(2) == (4000, 6000, 8000, 10000, 15000)
    assert data.prices(1) == (2000, 4000, 6000)


def _setup(n: int) -> GameSetUp:
    return SPEC.start(SPEC.new_setup(n), Rng("inventory", 0))[0]


def test_stacks_stairs_and_hallways_by_player_count():
    for n, small, large, stairs, hallways in (
        (1, 7, 5, 5, 7),
        (2, 5, 4, 4, 5),
        (3, 7, 5, 5, 7),
        (4, 9, 6, 6, 9),
    ):
        setup = _setup(n)
        for size, stack in zip(data.SIZES, setup.stacks, strict=True):
            assert len(stack) == (small if size <= 300 else large)
            assert all(data.PIECES[r].size == size for r in stack)
        assert (setup.stairs, setup.hallways) == (stairs, hallways)
        assert len(setup.deck) == data.room_cards_used(n)


def test_favors_one_per_player_none_solo():
    assert [len(_setup(n).favors) for n in (1, 2, 3, 4)] == [0, 2, 3, 4]


def test_completed_and_incomplete_favors_never_together():
    for i in range(400):
        favors = draw_favors(4, Rng("favors", i))
        assert len(favors) == 4 and len(set(favors)) == 4
        assert not {18, 19} <= set(favors)
