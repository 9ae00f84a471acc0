"""End of game: last round, King's Favors with ties, exhausted stacks, bonus cards, marks,
tie-break on castle size."""

from msgspec.structs import replace

from domain.castles import SPEC, data
from domain.castles.commands import Pass
from domain.castles.events import GameEnded, RoundEnded
from domain.castles.rules.endgame import bonus_points, favor_metric, favor_points, final_scores
from domain.castles.state import Placed, Seat

from .helpers import at_buying, given, grow, of_type, setup_event, then_state, when


def test_the_game_ends_after_the_round_in_which_the_deck_ran_out():
    state = at_buying(2, last=True)
    state = then_state(state, when(state, 1, Pass()))
    out = when(state, 0, Pass())
    assert of_type(out, RoundEnded)
    ended = of_type(out, GameEnded)[0]
    state = then_state(state, out)
    assert state.phase == "over" and SPEC.to_act(state) == ()
    assert SPEC.result(state) is not None
    assert [f.seat for f in ended.final] == [0, 1]


def test_the_game_goes_on_while_the_deck_lasts():
    state = at_buying(2)
    state = then_state(state, when(state, 1, Pass()))
    out = when(state, 0, Pass())
    assert not of_type(out, GameEnded)
    assert then_state(state, out).phase == "pricing"


def test_favor_points_8_4_2_1():
    assert favor_points([4, 3, 2, 1]) == [8, 4, 2, 1]
    assert favor_points([1, 2, 3, 4]) == [1, 2, 4, 8]


def test_favor_ties_add_and_split_rounding_down():
    assert favor_points([5, 5, 3, 1]) == [6, 6, 2, 1]
    assert favor_points([4, 3, 3, 1]) == [8, 3, 3, 1]
    assert favor_points([2, 2, 2, 2]) == [3, 3, 3, 3]
    assert favor_points([3, 3, 3, 0]) == [4, 4, 4, 0]


def test_favors_need_at_least_one_qualifying_room():
    assert favor_points([0, 0, 1, 0]) == [0, 0, 8, 0]
    assert favor_points([0, 0, 0]) == [0, 0, 0]


def _seat(*pieces, money=0, hand=()):
    castle = (Placed(data.FOYER, 0, 0, 0), *(Placed(p, 0, 0, 0) for p in pieces))
    return Seat(money=money, castle=castle, hand=hand)


def test_favor_metrics():
    seat = _seat(4, 5, 64, data.STAIRS, money=23000)
    assert favor_metric(data.FAVORS[0], seat) == 2  # living rooms
    assert favor_metric(data.FAVORS[8], seat) == 200  # living square footage
    assert favor_metric(data.FAVORS[6], seat) == 1  # corridor: the stairs, not the foyer
    assert favor_metric(data.FAVORS[16], seat) == 23000
    assert favor_metric(data.FAVORS[20], seat) == 1  # round rooms: the Forum
    assert favor_metric(data.FAVORS[21], seat) == 2  # square rooms
    assert favor_metric(data.FAVORS[22], seat) == 2  # small rooms
    assert favor_metric(data.FAVORS[23], seat) == 1  # large rooms


def test_bonus_cards():
    seat = _seat(4, 5, 22, 64, 14, data.STAIRS, data.HALLWAY, money=34000)
    assert bonus_points(data.BONUS_CARDS[0], seat) == 4  # 2 per living
    assert bonus_points(data.BONUS_CARDS[2], seat) == 3  # 3 per sleeping
    assert bonus_points(data.BONUS_CARDS[8], seat) == 4  # 2 per 100 room
    assert bonus_points(data.BONUS_CARDS[16], seat) == 3  # 3 per 500 room
    assert bonus_points(data.BONUS_CARDS[18], seat) == 0  # not every size
    assert bonus_points(data.BONUS_CARDS[20], seat) == 1  # hallways
    assert bonus_points(data.BONUS_CARDS[23], seat) == 3  # per 10,000
    assert bonus_points(data.BONUS_CARDS[24], seat) == 2  # stairs
    assert bonus_points(data.BONUS_CARDS[26], seat) == 2  # round rooms: 150 and 500


def _final_state(**changes):
    state = given(setup_event(2))
    return replace(state, **changes)


def test_exhausted_stacks_score_2_per_tile_of_that_size_stairs_and_hallways_included():
    stacks = list(given(setup_event(2)).stacks)
    stacks[data.SIZES.index(100)] = ()
    state = _final_state(
        stacks=tuple(stacks),
        stairs=0,
        hallways=3,
        seats=(_seat(4, 5, data.STAIRS, data.HALLWAY), _seat(22)),
    )
    final = final_scores(state)
    lines = {x.reason: x.points for x in final[0].lines}
    assert lines["stack 100 exhausted: 2 tiles"] == 4
    assert lines["stairs exhausted: 1 tiles"] == 2
    assert not any("hallways" in r for r in lines)
    assert not any("exhausted" in x.reason for x in final[1].lines)


def test_marks_score_1_per_10000():
    state = _final_state(seats=(_seat(money=29999), _seat(money=9999)))
    final = final_scores(state)
    assert ("marks", 2) in [(x.reason, x.points) for x in final[0].lines]
    assert not any(x.reason == "marks" for x in final[1].lines)


def test_end_scoring_adds_favors_bonus_cards_and_marks_to_the_score():
    state = _final_state(
        favors=(0,),
        seats=(
            replace(_seat(4, 5, money=20000, hand=(0,)), score=10),
            replace(_seat(6, hand=(1,)), score=12),
        ),
    )
    final = final_scores(state)
    assert final[0].total == 10 + 8 + 4 + 2
    assert final[1].total == 12 + 4 + 0


def test_ties_go_to_the_larger_castle():
    state = at_buying(2, last=True, castles=grow(0, [(70, 0)]))
    state = then_state(state, when(state, 1, Pass()))
    out = when(state, 0, Pass())
    state = then_state(state, out)
    final = tuple(replace(f, total=50) for f in state.final)
    state = replace(state, final=final)
    result = SPEC.result(state)
    assert [s.seat for s in result.ranking] == [0, 1]
    assert result.ranking[0].place == 1 and result.ranking[1].place == 2
    assert result.ranking[0].tiebreak == (125 + 600,)


def test_bonus_hands_are_revealed_at_the_end():
    state = at_buying(2, last=True)
    assert SPEC.view(state, 0).seats[1].hand == ()
    state = then_state(state, when(state, 1, Pass()))
    state = then_state(state, when(state, 0, Pass()))
    assert SPEC.view(state, 0).seats[1].hand == state.seats[1].hand


def test_result_is_none_while_playing():
    assert SPEC.result(at_buying(2)) is None


def test_external_entrances_leave_out_corridor_pieces_and_joined_entrances():
    from domain.castles.rules.endgame import completed_rooms, external_entrances

    state = at_buying(2, castles=grow(1, [(1, 0), (data.HALLWAY, 0)]))
    seat = state.seats[1]
    # Buttery: two entrances, one joined to the foyer -> one external entrance (if open).
    assert external_entrances(seat) in (0, 1)
    assert completed_rooms(seat) in (0, 1)
    only_foyer = at_buying(2).seats[1]
    assert external_entrances(only_foyer) == 0, "the foyer is a corridor piece"


def test_completed_and_incomplete_room_favors():
    state = at_buying(2, castles=grow(1, [(7, 0), (1, 0)]))
    seat = state.seats[1]
    # Powder Room (one entrance, joined): complete; Buttery (one of two joined): incomplete.
    assert favor_metric(data.FAVORS[18], seat) == 1
    assert favor_metric(data.FAVORS[19], seat) == 1
