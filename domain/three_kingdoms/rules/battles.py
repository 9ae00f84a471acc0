"""Border battles. Bids on a battle space are general combat + tokens + units (a trained
army with a weapon each, up to leadership, one weapon type when 2+ units) + battle bonuses.
The winner chooses one of its generals there and 1+ of his units, puts them on a free
region of that border whose type matches the units' weapon, and takes the region's border
token (1-point side if the general's specialty is that weapon, else 0) into the granary or
treasury. A kingdom's next occupation must be on the other of its two borders."""

from __future__ import annotations

from domain.three_kingdoms.commands import Occupy
from domain.three_kingdoms.events import BorderOccupied
from domain.three_kingdoms.rules import effects
from domain.three_kingdoms.rules.common import Ctx, cat_of, space_border
from domain.three_kingdoms.rules.steps import end_action, involved
from domain.three_kingdoms.state import GameState, Occupation


def free_regions(state: GameState, border: str, weapon: str) -> list[int]:
    taken = {o.region for o in state.occupations if o.border == border}
    regions = cat_of(state).borders[border].regions
    return [i for i, kind in enumerate(regions) if kind == weapon and i not in taken]


def may_occupy(state: GameState, seat: int, border: str) -> bool:
    return state.players[seat].last_border != border


def occupy_options(state: GameState, seat: int) -> list:
    progress = state.progress
    if progress is None or not progress.space.startswith("battle_"):
        return []
    border = space_border(progress.space)
    if not may_occupy(state, seat, border):
        return []
    out: list = []
    for p in state.placements:
        if p.seat != seat or p.space != progress.space or not p.units:
            continue
        regions = free_regions(state, border, p.units[0])
        for n in range(1, len(p.units) + 1):
            for region in regions:
                for store in ("granary", "treasury"):
                    out.append(Occupy(general=p.general, units=n, region=region, store=store))
    return out


def occupy(ctx: Ctx, seat: int, command: Occupy) -> None:
    state = ctx.state
    progress = state.progress
    assert progress is not None
    border = space_border(progress.space)
    placement = next(
        p
        for p in state.placements
        if p.seat == seat and p.space == progress.space and p.general == command.general
    )
    weapon = placement.units[0]
    general = ctx.cat.generals[command.general]
    vp = 1 if general.specialty == weapon else 0
    occupation = Occupation(
        border=border,
        region=command.region,
        seat=seat,
        general=command.general,
        units=command.units,
        weapon=weapon,
    )
    generals = involved(state, seat, progress.space)
    ctx.emit(BorderOccupied(occupation=occupation, token_vp=vp, store=command.store))
    effects.after_action(ctx, seat, "occupy", generals)
    end_action(ctx, seat, True, keep=(command.general, command.units))
