"""Border battles, the tribe action and decay, end-of-round benefits, upkeep."""

from __future__ import annotations

from msgspec.structs import replace

from domain.three_kingdoms import SPEC
from domain.three_kingdoms.commands import (
    AddBidToken,
    AddUnit,
    BribeTribe,
    EndAction,
    Occupy,
    Pass,
    PlaceGeneral,
    SuppressTribe,
)
from domain.three_kingdoms.events import (
    ActionEnded,
    BiddingClosed,
    BorderOccupied,
    CriteriaFlipped,
    HanTokenPassed,
    PlayerChanged,
    RoundStarted,
)
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


def battle_state():
    state = with_player(new_game(), WEI, trained=3, horse=3, spear=3)
    return with_player(state, SHU, trained=3, spear=3, generals=("liu_bei", "wei_yan"))


def test_battle_strength_is_combat_plus_bids_plus_units():
    state = bidding(battle_state())
    state = place(state, WEI, "cao_cao", "battle_wei_shu", AddUnit(weapon="horse"), AddBidToken())
    state, _ = play(state, WU, Pass())
    state = place(state, SHU, "wei_yan", "battle_wei_shu", AddUnit(weapon="spear"))
    state, events = pass_all(state)
    battle = of_type(events, BiddingClosed)[0].outcomes[0]
    assert battle.values == (4 + 1 + 1, 0, 4 + 1)
    assert battle.winners == (WEI,)
    assert SPEC.to_act(state) == (WEI,)


def test_a_general_leads_at_most_his_leadership_in_units():
    state = bidding(with_player(battle_state(), WEI, generals=("cao_cao",)))
    state, _ = play(state, WEI, PlaceGeneral(general="cao_cao", space="battle_wei_shu"))
    for _ in range(3):  # Cao Cao's leadership
        state, _ = play(state, WEI, AddUnit(weapon="horse"))
    assert not any(isinstance(c, AddUnit) for c in SPEC.legal_commands(state, WEI))


def test_a_general_with_two_or_more_units_uses_one_weapon_type():
    state = bidding(battle_state())
    state, _ = play(state, WEI, PlaceGeneral(general="cao_cao", space="battle_wei_shu"))
    state, _ = play(state, WEI, AddUnit(weapon="horse"))
    units = {c.weapon for c in SPEC.legal_commands(state, WEI) if isinstance(c, AddUnit)}
    assert units == {"horse"}


def test_the_winner_occupies_a_matching_region_and_a_specialty_match_flips_the_token_to_1():
    state, _ = win_action(
        battle_state(),
        WEI,
        "battle_wei_shu",
        "cao_cao",
        (AddUnit(weapon="horse"), AddUnit(weapon="horse")),
    )
    options = [c for c in SPEC.legal_commands(state, WEI) if isinstance(c, Occupy)]
    assert {c.region for c in options} == {0, 4}  # the horse regions of Wei-Shu
    assert {c.units for c in options} == {1, 2}
    trained = state.players[WEI].trained
    state, events = play(state, WEI, Occupy(general="cao_cao", units=1, region=0, store="treasury"))
    occupied = of_type(events, BorderOccupied)[0]
    assert occupied.token_vp == 1  # Cao Cao's specialty is horse
    assert state.players[WEI].treasury_borders == (1,)
    assert state.players[WEI].occupying == ("cao_cao",)
    assert state.players[WEI].trained == trained + 1  # the unit not left on the border returns


def test_without_specialty_match_the_border_token_stays_at_0():
    state = with_player(battle_state(), WEI, generals=("cao_cao", "dian_wei"))
    state, _ = win_action(state, WEI, "battle_wei_shu", "dian_wei", (AddUnit(weapon="horse"),))
    state, events = play(state, WEI, Occupy(general="dian_wei", units=1, region=0, store="granary"))
    assert of_type(events, BorderOccupied)[0].token_vp == 0
    assert state.players[WEI].granary_borders == (0,)


def test_a_second_conquest_must_be_on_the_opposite_border():
    state = with_player(battle_state(), WEI, last_border="wei_shu")
    state, events = win_action(state, WEI, "battle_wei_shu", "cao_cao", (AddUnit(weapon="horse"),))
    assert not of_type(events, ActionEnded)[0].performed  # won, but may not occupy there
    state = with_player(battle_state(), WEI, last_border="wei_shu", boat=1)
    state, _ = win_action(state, WEI, "battle_wei_wu", "cao_cao", (AddUnit(weapon="horse"),))
    assert any(isinstance(c, Occupy) for c in SPEC.legal_commands(state, WEI))


def test_only_neighbours_bid_on_a_border():
    state = bidding(battle_state())
    spaces = {c.space for c in SPEC.legal_commands(state, WEI) if isinstance(c, PlaceGeneral)}
    assert "battle_wu_shu" not in spaces and "battle_wei_wu" in spaces
    assert "tribe_wei" in spaces and "tribe_wu" not in spaces


def test_battering_ram_adds_battle_strength():
    state = with_player(battle_state(), WEI, built=("battering_ram",))
    state, events = win_action(state, WEI, "battle_wei_wu", "cao_cao")
    assert of_type(events, BiddingClosed)[0].outcomes[0].values[WEI] == 4 + 1


