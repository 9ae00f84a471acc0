"""The components: 72 land tiles in 24 types, 12 river tiles, segments consistent with edges;
the draw piles they make."""

import json
from collections import Counter
from pathlib import Path

import pytest

from domain._kernel import Rng
from domain.carcassonne import SPEC
from domain.carcassonne.data import BASE_CODES, RIVER_CODES, SPRING, START_TILE, TILES
from domain.carcassonne.state import CarcassonneOptions

EXPECTED_COUNTS = dict(
    A=2, B=4, C=1, D=4, E=5, F=2, G=1, H=3, I=2, J=3, K=3, L=3,
    M=2, N=3, O=2, P=3, Q=1, R=3, S=2, T=1, U=8, V=9, W=4, X=1,
)  # fmt: skip


def test_base_game_has_72_tiles_in_24_types_counting_the_start_tile():
    assert {code: TILES[code].count for code in BASE_CODES} == EXPECTED_COUNTS
    assert len(BASE_CODES) == 24
    assert sum(TILES[code].count for code in BASE_CODES) == 72


def test_river_has_12_tiles_spring_and_lake_included():
    assert len(RIVER_CODES) == 12
    assert sum(TILES[code].count for code in RIVER_CODES) == 12
    assert TILES["RA"].rotations[0].river == (1,)
    assert TILES["RL"].rotations[0].river == (3,)


def test_every_side_is_covered_by_the_segments_its_edge_type_implies():
    for tile in TILES.values():
        for shape in tile.rotations:
            for side, edge in enumerate(shape.edges):
                halves = shape.half_segment[2 * side : 2 * side + 2]
                if edge in "CR":
                    assert shape.segments[shape.side_segment[side]].kind == (
                        "city" if edge == "C" else "road"
                    ), tile.code
                else:
                    assert shape.side_segment[side] == -1, tile.code
                assert (min(halves) >= 0) == (edge != "C"), (tile.code, side)
                assert (side in shape.river) == (edge == "W"), tile.code


def test_shield_tiles_are_the_published_ones():
    shields = {c for c in BASE_CODES if any(s.shield for s in TILES[c].rotations[0].segments)}
    assert shields == {"C", "F", "M", "O", "Q", "S"}


def test_symmetric_tiles_offer_only_their_distinct_rotations():
    assert TILES["B"].canonical == (0,)
    assert TILES["C"].canonical == (0,)
    assert TILES["X"].canonical == (0,)
    assert TILES["U"].canonical == (0, 1)
    assert TILES["H"].canonical == (0, 1)
    assert TILES["D"].canonical == (0, 1, 2, 3)


# The folder ``shared`` next to the repository (tests/domain/carcassonne/ is three levels down).
REFERENCE = Path(__file__).resolve().parents[3].parent / "shared" / "reference" / "carcassonne"


def _reference() -> dict:
    path = REFERENCE / "carcassonne_tiles.json"
    if not path.is_file():
        pytest.fail(
            f"the shared reference data is missing: expected {path} "
            "(shared/reference/carcassonne, in the folder next to the repository)"
        )
    return json.loads(path.read_text())


def test_tile_counts_match_the_shared_reference():
    """shared/reference/carcassonne: 72 land tiles (start tile included) and 12 river tiles."""
    reference = _reference()
    assert {t["code"]: t["count"] for t in reference["base_game"]} == {
        code: TILES[code].count for code in BASE_CODES
    }
    assert {t["code"]: t["count"] for t in reference["river"]} == {
        code: TILES[code].count for code in RIVER_CODES
    }


@pytest.mark.parametrize("river", [False, True])
def test_the_draw_pile_holds_71_land_tiles_with_or_without_the_river(river):
    """Without the river the start tile lies face up; with it the spring is placed instead and
    the start tile (same dark back as the river tiles) is set aside: 71 land tiles either way,
    after the 10 river tiles and the lake (RULES.md, "The River")."""
    setup = SPEC.new_setup(2, CarcassonneOptions(river=river))
    pile = SPEC.start(setup, Rng("inventory", 0))[0].tiles
    land = [code for code in pile if code in BASE_CODES]
    assert len(land) == 71
    assert Counter(land) == {code: TILES[code].count - (code == START_TILE) for code in BASE_CODES}
    assert len(pile) == (82 if river else 71)
    assert sorted(c for c in pile if c in RIVER_CODES) == (
        sorted(c for c in RIVER_CODES if c != SPRING) if river else []
    )
