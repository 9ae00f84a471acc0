"""The tribe action (suppress or bribe) and tribe decay at the end of the resolution."""

from __future__ import annotations

from domain.three_kingdoms.commands import BribeTribe, SuppressTribe
from domain.three_kingdoms.events import TribeActionTaken
from domain.three_kingdoms.rules import effects
from domain.three_kingdoms.rules.common import Ctx, cat_of
from domain.three_kingdoms.rules.steps import end_action, involved
from domain.three_kingdoms.state import GameState


def tribe_options(state: GameState, seat: int) -> list:
    """Suppress, or bribe when the gold is there. At the top of the track (12) the action is
    still carried out: it raises nothing, but a kingdom that carried out its tribe action
    does not decay (3.2.2 step 4), so it stays at 12. Rules version 1 offered nothing there
    (the kingdom could only decline, and decayed to 11)."""
    pack = cat_of(state).pack
    player = state.players[seat]
    if player.tribe >= pack.tracks.tribe_max and state.rules_version == "1":
        return []
    out: list = [SuppressTribe()]
    if player.gold >= pack.tribe_action.bribe_gold:
        out.append(BribeTribe())
    return out


def take(ctx: Ctx, seat: int, command: SuppressTribe | BribeTribe) -> None:
    pack = ctx.cat.pack
    generals = involved(ctx.state, seat, ctx.state.progress.space)  # type: ignore[union-attr]
    if isinstance(command, BribeTribe):
        ctx.change(seat, "bribe_tribe", gold=-pack.tribe_action.bribe_gold)
        effects.gain(ctx, seat, "bribe_tribe", {"tribe": pack.tribe_action.bribe_gain})
        mode = "bribe"
    else:
        effects.gain(ctx, seat, "suppress_tribe", {"tribe": pack.tribe_action.suppress_gain})
        mode = "suppress"
    ctx.emit(TribeActionTaken(seat=seat, mode=mode))
    effects.after_action(ctx, seat, "tribe_action", generals)
    end_action(ctx, seat, True)


def decay(ctx: Ctx) -> None:
    """Kingdoms that did not take their tribe action lose 1 (not below the minimum); at the
    minimum (reached or stayed) they take a deficit token."""
    low = ctx.cat.pack.tracks.tribe_min
    for seat, player in enumerate(ctx.state.players):
        if player.tribe_done:
            continue
        new = max(low, player.tribe - 1)
        deficits = 1 if new == low else 0
        ctx.change(seat, "tribe_decay", tribe=new - player.tribe, deficits=deficits)
        ctx.take_deficits(seat, deficits)