def test_suppress_raises_the_tribe_track_and_bribe_pays_gold_for_more():
    state, _ = win_action(new_game(), WEI, "tribe_wei")
    assert set(SPEC.legal_commands(state, WEI)) >= {SuppressTribe(), BribeTribe()}
    state, _events = play(state, WEI, SuppressTribe())
    assert state.players[WEI].tribe == 6  # 5 + 1, and no decay for Wei this round
    state, _ = win_action(with_player(new_game(), WEI, gold=5), WEI, "tribe_wei")
    state, _ = play(state, WEI, BribeTribe())
    assert (state.players[WEI].tribe, state.players[WEI].gold) == (7, 2)


def test_tribe_decays_by_one_for_kingdoms_that_did_not_take_the_tribe_action():
    state = bidding(new_game())
    state, _events = pass_all(state)
    assert [p.tribe for p in state.players] == [4, 5, 6]
    assert [p.deficits for p in state.players] == [0, 0, 0]


def test_tribe_never_drops_below_1_and_at_1_gives_a_deficit_token():
    state = with_player(with_player(new_game(), WEI, tribe=2), WU, tribe=1)
    state, _ = pass_all(bidding(state))
    assert (state.players[WEI].tribe, state.players[WU].tribe) == (1, 1)
    assert (state.players[WEI].deficits, state.players[WU].deficits) == (1, 1)
    assert state.players[SHU].deficits == 0


def test_end_of_round_benefits_apply():
    state = with_player(new_game(), SHU, generals=("liu_bei", "zhuge_liang"), support=0)
    before = state.players[SHU].gold
    state, events = pass_all(bidding(state))
    assert any(isinstance(e, PlayerChanged) and e.reason == "effect:zhuge_liang" for e in events)
    assert state.players[SHU].gold == before + 1


def occupied(state, seat, units, general="xu_chu", border="wei_shu"):
    occupation = Occupation(
        border=border, region=0, seat=seat, general=general, units=units, weapon="horse"
    )
    return replace(state, occupations=(*state.occupations, occupation))


def test_upkeep_flips_the_criteria_and_advances_the_round():
    state, events = pass_all(bidding(new_game()))
    assert of_type(events, CriteriaFlipped)[0].flipped is True
    assert of_type(events, RoundStarted)[0].round == 2
    assert state.round == 2 and state.criteria_flipped


def test_the_han_bid_winner_takes_the_han_emperor_token():
    state, events = win_action(with_player(new_game(), WU, gold=0), WU, "han", "sun_jian")
    assert SPEC.legal_commands(state, WU) == [EndAction()]  # cannot pay the gold
    state, events = play(state, WU, EndAction())
    assert of_type(events, HanTokenPassed)[0].seat == WU
    assert state.han_holder == WU


def test_upkeep_pays_rice_per_two_support_tokens():
    state = with_player(new_game(), WU, support=5, rice=10)
    state, events = pass_all(bidding(state))
    upkeep = next(
        e for e in events if isinstance(e, PlayerChanged) and e.seat == WU and e.reason == "upkeep"
    )
    assert upkeep.delta.rice == -2


def test_upkeep_pays_rice_and_gold_per_occupying_unit_less_granary_and_treasury_tokens():
    state = occupied(new_game(), WEI, 3)
    state = with_player(
        state,
        WEI,
        support=0,
        rice=10,
        gold=10,
        granary_farms=1,
        granary_borders=(1,),
        treasury_markets=0,
        treasury_borders=(),
    )
    state, events = pass_all(bidding(state))
    upkeep = next(
        e for e in events if isinstance(e, PlayerChanged) and e.seat == WEI and e.reason == "upkeep"
    )
    assert (upkeep.delta.rice, upkeep.delta.gold) == (-1, -3)
    assert upkeep.delta.military == 3


def test_each_unpaid_rice_or_gold_is_a_deficit_token():
    state = occupied(new_game(), WEI, 3)
    state = with_player(state, WEI, support=4, rice=1, gold=1)
    state, events = pass_all(bidding(state))
    upkeep = next(
        e for e in events if isinstance(e, PlayerChanged) and e.seat == WEI and e.reason == "upkeep"
    )
    # due: rice 2 (support) + 3 (units) = 5, paid 1; gold 3, paid 1 -> 6 deficits
    assert (upkeep.delta.rice, upkeep.delta.gold, upkeep.delta.deficits) == (-1, -1, 6)
    assert state.players[WEI].rice == 0 and state.players[WEI].gold == 0


def test_military_points_per_occupying_unit_each_upkeep():
    state = occupied(occupied(new_game(), WU, 2, "lu_su", "wei_wu"), WU, 1, "lu_xun", "wu_shu")
    state = with_player(state, WU, rice=10, gold=10)
    state, _ = pass_all(bidding(state))
    assert state.players[WU].military == 3


def test_wooden_ox_lowers_rice_upkeep():
    state = occupied(new_game(), WEI, 2)
    state = with_player(state, WEI, support=0, rice=10, gold=10, built=("wooden_ox",))
    _, events = pass_all(bidding(state))
    upkeep = next(
        e for e in events if isinstance(e, PlayerChanged) and e.seat == WEI and e.reason == "upkeep"
    )
    assert upkeep.delta.rice == -1


def test_nobody_takes_the_han_token_when_nobody_bid_for_the_han_emperor():
    state, events = pass_all(bidding(new_game()))
    assert not of_type(events, HanTokenPassed)
    assert state.han_holder == -1
