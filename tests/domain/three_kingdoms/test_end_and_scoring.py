"""End conditions and every scoring line, including the border table and tie-breaks."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.three_kingdoms import SPEC
from domain.three_kingdoms.events import GameEnded, RoundStarted
from domain.three_kingdoms.rules.scoring import border_points, rank_points, score_cards
from domain.three_kingdoms.state import Occupation

from .support import SHU, WEI, WU, bidding, new_game, of_type, pass_all, with_player


def end_of_round(state):
    return pass_all(bidding(state))


def test_the_game_ends_after_round_12():
    state, events = end_of_round(replace(new_game(), round=12))
    assert of_type(events, GameEnded)[0].reason == "last_round"
    assert not of_type(events, RoundStarted)  # no upkeep after the last round
    assert SPEC.to_act(state) == () and SPEC.result(state) is not None


def test_the_game_goes_on_before_round_12():
    state, events = end_of_round(replace(new_game(), round=11))
    assert not of_type(events, GameEnded) and state.round == 12


def test_the_game_ends_when_a_kingdom_has_farm_and_market_at_level_5():
    state = with_player(new_game(), WU, farm_level=5, market_level=5)
    _, events = end_of_round(state)
    assert of_type(events, GameEnded)[0].reason == "development"
    state = with_player(new_game(), WU, farm_level=5, market_level=4)
    _, events = end_of_round(state)
    assert not of_type(events, GameEnded)


def test_the_game_ends_when_a_kingdom_becomes_emperor():
    _, events = end_of_round(with_player(new_game(), SHU, office=5))
    assert of_type(events, GameEnded)[0].reason == "emperor"


def test_the_game_ends_when_a_kingdom_places_its_fifth_general_on_the_borders():
    five = ("xu_chu", "cao_ren", "jia_xu", "xiahou_yuan", "zhang_liao")
    _, events = end_of_round(with_player(new_game(), WEI, occupying=five[:4]))
    assert not of_type(events, GameEnded)
    _, events = end_of_round(with_player(new_game(), WEI, occupying=five))
    assert of_type(events, GameEnded)[0].reason == "fifth_general"


@pytest.mark.parametrize(
    ("results", "points"),
    [
        (["w", "w"], 5),
        (["w", "d"], 3),
        (["d", "w"], 3),
        (["w", "l"], 2),
        (["d", "d"], 2),
        (["d", "l"], 1),
        (["l", "l"], 0),
    ],
)
def test_border_score_table(results, points):
    assert border_points(results, (5, 3, 2, 1, 0)) == points


def test_rank_table_sole_and_shared_places():
    table = (5, 3, 2, 1, 0)
    assert [rank_points([9, 5, 1], s, table) for s in range(3)] == [5, 2, 0]
    assert [rank_points([9, 9, 1], s, table) for s in range(3)] == [3, 3, 0]
    assert [rank_points([9, 5, 5], s, table) for s in range(3)] == [5, 1, 1]
    assert [rank_points([4, 4, 4], s, table) for s in range(3)] == [3, 3, 3]


def occ(border, region, seat, general):
    return Occupation(
        border=border, region=region, seat=seat, general=general, units=1, weapon="horse"
    )


def scored_state():
    state = new_game()
    state = replace(
        state,
        occupations=(
            occ("wei_shu", 0, WEI, "xu_chu"),
            occ("wei_shu", 4, WEI, "cao_ren"),
            occ("wei_shu", 1, SHU, "guan_yu"),
            occ("wei_wu", 3, WU, "gan_ning"),
        ),
        han_holder=SHU,
    )
    state = with_player(
        state,
        WEI,
        military=7,
        farm_level=3,
        market_level=2,
        tribe=9,
        support=1,
        office=2,
        granary_borders=(1,),
        treasury_borders=(1, 0),
        deficits=2,
        built=("imperial_tomb",),
        rice=3,
        gold=4,
    )
    state = with_player(
        state,
        WU,
        military=4,
        farm_level=2,
        market_level=2,
        tribe=12,
        support=0,
        office=2,
        deficits=0,
        built=("irrigation",),
        rice=1,
        gold=1,
    )
    state = with_player(
        state,
        SHU,
        military=2,
        farm_level=1,
        market_level=1,
        tribe=8,
        support=5,
        office=3,
        treasury_borders=(0,),
        deficits=1,
        built=(),
        rice=0,
        gold=0,
    )
    return state


def test_each_scoring_line():
    wei, wu, shu = score_cards(scored_state())
    assert (wei.military, wu.military, shu.military) == (7, 4, 2)
    # Wei: wins Wei-Shu (2 vs 1), loses Wei-Wu (0 vs 1) -> 2; Wu: wins Wei-Wu, draws Wu-Shu -> 3;
    # Shu: loses Wei-Shu, draws Wu-Shu -> 1.
    assert (wei.borders, wu.borders, shu.borders) == (2, 3, 1)
    assert (wei.border_tokens, wu.border_tokens, shu.border_tokens) == (2, 0, 0)
    assert (wei.development, wu.development, shu.development) == (5, 2, 0)  # 5, 4, 2
    assert (wei.tribe, wu.tribe, shu.tribe) == (1, 4, 0)
    assert (wei.tribe_rank, wu.tribe_rank, shu.tribe_rank) == (0, 2, 5)  # 10, 12, 13
    assert (wei.office, wu.office, shu.office) == (2, 2, 3)
    assert (wei.office_rank, wu.office_rank, shu.office_rank) == (1, 1, 5)
    assert (wei.han_token, wu.han_token, shu.han_token) == (0, 0, 2)
    assert (wei.developments, wu.developments, shu.developments) == (3, 1, 0)  # Irrigation unmet
    assert (wei.deficits, wu.deficits, shu.deficits) == (-2, 0, -1)
    assert wei.total == 7 + 2 + 2 + 5 + 1 + 0 + 2 + 1 + 0 + 3 - 2


def test_tribe_rank_uses_tribe_plus_support():
    state = with_player(scored_state(), SHU, support=4)  # Shu 8 + 4 = Wu 12 + 0
    wei, wu, shu = score_cards(state)
    assert (wei.tribe_rank, wu.tribe_rank, shu.tribe_rank) == (0, 3, 3)


def test_separation_end_bonus_counts_when_its_condition_is_met():
    state = with_player(scored_state(), WU, farm_level=5)
    assert score_cards(state)[WU].developments == 1 + 3


def test_ties_go_to_most_gold_and_rice_then_shu_wu_wei():
    state = replace(new_game(), round=12)
    for seat in range(3):
        state = with_player(
            state, seat, military=0, support=0, tribe=5, rice=2, gold=2, deficits=0, hand=()
        )
    state, _events = end_of_round(state)
    result = SPEC.result(state)
    totals = {c.seat: c.total for c in state.scores}
    assert len(set(totals.values())) == 1
    assert [s.seat for s in result.ranking] == [SHU, WU, WEI]
    state = replace(new_game(), round=12)
    for seat in range(3):
        state = with_player(
            state, seat, military=0, support=0, tribe=5, rice=2, gold=2 + (seat == WEI), deficits=0
        )
    state, _ = end_of_round(state)
    assert SPEC.result(state).ranking[0].seat == WEI
