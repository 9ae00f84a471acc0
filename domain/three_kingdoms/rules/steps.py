"""What every general action shares: the generals it involves, and closing it.

Battles and tribe actions close their own actions, and the action dispatcher (``actions``)
imports them, so closing an action lives here, below all three."""

from __future__ import annotations

from domain.three_kingdoms.events import ActionEnded
from domain.three_kingdoms.rules import effects
from domain.three_kingdoms.rules.common import Ctx
from domain.three_kingdoms.state import GameState


def involved(state: GameState, seat: int, space: str) -> tuple[str, ...]:
    return tuple(p.general for p in state.placements if p.seat == seat and p.space == space)


def end_action(ctx: Ctx, seat: int, performed: bool, keep: tuple[str, int] = ("", 0)) -> None:
    """Close the current action: multi-step triggers, then bid tokens and units not left on
    a border go home. ``keep`` = (general, units) that stay on the border."""
    state = ctx.state
    progress = state.progress
    assert progress is not None
    space = progress.space
    generals = involved(state, seat, space)
    if space == "trade" and progress.performed:
        effects.after_action(ctx, seat, "trade", generals)
    if space == "instructors":
        if progress.hired:
            effects.after_action(ctx, seat, "hire_instructors", generals)
        if progress.imported:
            effects.after_action(ctx, seat, "import_technology", generals)
    returned: dict[str, int] = {}
    for p in ctx.state.placements:
        if p.seat != seat or p.space != space:
            continue
        returned["bid_tokens"] = returned.get("bid_tokens", 0) + p.bid_tokens
        units = list(p.units)
        if p.general == keep[0]:
            units = units[keep[1] :]
        for weapon in units:
            returned["trained"] = returned.get("trained", 0) + 1
            returned[weapon] = returned.get(weapon, 0) + 1
    ctx.change(seat, "bid_returned", **returned)
    ctx.emit(ActionEnded(seat=seat, space=space, performed=performed))
