"""The resolution driver: runs every automatic step until a seat must decide."""

from __future__ import annotations

from domain.three_kingdoms.events import GameEnded, StageReached
from domain.three_kingdoms.rules import effects, tribes
from domain.three_kingdoms.rules.actions import actions_to_choose, choice_seat, start_task
from domain.three_kingdoms.rules.common import Ctx
from domain.three_kingdoms.rules.scoring import end_reason, score_cards
from domain.three_kingdoms.rules.upkeep import start_round, upkeep

BENEFITS_FROM = "benefits_from_"
"""Stage while end-of-round benefits wait for a kingdom: the next action-order index."""


def advance(ctx: Ctx) -> None:
    while True:
        state = ctx.state
        if (
            state.phase != "resolution"
            or choice_seat(state) >= 0
            or effects.benefit_seat(state) >= 0
            or state.progress is not None
        ):
            return
        if state.task_index < len(state.tasks):
            if actions_to_choose(state):
                return  # the kingdom chooses which of its actions comes next
            start_task(ctx, state.tasks[state.task_index])
            continue
        if state.stage == "":
            tribes.decay(ctx)
            ctx.emit(StageReached(stage="decayed"))
            continue
        if state.stage == "decayed" or state.stage.startswith(BENEFITS_FROM):
            # End-of-round benefits, kingdom by kingdom in action order; a kingdom with
            # pending decisions resolves them before the next kingdom's benefits.
            first = 0 if state.stage == "decayed" else int(state.stage[len(BENEFITS_FROM) :])
            stage = "benefits"
            for index in range(first, len(state.action_order)):
                if effects.end_of_round(ctx, state.action_order[index]):
                    if index + 1 < len(state.action_order):
                        stage = f"{BENEFITS_FROM}{index + 1}"
                    break
            ctx.emit(StageReached(stage=stage))
            continue
        reason = end_reason(state)
        if reason:
            ctx.emit(
                GameEnded(
                    reason=reason,
                    scores=score_cards(state),
                    deficit_values=tuple(p.deficit_values for p in state.players),
                    hands=tuple(p.hand for p in state.players),
                )
            )
            return
        upkeep(ctx)
        start_round(ctx, state.round + 1)
        return
