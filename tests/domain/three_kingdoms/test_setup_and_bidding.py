"""Set-up and the conflict phase (alliance token, bidding, ties)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain._kernel import DomainError
from domain.three_kingdoms import SPEC
from domain.three_kingdoms.commands import (
    AddBidToken,
    AddHanToken,
    AddSupport,
    AddUnit,
    FinishPlacement,
    Pass,
    PlaceAlliance,
    PlaceGeneral,
    RecruitGeneral,
)
from domain.three_kingdoms.data import catalog
from domain.three_kingdoms.events import BiddingClosed, GeneralRecruited, OfferReturned
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
    recruit_all,
    win_action,
    with_player,
)


def test_setup_gives_each_kingdom_its_leader_reference_sheet_and_tribe_track():
    state = new_game()
    pack = catalog("standard").pack
    assert [p.generals[0] for p in state.players] == ["cao_cao", "sun_jian", "liu_bei"]
    assert [len(p.generals) for p in state.players] == [5, 4, 3]
    assert [p.tribe for p in state.players] == [5, 6, 7]
    assert [p.office for p in state.players] == [0, 0, 0]
    for seat, kingdom in enumerate(pack.kingdoms):
        player = state.players[seat]
        assert (player.rice, player.gold, player.support) == (
            kingdom.start.rice,
            kingdom.start.gold,
            kingdom.start.support,
        )
        assert len(player.hand) == 2
    assert state.bid_order == (WEI, WU, SHU)
    assert state.round == 1 and state.phase == "alliance"


def test_setup_has_fifteen_border_regions_on_three_borders():
    pack = catalog("standard").pack
    assert sum(len(b.regions) for b in pack.borders) == 15
    assert {tuple(b.kingdoms) for b in pack.borders} == {
        ("wei", "wu"),
        ("wei", "shu"),
        ("wu", "shu"),
    }


def test_exactly_three_players():
    for players in (2, 4):
        with pytest.raises(DomainError) as refused:
            SPEC.new_setup(players)
        assert refused.value.code == "player_count"


def test_shu_holds_the_alliance_token_and_third_in_bid_order_places_it():
    state = new_game()
    assert SPEC.to_act(state) == (SHU,)
    spaces = {c.space for c in SPEC.legal_commands(state, SHU)}
    assert "support" not in spaces and "han" not in spaces
    assert len(spaces) == 10


def test_alliance_cannot_go_on_last_rounds_alliance_space():
    state = replace(new_game(), last_alliance="trade", bid_order=(SHU, WEI, WU))
    spaces = {c.space for c in SPEC.legal_commands(state, WU)}
    assert len(spaces) == 9 and "trade" not in spaces
    with pytest.raises(DomainError):
        play(state, WU, PlaceAlliance(space="trade"))


def test_generals_are_recruited_in_rounds_3_5_and_9_only():
    state = new_game()
    recruited = {}
    offered = {}
    for round_ in range(1, 10):
        state, _ = pass_all(bidding(state, "farm" if round_ % 2 else "trade"))
        offered[state.round] = [len(p.offer) for p in state.players]
        state, events = recruit_all(state)
        kept = [0, 0, 0]
        for event in of_type(events, GeneralRecruited):
            kept[event.seat] += 1
        recruited[state.round] = kept
    assert recruited[3] == [1, 1, 2] and offered[3] == [2, 2, 3]
    assert recruited[5] == [1, 2, 2] and offered[5] == [2, 3, 3]
    assert recruited[9] == [1, 1, 1]
    assert all(recruited[r] == [0, 0, 0] for r in (2, 4, 6, 7, 8, 10))
    assert [len(p.generals) for p in state.players] == [8, 8, 8]


def test_recruitment_offers_are_private_and_the_rest_go_to_the_bottom_of_the_deck():
    state = new_game()
    for space in ("farm", "trade"):
        state, _ = pass_all(bidding(state, space))
    assert state.phase == "recruit" and SPEC.to_act(state) == (WEI,)
    offer = state.players[WEI].offer
    assert SPEC.view(state, WEI).players[WEI].offer == offer
    assert SPEC.view(state, WU).players[WEI].offer is None
    assert SPEC.view(state, WU).players[WEI].offer_size == 2
    deck = state.general_decks[WEI]
    state, events = play(state, WEI, RecruitGeneral(general=offer[1]))
    assert offer[1] in state.players[WEI].generals
    assert state.general_decks[WEI] == (*deck, offer[0])
    returned = of_type(events, OfferReturned)[0]
    assert SPEC.redact(returned, WU).generals == ("",)
    with pytest.raises(DomainError) as refused:
        play(state, WU, RecruitGeneral(general=offer[0]))
    assert refused.value.code == "three_kingdoms/recruit_general_not_allowed"


def test_bidding_goes_in_bid_order_one_general_at_a_time():
    state = bidding(new_game())
    assert SPEC.to_act(state) == (WEI,)
    state, _ = play(state, WEI, PlaceGeneral(general="cao_cao", space="farm"))
    assert SPEC.to_act(state) == (WEI,)
    assert all(not isinstance(c, PlaceGeneral) for c in SPEC.legal_commands(state, WEI))
    state, _ = play(state, WEI, FinishPlacement())
    assert SPEC.to_act(state) == (WU,)
    state, _ = play(state, WU, Pass())
    assert SPEC.to_act(state) == (SHU,)
    state, _ = play(state, SHU, Pass())
    assert SPEC.to_act(state) == (WEI,)


def test_bid_tokens_support_and_han_token_raise_a_bid_by_one_each():
    state = bidding(replace(new_game(), han_holder=WEI))
    state = with_player(state, WEI, support=1, bid_tokens=1)
    state = place(state, WEI, "cao_cao", "farm", AddBidToken(), AddSupport(), AddHanToken())
    placement = state.placements[-1]
    assert (placement.bid_tokens, placement.support, placement.han) == (1, 1, 1)
    assert state.players[WEI].support == 0 and state.players[WEI].bid_tokens == 0
    state, events = pass_all(state)
    (closed,) = of_type(events, BiddingClosed)
    assert closed.outcomes[0].values[WEI] == 4 + 3  # administration 4 + three tokens


def test_bid_value_uses_administration_or_combat_as_the_space_shows():
    state = bidding(new_game())
    state = place(state, WEI, "cao_cao", "farm")
    _, events = pass_all(state)
    assert of_type(events, BiddingClosed)[0].outcomes[0].values[WEI] == 4
    # win popular support is administration in round 1 and combat once the markers flip.
    state = bidding(replace(new_game(), criteria_flipped=True))
    state = with_player(state, WEI, generals=("dian_wei",))
    state = place(state, WEI, "dian_wei", "support")
    _, events = pass_all(state)
    assert of_type(events, BiddingClosed)[0].outcomes[0].values[WEI] == 5


def test_a_bid_tie_goes_to_whoever_reached_the_value_first():
    state = bidding(new_game())
    state, _ = play(state, WEI, Pass())
    state = place(state, WU, "sun_jian", "farm", AddBidToken())  # 3 + 1 = 4, first
    state = place(state, SHU, "liu_bei", "farm")  # 4, later
    state, events = pass_all(state)
    (closed,) = of_type(events, BiddingClosed)
    assert closed.outcomes[0].values[WU] == closed.outcomes[0].values[SHU] == 4
    assert closed.outcomes[0].winners == (WU,)


def test_a_bid_raised_later_to_a_tie_does_not_win():
    state = bidding(replace(new_game(), bid_order=(SHU, WU, WEI)), "trade")
    state = place(state, SHU, "liu_bei", "farm")  # 4 first
    state = place(state, WU, "sun_jian", "farm", AddBidToken())  # reaches 4 later
    state, events = pass_all(state)
    assert of_type(events, BiddingClosed)[0].outcomes[0].winners == (SHU,)


def test_cao_cao_wins_every_tie_he_takes_part_in():
    state = bidding(replace(new_game(), bid_order=(SHU, WEI, WU)), "trade")
    state = place(state, SHU, "liu_bei", "farm")  # 4 first
    state = place(state, WEI, "cao_cao", "farm")  # 4 later, but Cao Cao
    state, events = pass_all(state)
    assert of_type(events, BiddingClosed)[0].outcomes[0].winners == (WEI,)


def test_alliance_second_and_third_bid_together_and_both_act():
    state = bidding(new_game(), "trade")
    state = place(state, WEI, "cao_cao", "trade", AddBidToken())  # 5
    state = place(state, WU, "sun_jian", "trade")  # 3
    state = place(state, SHU, "liu_bei", "trade")  # 4 -> allies 7
    state, events = pass_all(state)
    (closed,) = of_type(events, BiddingClosed)
    trade = next(o for o in closed.outcomes if o.space == "trade")
    assert trade.winners == (WU, SHU)
    assert trade.values == (5, 7, 7)
    assert [(t.space, t.seat) for t in closed.tasks] == [("trade", WU), ("trade", SHU)]
    assert SPEC.to_act(state) == (WU,)


def test_alliance_first_in_bid_order_can_beat_the_allies():
    state = bidding(new_game(), "trade")
    state = place(state, WEI, "cao_cao", "trade", AddBidToken(), AddBidToken())  # 6
    state = place(state, WU, "sun_jian", "trade")  # 3, Shu stays out
    state, events = pass_all(state)
    trade = of_type(events, BiddingClosed)[0].outcomes[0]
    assert trade.winners == (WEI,)


def test_an_ally_who_placed_nothing_does_not_act():
    state = bidding(new_game(), "trade")
    state, _ = play(state, WEI, Pass())
    state = place(state, WU, "sun_jian", "trade")
    state, events = pass_all(state)
    assert of_type(events, BiddingClosed)[0].tasks[0].seat == WU
    assert len(of_type(events, BiddingClosed)[0].tasks) == 1


def test_losing_bids_return_bid_tokens_and_units_but_spend_support():
    state = bidding(new_game())
    state = with_player(state, WEI, support=1)
    before = state.players[WEI]
    state = place(state, WEI, "cao_cao", "battle_wei_shu", AddBidToken(), AddSupport())
    state = place(state, WU, "sun_jian", "farm")
    state = with_player(state, SHU, generals=("guan_yu",), trained=3, spear=3)
    state = place(
        state, SHU, "guan_yu", "battle_wei_shu", AddUnit(weapon="spear"), AddUnit(weapon="spear")
    )
    # Wei 4+2 = 6 loses to Shu 5 + 2 units + Guan Yu's battle bonus 1 = 8.
    state, events = pass_all(state)
    closed = of_type(events, BiddingClosed)[0]
    battle = next(o for o in closed.outcomes if o.space == "battle_wei_shu")
    assert battle.winners == (SHU,) and battle.values[SHU] == 8
    after = state.players[WEI]
    assert after.bid_tokens == before.bid_tokens
    assert after.support == before.support - 1


def test_new_bid_order_by_successful_bids_then_military_then_wei_wu_shu():
    state = bidding(new_game())
    state = with_player(state, WU, military=3)
    state = place(state, WEI, "cao_cao", "recruit")
    state = place(state, WU, "sun_jian", "train")
    state = place(state, SHU, "liu_bei", "support")
    state, events = pass_all(state)
    closed = of_type(events, BiddingClosed)[0]
    assert closed.successes == (1, 1, 1)
    assert closed.bid_order == (WU, WEI, SHU)  # Wu has more military; then Wei before Shu
    assert closed.action_order == (WEI, WU, SHU)


def test_commands_out_of_turn_or_phase_are_refused():
    state = new_game()
    with pytest.raises(DomainError) as refused:
        play(state, WEI, PlaceAlliance(space="farm"))
    assert refused.value.code == "not_your_turn"
    with pytest.raises(DomainError) as refused:
        play(state, SHU, PlaceGeneral(general="liu_bei", space="farm"))
    assert refused.value.code == "three_kingdoms/wrong_phase"


def test_occupying_generals_cannot_bid():
    state = new_game()
    occupation = Occupation(
        border="wei_shu", region=0, seat=WEI, general="cao_cao", units=1, weapon="horse"
    )
    state = with_player(replace(state, occupations=(occupation,)), WEI, occupying=("cao_cao",))
    state = bidding(state)
    assert all(
        c.general != "cao_cao"
        for c in SPEC.legal_commands(state, WEI)
        if isinstance(c, PlaceGeneral)
    )


def test_win_action_helper_runs_a_single_bid():
    state, _ = win_action(new_game(), WU, "farm", "sun_jian")
    assert SPEC.to_act(state) == (WU,)


def test_view_shows_who_leads_each_space_during_bidding():
    state = bidding(new_game())
    state = place(state, WEI, "cao_cao", "farm")
    state = place(state, WU, "sun_jian", "farm", AddBidToken(), AddBidToken())
    farm = next(s for s in SPEC.view(state, SHU).spaces if s.space == "farm")
    assert farm.leading == (WU,) and farm.values[:2] == (4, 5)
    assert farm.criterion == "administration"
