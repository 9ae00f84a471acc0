"""Resolution, rulebook 3.2.2 step 3 and step 4, and Compendium principle 1.

- Step 3: "players carry out the actions they won in the order shown by the kingdom markers
  on the action-order track" (액션 순서 트랙 위의 국가 액션 마커가 보여주는 순서에 따라): kingdom
  by kingdom in action order, not space by space in board order.
- Principle 1: a player carrying out several things at once chooses their order. A kingdom
  with two or more won actions left picks the next (``choose_next_action``); the last one
  starts by itself, so a single action costs no extra request.
- Step 4: only a kingdom that did NOT carry out its tribe action decays, so a kingdom at 12
  may still carry it out (raising nothing) and stays at 12.

Rules version 1 (board order, no tribe option at 12) is kept for the games stored under it."""

from __future__ import annotations

import pytest

from domain._kernel import DomainError
from domain.three_kingdoms import SPEC
from domain.three_kingdoms.commands import (
    BribeTribe,
    ChooseNextAction,
    DemandTribute,
    DevelopFarm,
    EndAction,
    Pass,
    SuppressTribe,
)
from domain.three_kingdoms.events import ActionStarted, BiddingClosed
from domain.three_kingdoms.rules.common import available_generals
from domain.three_kingdoms.state import Task

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


def _wei_tribute_wu_farm(rules_version: str | None = None):
    """Round 1 (action order Wei, Wu, Shu): Wei wins demand tribute, Wu wins the farm, which
    comes first on the board."""
    state = bidding(new_game(rules_version=rules_version))
    assert state.bid_order == (WEI, WU, SHU) and state.current == WEI
    state = place(state, WEI, available_generals(state, WEI)[0], "tribute")
    state = place(state, WU, available_generals(state, WU)[0], "farm")
    return pass_all(state)


def test_3_2_2_step_3_won_actions_follow_the_action_order_track_not_the_board():
    state, events = _wei_tribute_wu_farm()
    closed = of_type(events, BiddingClosed)[0]
    assert closed.action_order == (WEI, WU, SHU)
    assert closed.tasks == (Task(space="tribute", seat=WEI), Task(space="farm", seat=WU))
    assert of_type(events, ActionStarted) == [ActionStarted(seat=WEI, space="tribute")]
    assert SPEC.to_act(state) == (WEI,)
    state, events = play(state, WEI, DemandTribute(rice=2))
    assert of_type(events, ActionStarted) == [ActionStarted(seat=WU, space="farm")]
    assert SPEC.to_act(state) == (WU,)
    assert DevelopFarm() in SPEC.legal_commands(state, WU)


def test_rules_version_1_games_keep_board_order():
    _, events = _wei_tribute_wu_farm(rules_version="1")
    assert of_type(events, BiddingClosed)[0].tasks == (
        Task(space="farm", seat=WU),
        Task(space="tribute", seat=WEI),
    )
    assert of_type(events, ActionStarted) == [ActionStarted(seat=WU, space="farm")]


def _wei_wins_farm_and_tribute():
    state = bidding(new_game())
    wei = available_generals(state, WEI)
    state = place(state, WEI, wei[0], "farm")
    state, _ = play(state, WU, Pass())
    state, _ = play(state, SHU, Pass())
    state = place(state, WEI, wei[1], "tribute")
    return pass_all(state)


def test_principle_1_a_kingdom_chooses_the_order_of_its_won_actions():
    state, events = _wei_wins_farm_and_tribute()
    assert not of_type(events, ActionStarted)  # waiting for Wei's choice
    assert SPEC.to_act(state) == (WEI,)
    assert SPEC.legal_commands(state, WEI) == [
        ChooseNextAction(space="farm"),
        ChooseNextAction(space="tribute"),
    ]
    state, events = play(state, WEI, ChooseNextAction(space="tribute"))
    assert of_type(events, ActionStarted) == [ActionStarted(seat=WEI, space="tribute")]
    assert state.progress is not None and state.progress.space == "tribute"
    # The last one starts by itself: no second choice.
    state, events = play(state, WEI, DemandTribute(gold=2))
    assert of_type(events, ActionStarted) == [ActionStarted(seat=WEI, space="farm")]
    state, events = play(state, WEI, DevelopFarm())
    assert state.players[WEI].farm_level == 1


def test_principle_1_choosing_an_action_not_won_or_done_is_refused():
    state, _ = _wei_wins_farm_and_tribute()
    for space in ("market", "trade"):
        with pytest.raises(DomainError) as refused:
            play(state, WEI, ChooseNextAction(space=space))
        assert refused.value.code == "three_kingdoms/choose_next_action_not_allowed"
    with pytest.raises(DomainError) as refused:
        play(state, WU, ChooseNextAction(space="farm"))
    assert refused.value.code == "not_your_turn"
    state, _ = play(state, WEI, ChooseNextAction(space="farm"))
    with pytest.raises(DomainError):
        play(state, WEI, ChooseNextAction(space="tribute"))  # an action is under way


