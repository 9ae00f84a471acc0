"""The 12 general actions, in the resolution phase."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain._kernel import DomainError
from domain.three_kingdoms import SPEC
from domain.three_kingdoms.commands import (
    BuildDevelopment,
    ChooseGain,
    CollectTaxes,
    DemandTribute,
    DevelopFarm,
    DevelopMarket,
    EndAction,
    Harvest,
    HireInstructors,
    ImportTechnology,
    ManipulateEmperor,
    Pass,
    PlaceGeneral,
    ProduceWeapons,
    TradeRice,
    TradeWeapons,
)
from domain.three_kingdoms.events import (
    ActionEnded,
    ChoiceOffered,
    DevelopmentDrawn,
    GeneralFlipped,
    PlayerChanged,
)
from domain.three_kingdoms.rules.common import available_generals
from domain.three_kingdoms.state import Occupation
from domain.three_kingdoms.view import redact

from .support import (
    SHU,
    WEI,
    WU,
    bidding,
    new_game,
    of_type,
    pass_all,
    play,
    win_action,
    with_player,
)


def test_develop_farm_flips_the_next_farm_token():
    state, _ = win_action(new_game(), WEI, "farm")
    state, events = play(state, WEI, DevelopFarm())
    assert (state.players[WEI].farm_level, state.players[WEI].farm_ready) == (1, 1)
    assert of_type(events, ActionEnded)[0].performed


def test_harvest_keeps_chosen_tokens_in_the_granary_and_cashes_in_the_rest_for_5_rice():
    state, _ = win_action(new_game(), WEI, "farm")
    state = with_player(state, WEI, farm_level=3, farm_ready=3, rice=0)
    assert {c.keep for c in SPEC.legal_commands(state, WEI) if isinstance(c, Harvest)} == {
        0,
        1,
        2,
        3,
    }
    state, _ = play(state, WEI, Harvest(keep=1))
    player = state.players[WEI]
    assert (player.rice, player.granary_farms, player.farm_ready, player.farm_level) == (
        10,
        1,
        0,
        3,
    )


def test_market_develops_or_collects_taxes_at_4_gold_each():
    state, _ = win_action(new_game(), WU, "market")
    state, _ = play(state, WU, DevelopMarket())
    assert state.players[WU].market_level == 1
    state, _ = win_action(new_game(), WU, "market")
    state = with_player(state, WU, market_level=2, market_ready=2, gold=0)
    state, _ = play(state, WU, CollectTaxes(keep=0))
    assert (state.players[WU].gold, state.players[WU].treasury_markets) == (8, 0)


def test_zhang_zhao_gains_extra_gold_when_collecting_taxes():
    state = with_player(new_game(), WU, generals=("zhang_zhao",))
    state, _ = win_action(state, WU, "market", "zhang_zhao")
    state = with_player(state, WU, market_ready=1, market_level=1, gold=0)
    state, _ = play(state, WU, CollectTaxes(keep=0))
    assert state.players[WU].gold == 4 + 2


def trade_state():
    state, _ = win_action(new_game(), WEI, "trade")
    return with_player(state, WEI, rice=20, gold=20, spear=5, horse=5, crossbow=0, boat=0)


def test_trade_rice_sells_4_for_3_gold_and_buys_4_for_5_gold():
    state = trade_state()
    state, _ = play(state, WEI, TradeRice(direction="sell"))
    assert (state.players[WEI].rice, state.players[WEI].gold) == (16, 23)
    state, _ = play(state, WEI, TradeRice(direction="buy"))
    assert (state.players[WEI].rice, state.players[WEI].gold) == (20, 18)


def test_trade_prices_give_no_risk_free_loop():
    state = trade_state()
    start = state.players[WEI]
    state, _ = play(state, WEI, TradeRice(direction="buy"))
    state, _ = play(state, WEI, TradeRice(direction="sell"))
    state, _ = play(state, WEI, TradeWeapons(direction="buy", spear=3))
    state, _ = play(state, WEI, TradeWeapons(direction="sell", spear=3))
    end = state.players[WEI]
    assert (end.rice, end.spear) == (start.rice, start.spear)
    assert end.gold == start.gold - 2 - 2


def test_trade_weapons_sells_3_of_any_kind_for_5_and_buys_3_for_7():
    state = trade_state()
    state, _ = play(state, WEI, TradeWeapons(direction="sell", spear=2, horse=1))
    assert (state.players[WEI].spear, state.players[WEI].horse, state.players[WEI].gold) == (
        3,
        4,
        25,
    )
    state, _ = play(state, WEI, TradeWeapons(direction="buy", crossbow=1, boat=2))
    assert (state.players[WEI].crossbow, state.players[WEI].boat, state.players[WEI].gold) == (
        1,
        2,
        18,
    )


def test_trade_is_limited_to_3_rice_trades_and_2_weapon_trades():
    state = trade_state()
    for _ in range(3):
        state, _ = play(state, WEI, TradeRice(direction="sell"))
    for _ in range(2):
        state, _ = play(
            state,
            WEI,
            TradeWeapons(direction="sell", spear=3)
            if state.players[WEI].spear >= 3
            else TradeWeapons(direction="sell", horse=3),
        )
    assert SPEC.legal_commands(state, WEI) == [EndAction()]
    with pytest.raises(DomainError) as refused:
        play(state, WEI, TradeRice(direction="sell"))
    assert refused.value.code == "three_kingdoms/trade_rice_not_allowed"
    state, events = play(state, WEI, EndAction())
    assert of_type(events, ActionEnded)[0].performed


def test_build_a_state_development_pays_its_cost_and_moves_it_from_hand():
    state, _ = win_action(new_game(), SHU, "build")
    state = with_player(state, SHU, hand=("imperial_palace",), rice=5, gold=5, support=0)
    state, _ = play(state, SHU, BuildDevelopment(card="imperial_palace"))
    player = state.players[SHU]
    assert player.built == ("imperial_palace",) and player.hand == ()
    assert (player.rice, player.gold) == (3, 2)


def test_build_is_refused_when_unaffordable():
    state, _ = win_action(new_game(), SHU, "build")
    state = with_player(state, SHU, hand=("imperial_palace",), rice=0, gold=0)
    assert SPEC.legal_commands(state, SHU) == [EndAction()]


def test_hire_instructors_and_import_technology():
    state, _ = win_action(new_game(), WU, "instructors")
    state = with_player(state, WU, rice=3, armies=3, trained=0, hand=())
    top = state.separation[0]
    state, _ = play(state, WU, HireInstructors())
    assert (state.players[WU].rice, state.players[WU].armies, state.players[WU].trained) == (
        2,
        1,
        2,
    )
    state, events = play(state, WU, ImportTechnology(deck="separation"))
    assert state.players[WU].hand == (top,)
    drawn = of_type(events, DevelopmentDrawn)[0]
    assert redact(drawn, WEI).card == "" and redact(drawn, WU).card == top
    assert of_type(events, ActionEnded)  # both parts done: the action ends


def test_produce_weapons_takes_two_in_any_combination_of_the_spaces_kinds():
    state, _ = win_action(new_game(), WEI, "spears_horses")
    assert {
        (c.spear, c.horse, c.crossbow, c.boat)
        for c in SPEC.legal_commands(state, WEI)
        if isinstance(c, ProduceWeapons)
    } == {
        (2, 0, 0, 0),
        (1, 1, 0, 0),
        (0, 2, 0, 0),
    }
    before = state.players[WEI]
    state, _ = play(state, WEI, ProduceWeapons(spear=1, horse=1))
    assert (state.players[WEI].spear, state.players[WEI].horse) == (
        before.spear + 1,
        before.horse + 1,
    )
    state, _ = win_action(new_game(), WU, "crossbows_boats")
    with pytest.raises(DomainError):
        play(state, WU, ProduceWeapons(spear=2))


def test_recruit_armies_takes_two_untrained_armies():
    state = new_game()
    before = state.players[WU].armies
    state, events = win_action(state, WU, "recruit", "sun_jian")
    assert any(
        isinstance(e, PlayerChanged) and e.reason == "recruit_armies" and e.delta.armies == 2
        for e in events
    )
    assert state.players[WU].armies == before + 2


def test_sun_ce_recruits_one_army_already_trained():
    state = with_player(new_game(), WU, generals=("sun_ce",), armies=0, trained=0)
    state, _ = win_action(state, WU, "recruit", "sun_ce")
    assert (state.players[WU].armies, state.players[WU].trained) == (1, 1)


def test_train_armies_trains_up_to_two():
    state = with_player(new_game(), WEI, armies=3, trained=0)
    state, _ = win_action(state, WEI, "train", "cao_cao")
    assert (state.players[WEI].armies, state.players[WEI].trained) == (1, 2)


def test_dian_wei_trains_one_more_army():
    state = with_player(new_game(), WEI, generals=("dian_wei",), armies=3, trained=0)
    state, _ = win_action(state, WEI, "train", "dian_wei")
    assert (state.players[WEI].armies, state.players[WEI].trained) == (0, 3)


def test_demand_tribute_takes_two_rice_or_gold_or_one_army():
    state, _ = win_action(with_player(new_game(), SHU, support=0), SHU, "tribute")
    options = {
        (c.rice, c.gold, c.armies)
        for c in SPEC.legal_commands(state, SHU)
        if isinstance(c, DemandTribute)
    }
    assert options == {(2, 0, 0), (1, 1, 0), (0, 2, 0), (0, 0, 1)}
    before = state.players[SHU]
    state, _ = play(state, SHU, DemandTribute(rice=1, gold=1))
    assert (state.players[SHU].rice, state.players[SHU].gold) == (before.rice + 1, before.gold + 1)


def test_wei_yan_gains_an_army_and_a_weapon_of_choice_per_occupied_region():
    occupations = tuple(
        Occupation(border="wei_shu", region=i, seat=SHU, general=g, units=1, weapon="spear")
        for i, g in ((1, "zhang_fei"), (2, "ma_chao"), (3, "zhao_yun"))
    )
    state = replace(new_game(), occupations=occupations)
    state = with_player(
        state,
        SHU,
        generals=("wei_yan", "zhang_fei", "ma_chao", "zhao_yun"),
        occupying=("zhang_fei", "ma_chao", "zhao_yun"),
        armies=0,
        boat=0,
    )
    state, _ = win_action(state, SHU, "tribute", "wei_yan")
    state, events = play(state, SHU, DemandTribute(rice=2))
    assert len(of_type(events, ChoiceOffered)) == 2  # capped at 2 weapons
    assert state.players[SHU].armies == 1
    assert SPEC.to_act(state) == (SHU,)
    state, _ = play(state, SHU, ChooseGain(item="boat"))
    state, _ = play(state, SHU, ChooseGain(item="boat"))
    assert state.players[SHU].boat == 2


def test_win_popular_support_takes_a_support_token():
    state = new_game()
    before = state.players[SHU].support
    state, _ = win_action(state, SHU, "support", "liu_bei")
    assert state.players[SHU].support == before + 1


def test_lu_meng_potential_choice_and_administration_from_round_4():
    from domain.three_kingdoms.rules.common import stat

    state = with_player(new_game(), WU, generals=("lu_meng",))
    assert stat(state, "lu_meng", "administration") == 2
    assert stat(replace(state, round=4), "lu_meng", "administration") == 4
    state, events = win_action(state, WU, "support", "lu_meng")
    assert of_type(events, ChoiceOffered)[0].options == (
        "armies",
        "spear",
        "horse",
        "crossbow",
        "boat",
    )
    assert SPEC.to_act(state) == (WU,)


def test_manipulate_the_han_emperor_pays_gold_raises_office_and_flips_a_general():
    state = bidding(new_game())
    state, events = win_action(state, WEI, "han", "cao_cao")
    gold = state.players[WEI].gold
    state, events = play(state, WEI, ManipulateEmperor(general="cao_cao"))
    assert of_type(events, GeneralFlipped)[0].general == "cao_cao"
    assert state.players[WEI].office == 1 and state.players[WEI].gold == gold - 1
    assert state.han_holder == WEI  # the bid winner takes the Han emperor token in upkeep
    # Next round Cao Cao is face down and cannot bid; he returns in the token removal.
    assert "cao_cao" not in available_generals(state, WEI)
    state = bidding(state, "farm")
    while state.current != WEI:
        state, _ = play(state, state.current, Pass())
    assert all(
        c.general != "cao_cao"
        for c in SPEC.legal_commands(state, WEI)
        if isinstance(c, PlaceGeneral)
    )
    state, _ = pass_all(state)
    assert "cao_cao" in available_generals(state, WEI) or state.phase != "bidding"
    assert state.players[WEI].flipped == ()


def test_every_action_can_be_declined():
    state, events = win_action(new_game(), WEI, "farm")
    state, events = play(state, WEI, EndAction())
    assert not of_type(events, ActionEnded)[0].performed
    assert state.players[WEI].farm_level == 0
