"""Tile geometry: rotations, entrances, overlap, adjacency, fences, floors."""

import pytest

from domain.castles import data
from domain.castles.rules.placement import candidates, castle_of, check, lay
from domain.castles.state import Placed

from .helpers import castle


def _norm(raw: dict) -> dict:
    return {
        k: sorted(map(tuple, raw[k])) for k in ("cells", "corners", "walls", "doors", "fence")
    } | {"bbox": tuple(raw["bbox"])}


@pytest.mark.parametrize("raw", data.RAW_PIECES, ids=lambda r: f"{r['id']}-{r['name']}")
def test_every_rotation_of_every_shape(raw):
    piece = data.PIECES[raw["id"]]
    current = raw
    for rot in range(4):
        shape = piece.rotations[rot]
        w, h = raw["bbox"] if rot % 2 == 0 else raw["bbox"][::-1]
        assert (shape.width, shape.height) == (w, h)
        assert len(shape.cells) == len(raw["cells"])
        assert len(shape.doors) == len(raw["doors"])
        assert len(shape.walls) == len(raw["walls"])
        # Every cell lies inside the rotated bounding box.
        for c in shape.cells:
            y, x = divmod(c, data.K)
            assert 0 <= x < w and 0 <= y < h
        # Every door is a wall and lies just outside a cell of the tile's own.
        assert set(d.seg for d in shape.doors) <= set(shape.walls)
        used = set(shape.cells) | {c for c, _, _ in shape.corners}
        for d in shape.doors:
            assert d.outside not in used
        # The fence is wall too, and never an entrance.
        assert set(shape.fence) <= set(shape.walls)
        assert not set(shape.fence) & {d.seg for d in shape.doors}
        current = data._rotate(current)
    assert _norm(current) == _norm(raw), "four quarter turns give the printed tile back"


def test_rotation_turns_doors_clockwise():
    # Buttery: doors W (top-left cell) and E (bottom-right cell); a quarter turn -> N and S.
    shape = data.PIECES[1].rotations[1]
    assert sorted(d.rel[0] for d in shape.doors) == [0, 0]


def test_entrance_matching_joins_room_to_foyer():
    # Buttery's west door on the foyer's east door (segment v:3,1).
    c = castle()
    assert check(c, Placed(1, 3, 1, 0)) is None
    after = castle((1, 3, 1, 0))
    assert after.connections(1) == [0]


def test_room_must_join_an_entrance():
    c = castle()
    # Touching the foyer's east side but with the Buttery's walled side: x=3,y=0 puts its west
    # door on v:3,0 (a corner cell of the foyer, not an entrance).
    assert check(c, Placed(1, 3, -1, 0)) == "not_connected"
    assert check(c, Placed(1, 10, 10, 0)) == "not_connected"


def test_rooms_never_overlap():
    c = castle((1, 3, 1, 0))
    assert check(c, Placed(2, 3, 1, 0)) == "overlap"
    assert check(c, Placed(2, 2, 1, 0)) == "overlap"


def test_other_entrances_may_face_walls():
    # Lilac Cabinet (doors N, E, S, W) joined to the foyer by its west door: its other doors
    # face nothing; a Buttery then walls its east door.
    c = castle((4, 3, 1, 0))
    assert c.connections(1) == [0]
    placements = candidates(c, 1)
    assert placements


def test_adjacency_is_a_shared_wall_not_a_corner():
    # Two 2x2 rooms meeting at a corner point only are not neighbours.
    c = castle((1, 3, 1, 0), (4, 5, 3, 0))
    assert 2 not in c.neighbours(1)
    c2 = castle((1, 3, 1, 0), (4, 3, 3, 0))
    assert 2 in c2.neighbours(1)
    assert 1 in c2.neighbours(2)


def test_adjacency_includes_entrance_contact():
    c = castle((1, 3, 1, 0))
    assert 0 in c.neighbours(1)


def _outdoor_fence_cases():
    # Porch (250, outdoor): fence on its printed top, doors S at both ends.
    return data.PIECES[35]


def test_nothing_may_touch_an_outdoor_fence():
    porch = _outdoor_fence_cases()
    c = castle()
    # Find placements of the Porch joined to the foyer, then try to put a room on its fence.
    for p in candidates(c, 35):
        after = castle_of((*castle_of_foyer(), p))
        laid = after.laid[1]
        assert laid.fence
        for q in candidates(after, 1):
            assert not castle_of((*castle_of_foyer(), p, q)).laid[2].walls & laid.fence
    assert porch.type == "outdoor"


