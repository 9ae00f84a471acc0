"""The River: spring first, river tiles next in random order, lake last, no U-turn."""

import pytest

from domain._kernel import DomainError, Rng, decide, start
from domain.carcassonne import SPEC
from domain.carcassonne.commands import PlaceTile
from domain.carcassonne.data import BASE_CODES, RIVER_CODES, START_TILE, TILES
from domain.carcassonne.events import DeckShuffled, StartTilePlaced, TileDrawn
from domain.carcassonne.state import CarcassonneOptions

from .support import BLUE, RED, Given, when

MIDDLE = sorted(set(RIVER_CODES) - {"RA", "RL"})


def _refused(state, command) -> str:
    with pytest.raises(DomainError) as refused:
        when(state, RED, command)
    return refused.value.code


@pytest.mark.parametrize("seed", ["a", "b", "c", "d"])
def test_spring_starts_river_tiles_come_first_and_the_lake_last(seed):
    """Seed: "시작타일 대신 강이 시작되는 샘물타일을 놓고 시작" (start with the spring instead
    of the start tile); the 12 river tiles have the start tile's dark back ("시작타일과 같이
    뒷면이 검은색인 타일"), so the start tile is set aside: 71 land tiles follow the lake."""
    setup = SPEC.new_setup(2, CarcassonneOptions(river=True))
    events = SPEC.start(setup, Rng(seed, 0))
    shuffled, spring, drawn = events
    assert isinstance(shuffled, DeckShuffled)
    assert spring == StartTilePlaced(tile="RA")
    assert sorted(shuffled.tiles[:10]) == MIDDLE
    assert shuffled.tiles[10] == "RL"
    land = shuffled.tiles[11:]
    assert len(land) == 71
    expected = [c for c in BASE_CODES for _ in range(TILES[c].count)]
    expected.remove(START_TILE)
    assert sorted(land) == sorted(expected)
    assert land.count(START_TILE) == TILES[START_TILE].count - 1 == 3
    assert drawn == TileDrawn(seat=0, tile=shuffled.tiles[0])


def test_rules_version_1_games_keep_the_start_tile_among_the_land_tiles():
    """Games stored under rules version 1 shuffled the start tile into the 72 land tiles."""
    setup = SPEC.new_setup(2, CarcassonneOptions(river=True), rules_version="1")
    shuffled = SPEC.start(setup, Rng("a", 0))[0]
    land = shuffled.tiles[11:]
    assert len(land) == 72
    assert land.count(START_TILE) == 4


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


def test_no_immediate_u_turn_a_bend_may_not_follow_a_bend_the_same_way():
    """Seed: "강이 U턴 되지 않도록" (no U-turn); Hans im Glück: only immediate U-turns are
    forbidden (RULES.md, "The River"). Shape: right bend, right bend."""
    # Spring flows east; the curve at (1, 0) turns it south (a right turn).
    state = Given(start=("RA", 0, 0, 0), river=True).tile("RG", 1, 0, 0).drawn("RJ")
    assert _refused(state, PlaceTile(x=1, y=1, rotation=1)) == "carcassonne/river_u_turn"
    assert when(state, RED, PlaceTile(x=1, y=1, rotation=2))  # left turn: east
    assert {(c.x, c.y, c.rotation) for c in SPEC.legal_commands(state, RED)} == {(1, 1, 2)}


def test_bend_straight_bend_the_same_way_is_no_immediate_u_turn():
    """Shape: right bend, straight, right bend: allowed (not an immediate U-turn)."""
    state = (
        Given(start=("RA", 0, 0, 0), river=True).tile("RG", 1, 0, 0).tile("RD", 1, 1, 1).drawn("RJ")
    )
    assert when(state, RED, PlaceTile(x=1, y=2, rotation=1))  # right turn: west
    assert when(state, RED, PlaceTile(x=1, y=2, rotation=2))  # left turn: east
    assert {(c.x, c.y, c.rotation) for c in SPEC.legal_commands(state, RED)} == {
        (1, 2, 1),
        (1, 2, 2),
    }


def test_bend_bend_the_other_way_is_allowed():
    """Shape: right bend, left bend (a staircase)."""
    state = Given(start=("RA", 0, 0, 0), river=True).tile("RG", 1, 0, 0).drawn("RJ")
    assert when(state, RED, PlaceTile(x=1, y=1, rotation=2))


def test_rules_version_1_games_keep_forbidding_bend_straight_bend_the_same_way():
    """Rules version 1 read "no U-turn" as: no two bends the same way in a row, straights in
    between not counting. Games stored under it keep that reading."""
    state = (
        Given(start=("RA", 0, 0, 0), river=True, rules_version="1")
        .tile("RG", 1, 0, 0)
        .tile("RD", 1, 1, 1)
        .drawn("RJ")
    )
    assert _refused(state, PlaceTile(x=1, y=2, rotation=1)) == "carcassonne/river_u_turn"
    assert when(state, RED, PlaceTile(x=1, y=2, rotation=2))


# A river that ran into itself (seed r12 of a random game): right bend, straight, right bend,
# straight, right bend brings the river back west, against the first bend's city edge.
SPIRAL = (
    ("RK", 1, 0, 0),
    ("RH", 2, 0, 0),
    ("RE", 3, 0, 1),
    ("RF", 3, -1, 1),
    ("RI", 3, -2, 3),
    ("RC", 4, -2, 0),
    ("RG", 5, -2, 0),
    ("RD", 5, -1, 1),
)


def test_a_river_that_runs_into_itself_is_left_open_and_the_land_tiles_follow():
    """Without the stricter reading the river can run into itself; the tiles that cannot
    continue it fit nowhere and are removed, as any unplaceable tile (RULES.md, "The River"),
    the lake too, and play goes on with the land tiles."""
    given = Given(start=("RA", 0, 0, 0), river=True)
    for code, x, y, rotation in SPIRAL:
        given = given.tile(code, x, y, rotation)
    state = given.drawn("RJ", rest=("RB", "RL", "B"))
    events = when(state, RED, PlaceTile(x=5, y=0, rotation=1))  # right bend: west
    assert [type(e).__name__ for e in events] == [
        "TilePlaced",
        "TileDiscarded",
        "TileDiscarded",
        "TileDrawn",
    ]
    assert [e.tile for e in events[1:]] == ["RB", "RL", "B"]
    for event in events:
        state = SPEC.evolve(state, event)
    assert state.river_open is not None  # the river stays open: nothing can continue it
    assert SPEC.legal_commands(state, BLUE)  # the land tiles are placed as usual


def test_every_river_game_goes_on_after_the_river_over_many_seeds():
    """200 random river phases: the river is finished with the lake, or (when it ran into
    itself) its remaining tiles are removed; either way the land tiles follow."""
    finished = stuck = 0
    for index in range(200):
        seed = f"river-{index}"
        state, _ = start(SPEC, SPEC.new_setup(2, CarcassonneOptions(river=True)), seed)
        step = 0
        while state.current in RIVER_CODES:
            seat = SPEC.to_act(state)[0]
            command = Rng(seed, step, "bot").choice(SPEC.legal_commands(state, seat))
            for event in decide(SPEC, state, seat, command, Rng(seed, step)):
                state = SPEC.evolve(state, event)
            step += 1
        assert state.current in BASE_CODES
        assert not any(code in RIVER_CODES for code in state.deck)
        if state.river_open is None:
            finished += 1
        else:
            stuck += 1
            assert "RL" in state.discarded
    assert finished + stuck == 200
    assert finished > stuck


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
