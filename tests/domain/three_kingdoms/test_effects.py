"""The effect vocabulary: card skills and state developments as data."""

from __future__ import annotations

from msgspec.structs import replace

from domain.three_kingdoms import SPEC
from domain.three_kingdoms.commands import (
    AddHanToken,
    AddUnit,
    BuildDevelopment,
    DemandTribute,
    FinishPlacement,
    Pass,
    PlaceGeneral,
)
from domain.three_kingdoms.content import Effect, Resources
from domain.three_kingdoms.events import BiddingClosed
from domain.three_kingdoms.rules.common import Ctx
from domain.three_kingdoms.rules.effects import apply_effect
from domain.three_kingdoms.rules.scoring import score_cards
from domain.three_kingdoms.state import Occupation

from .support import (
    SHU,
    WEI,
    WU,
    bidding,
    new_game,
    of_type,
    pass_all,
    place,
    play,
    win_action,
    with_player,
)


def test_imperial_palace_gives_gold_and_rice_after_demand_tribute():
    state = with_player(new_game(), WEI, built=("imperial_palace",), support=0)
    state, _ = win_action(state, WEI, "tribute", "cao_cao")
    before = state.players[WEI]
    state, _ = play(state, WEI, DemandTribute(gold=2))
    assert (state.players[WEI].gold, state.players[WEI].rice) == (before.gold + 3, before.rice + 1)


def test_garrison_trains_an_army_after_winning_popular_support():
    state = with_player(new_game(), WU, built=("garrison",), armies=2, trained=0)
    state, _ = win_action(state, WU, "support", "sun_jian")
    assert (state.players[WU].armies, state.players[WU].trained) == (1, 1)


def test_mobile_siege_tower_drains_opponents_military_when_built():
    state = with_player(new_game(), WEI, military=5)
    state = with_player(state, WU, military=1, hand=("mobile_siege_tower",), rice=9, gold=9)
    state, _ = win_action(state, WU, "build", "sun_jian")
    state, _ = play(state, WU, BuildDevelopment(card="mobile_siege_tower"))
    assert [p.military for p in state.players] == [3, 1, 0]


def test_gain_per_metric_is_capped():
    state = new_game()
    occupations = tuple(
        Occupation(border="wu_shu", region=i, seat=SHU, general=f"g{i}", units=1, weapon="boat")
        for i in range(4)
    )
    state = replace(state, occupations=occupations)
    ctx = Ctx(state)
    apply_effect(
        ctx, SHU, Effect(op="gain", gain=Resources(gold=1), per="occupied_regions", cap=3), "test"
    )
    assert ctx.state.players[SHU].gold == state.players[SHU].gold + 3


def test_losses_never_go_below_zero_and_tribe_stays_on_its_track():
    state = with_player(new_game(), WU, rice=1, tribe=12)
    ctx = Ctx(state)
    apply_effect(ctx, WU, Effect(op="gain", gain=Resources(rice=-3, tribe=2)), "test")
    assert (ctx.state.players[WU].rice, ctx.state.players[WU].tribe) == (0, 12)


def test_per_mode_end_bonus_with_cap():
    occupations = tuple(
        Occupation(border="wei_shu", region=i, seat=WEI, general=f"g{i}", units=2, weapon="horse")
        for i in (0, 4)
    )
    state = with_player(replace(new_game(), occupations=occupations), WEI, built=("horse_armour",))
    assert score_cards(state)[WEI].developments == 1 + 3  # 4 horse units, capped at 3


def test_the_han_token_adds_one_and_can_be_used_once_per_round():
    state = bidding(replace(new_game(), han_holder=WEI))
    state = place(state, WEI, "cao_cao", "farm", AddHanToken())
    state = place(state, WU, "sun_jian", "market")
    state = place(state, SHU, "liu_bei", "trade")
    state, _ = play(
        state, WEI, PlaceGeneral(general=state.players[WEI].generals[1], space="market")
    )
    assert AddHanToken() not in SPEC.legal_commands(state, WEI)
    state, _ = play(state, WEI, FinishPlacement())
    state, events = pass_all(state)
    farm = next(o for o in of_type(events, BiddingClosed)[0].outcomes if o.space == "farm")
    assert farm.values[WEI] == 5


def test_tribe_space_takes_one_general_and_no_tokens():
    state = bidding(new_game())
    state, _ = play(state, WEI, PlaceGeneral(general="cao_cao", space="tribe_wei"))
    assert SPEC.legal_commands(state, WEI) == [FinishPlacement()]
    state, _ = play(state, WEI, FinishPlacement())
    state, _ = play(state, WU, Pass())
    state, _ = play(state, SHU, Pass())
    spaces = {c.space for c in SPEC.legal_commands(state, WEI) if isinstance(c, PlaceGeneral)}
    assert "tribe_wei" not in spaces


def test_units_need_a_trained_army_and_a_weapon():
    state = bidding(with_player(new_game(), WEI, trained=0, horse=3))
    state, _ = play(state, WEI, PlaceGeneral(general="cao_cao", space="battle_wei_wu"))
    assert not any(isinstance(c, AddUnit) for c in SPEC.legal_commands(state, WEI))


def test_lu_meng_army_can_then_be_trained_by_garrison_principle_1():
    from domain.three_kingdoms.commands import ChooseGain

    state = with_player(
        new_game(), WU, generals=("lu_meng",), built=("garrison",), armies=0, trained=0
    )
    state, _ = win_action(state, WU, "support", "lu_meng")
    assert SPEC.to_act(state) == (WU,) and state.players[WU].train_later == 1
    state, _ = play(state, WU, ChooseGain(item="armies"))
    assert (state.players[WU].armies, state.players[WU].trained, state.players[WU].train_later) == (
        0,
        1,
        0,
    )