def castle_of_foyer():
    return (Placed(data.FOYER, 0, 0, 0),)


def test_an_outdoor_fence_may_touch_nothing():
    # Put a Buttery east of the foyer; every Porch placement keeps its fence off all walls.
    base = (Placed(data.FOYER, 0, 0, 0), Placed(1, 3, 1, 0))
    c = castle_of(base)
    placements = candidates(c, 35)
    assert placements
    for p in placements:
        after = castle_of((*base, p))
        fence = after.laid[2].fence
        for laid in after.laid[:2]:
            assert not fence & laid.walls


def test_fence_check_refuses_both_ways():
    base = (Placed(data.FOYER, 0, 0, 0), Placed(1, 3, 1, 0))
    c = castle_of(base)
    refused = []
    for rot in range(4):
        for x in range(-8, 9):
            for y in range(-8, 9):
                reason = check(c, Placed(35, x, y, rot))
                if reason == "fence":
                    refused.append((x, y, rot))
    assert refused, "some Porch placement touches a wall with its fence"


def test_downstairs_rooms_never_join_upstairs_entrances():
    c = castle()
    for p in candidates(c, 31):
        pytest.fail(f"a downstairs room joined the foyer: {p}")
    # Brute force: no position joins the Crypt to the foyer.
    for rot in range(4):
        for x in range(-8, 6):
            for y in range(-8, 6):
                assert check(c, Placed(31, x, y, rot)) in (
                    "floor_mismatch",
                    "not_connected",
                    "overlap",
                    "fence",
                )


def test_stairs_light_end_joins_upstairs_and_dark_end_takes_downstairs_rooms():
    c = castle()
    stairs = candidates(c, data.STAIRS)
    assert stairs
    for p in stairs:
        after = castle_of((*castle_of_foyer(), p))
        downstairs = candidates(after, 31)
        for q in downstairs:
            full = castle_of((*castle_of_foyer(), p, q))
            assert full.connections(2) == [1]
    assert any(candidates(castle_of((*castle_of_foyer(), p)), 31) for p in stairs), (
        "a downstairs room fits on some stairs' dark end"
    )


def test_stairs_never_join_stairs():
    c = castle()
    for p in candidates(c, data.STAIRS):
        after = castle_of((*castle_of_foyer(), p))
        for q in candidates(after, data.STAIRS):
            full = castle_of((*castle_of_foyer(), p, q))
            assert 1 not in full.connections(2)


def test_hallway_and_downstairs_hallway_never_join():
    c = castle()
    for p in candidates(c, data.HALLWAY):
        after = castle_of((*castle_of_foyer(), p))
        for q in candidates(after, data.DARK_HALLWAY):
            full = castle_of((*castle_of_foyer(), p, q))
            assert 1 not in full.connections(2)
    assert not candidates(c, data.DARK_HALLWAY), "a downstairs hallway never joins the foyer"


def test_castle_keeps_an_entrance_leading_outside():
    # Foyer + two one-door rooms on two of its entrances: one exit left (the third foyer door);
    # a third one-door room on it would close the castle, so it cannot be placed.
    base = castle_of_foyer()
    for p in candidates(castle_of(base), 7):
        one = (*base, p)
        for q in candidates(castle_of(one), 8):
            two = (*one, q)
            c = castle_of(two)
            if sum(c.open_doors(i) for i in range(3)) != 1:
                continue
            assert candidates(c, 9) == []
            reasons = {
                check(c, Placed(9, x, y, rot))
                for rot in range(4)
                for x in range(-5, 6)
                for y in range(-5, 6)
            }
            assert "no_exit" in reasons
            return
    pytest.fail("no castle with a single exit found")


def test_octagons_may_share_cut_corners_but_small_circles_may_not():
    # Two octagon rooms side by side diagonally: corner cells with opposite inner corners.
    a = Placed(70, 0, 0, 0)
    b = Placed(71, 6, 3, 0)  # its top-left corner cell (6,3) is a's bottom-right corner cell
    c = castle_of((a,))
    assert check(c, b) in ("not_connected", None)
    s = Placed(10, 6, 3, 0)  # small circle: corner depths add beyond the diagonal
    assert check(c, s) == "overlap"


