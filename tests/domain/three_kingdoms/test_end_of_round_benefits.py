"""End-of-round benefits ("players may use the benefits of generals or state-development
cards that give a benefit at the end of the round"): optional ("may") effects can be
declined, and when the order of a kingdom's effects matters the player picks it; otherwise
the fixed order applies at once."""

from __future__ import annotations

import json

import pytest

from domain import _kernel as kernel
from domain._kernel import playout
from domain.testing import check_playout
from domain.three_kingdoms import SPEC, ThreeKingdomsOptions
from domain.three_kingdoms.commands import DeclineBenefit, TakeBenefit
from domain.three_kingdoms.content import Effect, Resources
from domain.three_kingdoms.events import BenefitsOffered, GameEnded, RoundStarted
from domain.three_kingdoms.rules.effects import order_matters
from domain.three_kingdoms.state import Benefit
from domain.three_kingdoms.validation import parse_pack

from .support import SHU, WEI, WU, bidding, new_game, of_type, pass_all, play, with_player
from .test_content_pack import refused, standard

OPTIONAL_GENERALS = ("xun_yu", "taishi_ci", "zhuge_liang", "zhang_bao")


def benefits_pack() -> dict:
    """The standard pack with "may" end-of-round gains and an order-dependent card."""
    doc = standard()
    doc["name"] = "benefits"
    for general in doc["generals"]:
        if general["id"] in OPTIONAL_GENERALS:
            general["abilities"][0]["effects"][0]["optional"] = True
    for card in doc["developments"]:
        if card["id"] == "canal_network":
            card["abilities"] = [
                {
                    "trigger": "end_of_round",
                    "effects": [
                        {"op": "gain", "gain": {"gold": 1}, "per": "military", "cap": 20},
                        {"op": "gain", "gain": {"military": 2}},
                    ],
                }
            ]
    return doc


@pytest.fixture
def pack(monkeypatch):
    from domain.three_kingdoms import data, rules

    variant = parse_pack(json.dumps(benefits_pack()).encode())
    original = data.load_pack

    def fake(name: str):
        return variant if name == "benefits" else original(name)

    monkeypatch.setattr(data, "load_pack", fake)
    monkeypatch.setattr(rules, "load_pack", fake)
    data.catalog.cache_clear()
    yield ThreeKingdomsOptions(content_pack="benefits")
    data.catalog.cache_clear()


def game(options, **changes):
    """Each kingdom with its leader only, no support (no upkeep), then ``changes``."""
    state, _ = kernel.start(SPEC, SPEC.new_setup(3, options), "benefits")
    for seat, leader in enumerate(("cao_cao", "sun_jian", "liu_bei")):
        state = with_player(state, seat, generals=(leader,), support=0)
    for seat, values in changes.items():
        state = with_player(state, {"wei": WEI, "wu": WU, "shu": SHU}[seat], **values)
    return state


XUN_YU = Benefit(source="xun_yu", ability=0, effect=0, optional=True)


def test_a_may_benefit_is_offered_and_may_be_declined(pack):
    state = game(pack, wei={"generals": ("cao_cao", "xun_yu"), "rice": 3})
    state, events = pass_all(bidding(state))
    assert of_type(events, BenefitsOffered) == [BenefitsOffered(seat=WEI, benefits=(XUN_YU,))]
    assert SPEC.to_act(state) == (WEI,) and state.round == 1
    take = TakeBenefit(source="xun_yu")
    decline = DeclineBenefit(source="xun_yu")
    assert SPEC.legal_commands(state, WEI) == [take, decline]
    assert SPEC.view(state, WU).players[WEI].benefits == (XUN_YU,)
    declined, events = play(state, WEI, decline)
    assert declined.players[WEI].rice == 3 and of_type(events, RoundStarted)
    taken, _ = play(state, WEI, take)
    assert taken.players[WEI].rice == 4 and taken.round == 2


