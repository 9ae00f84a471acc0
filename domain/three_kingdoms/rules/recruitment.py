"""Recruitment (rounds 3, 5 and 9 in the standard pack), before the alliance token.

Each kingdom recruiting this round looks at the top ``draw`` generals of its own deck (only
it sees them) and keeps ``count`` of them, one ``recruit_general`` at a time, in bid order;
the rest go to the bottom of its deck. With ``draw`` equal to ``count`` there is no choice
and the generals join at once."""

from __future__ import annotations

from domain.three_kingdoms.commands import RecruitGeneral
from domain.three_kingdoms.events import (
    GeneralRecruited,
    GeneralsOffered,
    GeneralsRecruited,
    OfferReturned,
    RecruitmentFinished,
)
from domain.three_kingdoms.rules.common import Ctx
from domain.three_kingdoms.state import GameState


def recruiting_seat(state: GameState) -> int:
    for seat in state.bid_order:
        if state.players[seat].to_keep > 0:
            return seat
    return -1


def begin(ctx: Ctx, number: int) -> None:
    for seat, kingdom in enumerate(ctx.cat.pack.kingdoms):
        step = next((r for r in kingdom.recruits if r.round == number), None)
        deck = ctx.state.general_decks[seat]
        if step is None or not step.count or not deck:
            continue
        draw = max(step.draw, step.count)
        offered = deck[:draw]
        keep = min(step.count, len(offered))
        if keep == len(offered):
            ctx.emit(GeneralsRecruited(seat=seat, generals=offered))
        else:
            ctx.emit(GeneralsOffered(seat=seat, generals=offered, keep=keep))
    if ctx.state.phase == "recruit" and recruiting_seat(ctx.state) < 0:
        ctx.emit(RecruitmentFinished())


def options(state: GameState, seat: int) -> list:
    if recruiting_seat(state) != seat:
        return []
    return [RecruitGeneral(general=g) for g in dict.fromkeys(state.players[seat].offer)]


def recruit(ctx: Ctx, seat: int, general: str) -> None:
    ctx.emit(GeneralRecruited(seat=seat, general=general))
    player = ctx.state.players[seat]
    if player.to_keep == 0:
        ctx.emit(OfferReturned(seat=seat, generals=player.offer))
    if recruiting_seat(ctx.state) < 0:
        ctx.emit(RecruitmentFinished())