def test_a_single_won_action_starts_without_a_choice():
    state, events = win_action(new_game(), WEI, "farm")
    assert of_type(events, ActionStarted) == [ActionStarted(seat=WEI, space="farm")]
    assert not any(isinstance(c, ChooseNextAction) for c in SPEC.legal_commands(state, WEI))


def test_3_2_2_step_4_a_kingdom_at_12_still_carries_out_its_tribe_action_and_stays_at_12():
    state = with_player(new_game(), WEI, tribe=12, gold=5)
    state, _ = win_action(state, WEI, "tribe_wei")
    legal = SPEC.legal_commands(state, WEI)
    assert SuppressTribe() in legal and BribeTribe() in legal and EndAction() in legal
    state, _ = play(state, WEI, SuppressTribe())
    assert state.players[WEI].tribe == 12  # raised nothing, and no decay (round 2 now)
    assert state.round == 2
    # A bribe at 12 pays and raises nothing, but is carried out too (no decay).
    state = with_player(new_game(), WEI, tribe=12, gold=5)
    state, _ = win_action(state, WEI, "tribe_wei")
    state, _ = play(state, WEI, BribeTribe())
    assert (state.players[WEI].tribe, state.players[WEI].gold) == (12, 2)


def test_3_2_2_step_4_declining_the_tribe_action_at_12_decays_to_11():
    state = with_player(new_game(), WEI, tribe=12)
    state, _ = win_action(state, WEI, "tribe_wei")
    state, _ = play(state, WEI, EndAction())
    assert state.players[WEI].tribe == 11


def test_rules_version_1_games_keep_no_tribe_option_at_12():
    state = with_player(new_game(rules_version="1"), WEI, tribe=12, gold=5)
    state, _ = win_action(state, WEI, "tribe_wei")
    assert SPEC.legal_commands(state, WEI) == [EndAction()]
    state, _ = play(state, WEI, EndAction())
    assert state.players[WEI].tribe == 11


def test_3_2_2_step_3_allies_act_each_in_its_own_turn_of_the_action_order():
    """The alliance space won by the 2nd and 3rd in bid order: each ally carries it out when
    its turn in action order comes, after the 1st's actions."""
    state = bidding(new_game(), alliance="farm")
    state = place(state, WEI, available_generals(state, WEI)[0], "tribute")
    state = place(state, WU, available_generals(state, WU)[0], "farm")
    state = place(state, SHU, available_generals(state, SHU)[0], "farm")
    state, events = pass_all(state)
    closed = of_type(events, BiddingClosed)[0]
    assert [o.winners for o in closed.outcomes if o.space == "farm"] == [(WU, SHU)]
    assert closed.tasks == (
        Task(space="tribute", seat=WEI),
        Task(space="farm", seat=WU),
        Task(space="farm", seat=SHU),
    )


def ordered_pack() -> dict:
    """The standard pack with a card whose two effects after demanding tribute depend on
    their order (gold per military point, and 2 military points)."""
    from .test_content_pack import standard

    doc = standard()
    doc["name"] = "ordered"
    for card in doc["developments"]:
        if card["id"] == "canal_network":
            card["abilities"] = [
                {
                    "trigger": "after_action",
                    "action": "demand_tribute",
                    "effects": [
                        {"op": "gain", "gain": {"gold": 1}, "per": "military", "cap": 20},
                        {"op": "gain", "gain": {"military": 2}},
                    ],
                }
            ]
    return doc


@pytest.fixture
def ordered():
    import json

    from domain.three_kingdoms import ThreeKingdomsOptions
    from domain.three_kingdoms.data import forget_pack, register_pack

    register_pack(json.dumps(ordered_pack()).encode())
    yield ThreeKingdomsOptions(content_pack="ordered")
    forget_pack("ordered")


def test_principle_1_effects_of_one_action_whose_order_matters_are_taken_in_the_players_order(
    ordered,
):
    from domain._kernel import start
    from domain.three_kingdoms.commands import TakeBenefit
    from domain.three_kingdoms.events import BenefitsOffered

    state, _ = start(SPEC, SPEC.new_setup(3, ordered), "ordered")
    state = with_player(state, WEI, built=("canal_network",), military=1, gold=0)
    state, _ = win_action(state, WEI, "tribute")
    state, events = play(state, WEI, DemandTribute(rice=2))
    offered = of_type(events, BenefitsOffered)
    assert [b.effect for b in offered[0].benefits] == [0, 1]
    assert SPEC.to_act(state) == (WEI,)
    gold_first = TakeBenefit(source="canal_network", effect=0)
    military_first = TakeBenefit(source="canal_network", effect=1)
    assert SPEC.legal_commands(state, WEI) == [gold_first, military_first]
    a, _ = play(state, WEI, military_first)
    a, _ = play(a, WEI, gold_first)
    b, _ = play(state, WEI, gold_first)
    b, _ = play(b, WEI, military_first)
    assert (a.players[WEI].gold, b.players[WEI].gold) == (3, 1)
