"""Round set-up (refills), the next starter, the end of the game, bonuses and ranking."""

from __future__ import annotations

from domain._kernel import Rng
from domain.azul import SPEC
from domain.azul.commands import CENTRE, FLOOR, TakeTiles
from domain.azul.data import COLOURS
from domain.azul.events import (
    BagRefilled,
    BonusesScored,
    FactoriesFilled,
    FloorScored,
    GameEnded,
    TilesTaken,
)
from domain.azul.state import counts_of
from tests.domain.azul.helpers import (
    given,
    of_type,
    round_with,
    then_state,
    tweak,
    wall_tile,
    when,
)

LAST_RED = round_with(("red",))


def end_round(state, seat=0):
    return when(state, seat, TakeTiles(factory=0, colour="red", line=FLOOR))


def drawn(event: FactoriesFilled) -> tuple[int, ...]:
    return counts_of([t for f in event.factories for t in f])


def test_the_game_starts_with_four_tiles_on_each_factory_and_seat_zero_to_play():
    for players, factories in ((2, 5), (3, 7), (4, 9)):
        (filled,) = SPEC.start(SPEC.new_setup(players), Rng("s", 0))
        assert len(filled.factories) == factories
        assert all(len(f) == 4 for f in filled.factories)
        state = given(filled, players=players)
        assert sum(state.bag) == 100 - 4 * factories
        assert SPEC.to_act(state) == (0,)


def test_a_new_round_refills_the_factories_from_the_bag():
    state = given(LAST_RED)
    bag_before = state.bag
    events = end_round(state)
    (filled,) = of_type(events, FactoriesFilled)
    assert not of_type(events, BagRefilled)
    assert filled.round == 2 and all(len(f) == 4 for f in filled.factories)
    after = then_state(state, events)
    assert sum(after.bag) == sum(bag_before) - 20
    assert after.phase == "drafting"


def test_an_empty_bag_is_refilled_from_the_lid_after_the_bag_is_drawn_empty():
    state = tweak(given(LAST_RED), bag=(1, 1, 1, 0, 0), lid=(10, 10, 0, 10, 0))
    events = end_round(state)
    (refill,) = of_type(events, BagRefilled)
    assert refill.tiles == (10, 10, 1, 10, 0)  # the floor's red reached the lid first
    (filled,) = of_type(events, FactoriesFilled)
    assert events.index(refill) < events.index(filled)
    counts = drawn(filled)
    assert sum(counts) == 20
    assert counts[COLOURS.index("red")] >= 1 and min(counts[:3]) >= 1
    after = then_state(state, events)
    assert sum(after.bag) + sum(after.lid) == 3 + 31 - 20


def test_a_round_starts_with_partly_filled_factories_when_bag_and_lid_run_out():
    state = tweak(given(LAST_RED), bag=(2, 1, 0, 0, 0), lid=(0, 0, 0, 2, 0))
    events = end_round(state)
    (filled,) = of_type(events, FactoriesFilled)
    assert [len(f) for f in filled.factories] == [4, 2, 0, 0, 0]
    after = then_state(state, events)
    assert after.bag == (0,) * 5 and after.lid == (0,) * 5
    assert SPEC.legal_commands(after, 0)


def test_the_marker_holder_starts_the_next_round():
    state = given(round_with(("blue", "red")), players=3)
    state = then_state(state, when(state, 0, TakeTiles(factory=0, colour="blue", line=0)))
    events = when(state, 1, TakeTiles(factory=CENTRE, colour="red", line=0))
    assert of_type(events, TilesTaken)[0].took_marker
    (filled,) = of_type(events, FactoriesFilled)
    assert filled.starter == 1
    after = then_state(state, events)
    assert SPEC.to_act(after) == (1,) and after.marker_in_centre


def test_the_starter_keeps_the_lead_when_nobody_took_the_marker():
    state = given(round_with(("red",), starter=1), players=3)
    events = when(state, 1, TakeTiles(factory=0, colour="red", line=0))
    (filled,) = of_type(events, FactoriesFilled)
    assert filled.starter == 1


