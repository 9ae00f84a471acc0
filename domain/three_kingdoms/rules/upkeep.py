"""Upkeep and refresh, and the start of a round (recruitment)."""

from __future__ import annotations

from domain.three_kingdoms.events import (
    CriteriaFlipped,
    HanTokenPassed,
    RoundStarted,
)
from domain.three_kingdoms.rules import recruitment
from domain.three_kingdoms.rules.common import Ctx, occupied_units, passive_effects


def upkeep(ctx: Ctx) -> None:
    state = ctx.state
    ctx.emit(CriteriaFlipped(flipped=not state.criteria_flipped))
    for o in state.outcomes:
        if o.space == "han" and o.winners:
            ctx.emit(HanTokenPassed(seat=o.winners[0]))
    for seat, player in enumerate(ctx.state.players):
        units = occupied_units(ctx.state, seat)
        discount_rice = discount_gold = 0
        for effect in passive_effects(ctx.state, seat):
            if effect.op == "upkeep_discount":
                discount_rice += effect.gain.rice
                discount_gold += effect.gain.gold
        rice_units = max(0, units - player.granary_farms - len(player.granary_borders))
        gold_units = max(0, units - player.treasury_markets - len(player.treasury_borders))
        rice_due = max(0, player.support // 2 + rice_units - discount_rice)
        gold_due = max(0, gold_units - discount_gold)
        rice_paid = min(rice_due, player.rice)
        gold_paid = min(gold_due, player.gold)
        deficits = (rice_due - rice_paid) + (gold_due - gold_paid)
        ctx.change(
            seat,
            "upkeep",
            rice=-rice_paid,
            gold=-gold_paid,
            deficits=deficits,
            military=units,
        )
        ctx.take_deficits(seat, deficits)


def start_round(ctx: Ctx, number: int) -> None:
    ctx.emit(RoundStarted(round=number))
    recruitment.begin(ctx, number)