def test_a_kingdom_with_order_dependent_benefits_chooses_their_order(pack):
    state = game(pack, wu={"built": ("canal_network",), "military": 1, "gold": 0})
    state, _ = pass_all(bidding(state))
    assert SPEC.to_act(state) == (WU,)
    gold_first = TakeBenefit(source="canal_network", effect=0)
    military_first = TakeBenefit(source="canal_network", effect=1)
    assert SPEC.legal_commands(state, WU) == [gold_first, military_first]  # none declinable
    a, _ = play(state, WU, military_first)
    a, _ = play(a, WU, gold_first)
    b, _ = play(state, WU, gold_first)
    b, _ = play(b, WU, military_first)
    assert (a.players[WU].gold, b.players[WU].gold) == (3, 1)
    assert a.players[WU].military == b.players[WU].military == 3
    assert a.round == b.round == 2


def test_benefits_wait_kingdom_by_kingdom_in_action_order(pack):
    state = game(
        pack,
        wei={"generals": ("cao_cao", "xun_yu")},
        wu={"generals": ("sun_jian", "taishi_ci"), "rice": 0},
    )
    state, _ = pass_all(bidding(state))
    assert state.action_order[0] == WEI and SPEC.to_act(state) == (WEI,)
    assert state.players[WU].benefits == () and state.players[WU].rice == 0
    state, events = play(state, WEI, DeclineBenefit(source="xun_yu"))
    assert of_type(events, BenefitsOffered)[0].seat == WU and SPEC.to_act(state) == (WU,)
    state, _ = play(state, WU, TakeBenefit(source="taishi_ci"))
    assert state.players[WU].rice == 1 and state.round == 2


def test_without_optional_or_order_dependent_effects_the_fixed_order_applies_at_once():
    state = with_player(new_game(), SHU, generals=("liu_bei", "zhuge_liang"), gold=0)
    state, events = pass_all(bidding(state))
    assert not of_type(events, BenefitsOffered)
    assert state.players[SHU].gold == 1 and state.round == 2


def test_order_matters_only_for_per_multipliers_and_own_losses():
    """A ``per`` multiplier matters only when another effect may change the metric it reads
    (rules version 2; version 1: any ``per`` among several effects)."""
    plus = Effect(op="gain", gain=Resources(rice=1))
    per = Effect(op="gain", gain=Resources(gold=1), per="military")
    more_military = Effect(op="gain", gain=Resources(military=2))
    choose_support = Effect(op="choose", options=("support", "rice"))
    per_support = Effect(op="gain", gain=Resources(rice=1), per="support")
    loss = Effect(op="gain", gain=Resources(gold=-1))
    drain = Effect(op="gain", gain=Resources(military=-1), target="opponents")
    train = Effect(op="train", amount=1)
    choose = Effect(op="choose", options=("rice", "armies"))
    assert not order_matters([plus, train, choose, drain])
    assert not order_matters([per]) and not order_matters([loss])
    assert order_matters([loss, plus])
    assert not order_matters([plus, per]) and not order_matters([per, drain])
    assert order_matters([per, more_military]) and order_matters([choose_support, per_support])
    assert order_matters([plus, per], rules_version="1")


def test_an_optional_effect_outside_the_end_of_round_is_refused():
    doc = standard()
    ability = next(d for d in doc["developments"] if d["id"] == "imperial_palace")["abilities"][0]
    ability["effects"][0]["optional"] = True
    assert "end_of_round" in refused(doc).detail


def test_a_pack_with_pending_benefits_honours_the_contract_and_plays_to_the_end(pack):
    offered = 0
    for seed in ("ben-a", "ben-b", "ben-c"):
        check_playout(SPEC, 3, seed, pack)
        _, events = playout(SPEC, SPEC.new_setup(3, pack), seed)
        assert of_type(events, GameEnded)
        offered += len(of_type(events, BenefitsOffered))
    assert offered