FOUR_OF_TOP_ROW = (
    wall_tile(0, 0, 0, "blue"),
    wall_tile(0, 0, 1, "yellow"),
    wall_tile(0, 0, 3, "black"),
    wall_tile(0, 0, 4, "white"),
)


def test_the_game_ends_after_the_tiling_phase_in_which_a_row_is_completed():
    state = given(LAST_RED, *FOUR_OF_TOP_ROW)
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=0))
    assert not of_type(events, FactoriesFilled)
    assert isinstance(events[-1], GameEnded) and events[-1].reason == "row_complete"
    assert events.index(of_type(events, FloorScored)[-1]) < events.index(events[-1])
    after = then_state(state, events)
    assert SPEC.to_act(after) == ()
    assert SPEC.result(after) is not None


def test_a_row_completed_on_the_floor_side_does_not_end_a_round_early():
    state = given(round_with(("red",), ("blue",)), *FOUR_OF_TOP_ROW)
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=0))
    assert not of_type(events, GameEnded)
    assert SPEC.result(then_state(state, events)) is None


def test_end_bonuses_are_two_per_row_seven_per_column_ten_per_colour():
    # Row 0 complete once red lands; column 0 complete; all five blue on the diagonal.
    wall = (
        *FOUR_OF_TOP_ROW,
        wall_tile(0, 1, 0, "white"),
        wall_tile(0, 2, 0, "black"),
        wall_tile(0, 3, 0, "red"),
        wall_tile(0, 4, 0, "yellow"),
        wall_tile(0, 1, 1, "blue"),
        wall_tile(0, 2, 2, "blue"),
        wall_tile(0, 3, 3, "blue"),
        wall_tile(0, 4, 4, "blue"),
    )
    state = given(LAST_RED, *wall)
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=0))
    bonus = {e.seat: e for e in of_type(events, BonusesScored)}
    assert (bonus[0].rows, bonus[0].columns, bonus[0].colours) == (1, 1, 1)
    assert bonus[0].points == 2 + 7 + 10
    assert bonus[1].points == 0
    after = then_state(state, events)
    tiled = after.boards[0].score - bonus[0].points
    assert tiled == 5  # red completes a row of five and has nothing below it


def finished(scores, rows_per_seat):
    """A finished 3-player game with these scores and complete rows."""
    state = given(LAST_RED, players=3)
    boards = []
    for board, score, rows in zip(state.boards, scores, rows_per_seat, strict=True):
        full = tuple(tuple(COLOURS) for _ in range(rows)) + ((None,) * 5,) * (5 - rows)
        boards.append(tweak(board, score=score, wall=full))
    return then_state(tweak(state, boards=tuple(boards)), [GameEnded(reason="row_complete")])


def test_the_highest_score_wins():
    ranking = SPEC.result(finished((30, 41, 12), (1, 1, 1))).ranking
    assert [(s.seat, s.place) for s in ranking] == [(1, 1), (0, 2), (2, 3)]


def test_a_tied_score_is_broken_by_complete_rows():
    ranking = SPEC.result(finished((40, 40, 12), (1, 2, 1))).ranking
    assert [(s.seat, s.place, s.tiebreak) for s in ranking][:2] == [(1, 1, (2,)), (0, 2, (1,))]


def test_players_tied_on_score_and_rows_share_the_win():
    result = SPEC.result(finished((40, 40, 12), (2, 2, 1)))
    assert [(s.seat, s.place) for s in result.ranking] == [(0, 1), (1, 1), (2, 3)]
    assert "shared" in result.summary


def test_the_game_ends_when_no_tile_is_left_to_start_a_round():
    state = tweak(given(LAST_RED), bag=(0,) * 5, lid=(0,) * 5)
    events = when(state, 0, TakeTiles(factory=0, colour="red", line=0))
    assert events[-1] == GameEnded(reason="no_tiles")