def test_candidates_are_exactly_the_legal_placements():
    base = (Placed(data.FOYER, 0, 0, 0), Placed(1, 3, 1, 0), Placed(data.STAIRS, -3, 1, 0))
    c = castle_of(base)
    for piece in (16, 37, 31, 70, 35, data.HALLWAY, data.DARK_HALLWAY):
        brute = {
            (x, y, rot)
            for rot in range(4)
            for x in range(-12, 12)
            for y in range(-12, 12)
            if check(c, Placed(piece, x, y, rot)) is None
        }
        listed = {(p.x, p.y, p.rot) for p in candidates(c, piece)}
        assert listed == brute, piece


def test_an_entrance_may_face_a_wall_when_another_is_joined():
    # A castle from a random game: foyer, Great Hall, Train Room, stairs, West Tapestry Room,
    # Pumpkin Garden; a Larder fits with one entrance joined and the other against a wall.
    base = (
        Placed(data.FOYER, 0, 0, 0),
        Placed(48, -7, 0, 0),
        Placed(47, -6, 2, 3),
        Placed(data.STAIRS, -3, 2, 3),
        Placed(61, -5, -6, 1),
        Placed(55, -9, -6, 3),
    )
    c = castle_of(base)
    assert all(check(castle_of(base[:i]), base[i]) is None for i in range(1, len(base)))
    assert Placed(2, -7, -2, 3) in candidates(c, 2)
    found = 0
    for piece in (2,):
        for p in candidates(c, piece):
            after = castle_of((*base, p))
            laid = after.laid[-1]
            blocked = [
                seg
                for seg, outside, _ in laid.doors
                if len(after.doors.get(seg, ())) < 2 and after.occupied(outside)
            ]
            if blocked:
                assert check(c, p) is None
                assert not after.complete(len(base))
                found += 1
    assert found, "some legal placement leaves an entrance against a wall"


def test_stairs_are_placed_with_their_light_end_joined_upstairs():
    # Foyer -> stairs -> downstairs hallway: a second stairs joined only by its dark end to
    # the downstairs hallway is refused; every listed stairs placement joins its light end.
    base = list(castle_of_foyer())
    base.append(candidates(castle_of(tuple(base)), data.STAIRS)[0])
    base.append(candidates(castle_of(tuple(base)), data.DARK_HALLWAY)[0])
    c = castle_of(tuple(base))
    refused = set()
    for rot in range(4):
        for x in range(-12, 12):
            for y in range(-12, 12):
                if check(c, Placed(data.STAIRS, x, y, rot)) == "stairs_light_end":
                    refused.add((x, y, rot))
    assert refused, "a stairs hanging from the downstairs hallway by its dark end"
    for p in candidates(c, data.STAIRS):
        after = castle_of((*base, p))
        joined = [f for seg, _, f in after.laid[-1].doors if len(after.doors.get(seg, ())) == 2]
        assert data.UP in joined


def test_listed_placements_equal_a_brute_force_search_in_played_castles():
    from domain._kernel import playout
    from domain.castles import SPEC

    final, _ = playout(SPEC, SPEC.new_setup(2), "geometry-brute")
    pieces = (1, 10, 22, 31, 35, 37, 46, 54, 58, 64, 70, data.STAIRS, data.DARK_HALLWAY)
    for seat in final.seats:
        placed = seat.castle
        c = castle_of(placed)
        xs = [p.x for p in placed]
        ys = [p.y for p in placed]
        for piece in pieces:
            brute = {
                (x, y, rot)
                for rot in range(4)
                for x in range(min(xs) - 8, max(xs) + 9)
                for y in range(min(ys) - 8, max(ys) + 9)
                if check(c, Placed(piece, x, y, rot)) is None
            }
            assert {(p.x, p.y, p.rot) for p in candidates(c, piece)} == brute, piece


def test_a_placed_outdoor_fence_refuses_any_wall_on_it():
    base = castle_of_foyer()
    porch = candidates(castle_of(base), 35)[0]
    c = castle_of((*base, porch))
    fence = c.laid[1].fence
    touching = []
    for piece in (1, 4, 22, data.HALLWAY):
        for rot in range(4):
            for x in range(-10, 11):
                for y in range(-10, 11):
                    p = Placed(piece, x, y, rot)
                    if lay(p).walls & fence and not (
                        lay(p).cells & (c.laid[1].cells | c.laid[0].cells)
                    ):
                        touching.append(p)
                        assert check(c, p) == "fence", p
    assert touching
