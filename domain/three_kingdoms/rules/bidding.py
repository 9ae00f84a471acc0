"""Conflict phase: the alliance token, then bidding one general at a time.

A turn is: place one available general on a space you may bid on, then raise that bid one
token at a time (bid token, popular-support token, the Han emperor token; on a battle space
also units = a trained army + a weapon, up to the general's leadership, one weapon type when
2+ units), then finish the placement. Or pass: you place nothing more this round."""

from __future__ import annotations

from domain.three_kingdoms.commands import (
    AddBidToken,
    AddHanToken,
    AddSupport,
    AddUnit,
    FinishPlacement,
    Pass,
    PlaceAlliance,
    PlaceGeneral,
)
from domain.three_kingdoms.events import (
    AlliancePlaced,
    BiddingClosed,
    BidRaised,
    GeneralPlaced,
    Passed,
    PlacementFinished,
)
from domain.three_kingdoms.rules.common import (
    CENTRAL_SPACES,
    WEAPONS,
    Ctx,
    all_spaces,
    available_generals,
    battle_space,
    cat_of,
    passive_effects,
    placement_value,
    space_border,
    stat,
    tribe_space,
)
from domain.three_kingdoms.rules.flow import advance
from domain.three_kingdoms.state import GameState, Outcome, Task


def alliance_spaces(state: GameState) -> tuple[str, ...]:
    return tuple(
        s for s in CENTRAL_SPACES if s not in ("support", "han") and s != state.last_alliance
    )


def alliance_options(state: GameState) -> list:
    return [PlaceAlliance(space=s) for s in alliance_spaces(state)]


def place_alliance(ctx: Ctx, seat: int, space: str) -> None:
    state = ctx.state
    first = next((s for s in state.bid_order if can_bid(state, s)), -1)
    ctx.emit(AlliancePlaced(seat=seat, space=space, first_bidder=first))
    if first < 0:
        close_bidding(ctx)


def spaces_for(state: GameState, seat: int) -> tuple[str, ...]:
    cat = cat_of(state)
    kingdom = cat.kingdom_ids[seat]
    spaces = list(CENTRAL_SPACES)
    spaces += [battle_space(b) for b in cat.borders_of[seat]]
    own_tribe = tribe_space(kingdom)
    if not any(p.seat == seat and p.space == own_tribe for p in state.placements):
        spaces.append(own_tribe)
    return tuple(spaces)


def can_bid(state: GameState, seat: int) -> bool:
    return not state.players[seat].passed and bool(available_generals(state, seat))


def bidding_options(state: GameState, seat: int) -> list:
    player = state.players[seat]
    if not state.open_placement:
        options: list = [
            PlaceGeneral(general=g, space=s)
            for g in available_generals(state, seat)
            for s in spaces_for(state, seat)
        ]
        options.append(Pass())
        return options
    last = state.placements[-1]
    options = [FinishPlacement()]
    if last.space.startswith("tribe_"):
        return options
    if player.bid_tokens > 0:
        options.append(AddBidToken())
    if player.support > 0:
        options.append(AddSupport())
    if state.han_holder == seat and not state.han_on_board:
        options.append(AddHanToken())
    if last.space.startswith("battle_") and player.trained > 0:
        leadership = stat(state, last.general, "leadership")
        if len(last.units) < leadership:
            for weapon in WEAPONS:
                if getattr(player, weapon) > 0 and (not last.units or last.units[0] == weapon):
                    options.append(AddUnit(weapon=weapon))
    return options


def _next_bidder(state: GameState, seat: int) -> int:
    order = state.bid_order
    start = order.index(seat)
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if can_bid(state, candidate):
            return candidate
    return -1


def place_general(ctx: Ctx, seat: int, general: str, space: str) -> None:
    ctx.emit(GeneralPlaced(seat=seat, general=general, space=space))


def raise_bid(ctx: Ctx, seat: int, token: str) -> None:
    ctx.emit(BidRaised(seat=seat, token=token))


def finish_placement(ctx: Ctx, seat: int) -> None:
    nxt = _next_bidder(ctx.state, seat)
    ctx.emit(PlacementFinished(seat=seat, next_bidder=nxt))
    if nxt < 0:
        close_bidding(ctx)


def pass_turn(ctx: Ctx, seat: int) -> None:
    state = ctx.state
    # The seat is out; the next bidder is computed as if it had passed already.
    order = state.bid_order
    start = order.index(seat)
    nxt = -1
    for step in range(1, len(order)):
        candidate = order[(start + step) % len(order)]
        if can_bid(state, candidate):
            nxt = candidate
            break
    ctx.emit(Passed(seat=seat, next_bidder=nxt))
    if nxt < 0:
        close_bidding(ctx)


def sides(state: GameState, space: str) -> list[tuple[int, ...]]:
    """Who bids together on a space: the alliance space pits 1st against 2nd + 3rd."""
    if space == state.alliance_space:
        return [(state.bid_order[0],), (state.bid_order[1], state.bid_order[2])]
    return [(seat,) for seat in range(len(state.players))]


def outcome(state: GameState, space: str) -> Outcome:
    border = space_border(space)
    values = [0] * len(state.players)
    best: tuple | None = None
    winners: tuple[int, ...] = ()
    for side in sides(state, space):
        bids = [p for p in state.placements if p.space == space and p.seat in side]
        if not bids:
            continue
        value = sum(placement_value(state, p) for p in bids)
        ties = False
        for seat in side:
            generals = tuple(p.general for p in bids if p.seat == seat)
            for effect in passive_effects(state, seat, generals):
                if effect.op == "battle_bonus" and border:
                    value += effect.amount
                if effect.op == "win_ties":
                    ties = True
        reached = max(p.tick for p in bids)
        key = (value, 1 if ties else 0, -reached)
        if best is None or key > best:
            best = key
            winners = tuple(s for s in side if any(p.seat == s for p in bids))
        for seat in side:
            values[seat] = value
    return Outcome(space=space, winners=winners, values=tuple(values))


def won_actions(
    state: GameState, outcomes: tuple[Outcome, ...], action_order: tuple[int, ...]
) -> tuple[Task, ...]:
    """The won actions in the order they are carried out (3.2.2 step 3: "in the order shown
    by the kingdom markers on the action-order track"): kingdom by kingdom in action order,
    each kingdom's in board order until it chooses another (``choose_next_action``). Rules
    version 1 ran them space by space in board order, the allies of a space in action order.
    ``outcomes`` are in board order."""
    if state.rules_version == "1":
        return tuple(
            Task(space=o.space, seat=seat)
            for o in outcomes
            for seat in action_order
            if seat in o.winners
        )
    return tuple(
        Task(space=o.space, seat=seat)
        for seat in action_order
        for o in outcomes
        if seat in o.winners
    )


def close_bidding(ctx: Ctx) -> None:
    state = ctx.state
    cat = cat_of(state)
    outcomes = tuple(
        outcome(state, space)
        for space in all_spaces(cat)
        if any(p.space == space for p in state.placements)
    )
    winners = {o.space: o.winners for o in outcomes}
    # Losing bids go home: bid tokens, trained armies and weapons (support tokens are spent).
    for seat in range(len(state.players)):
        returned: dict[str, int] = {}
        for p in state.placements:
            if p.seat != seat or seat in winners[p.space]:
                continue
            returned["bid_tokens"] = returned.get("bid_tokens", 0) + p.bid_tokens
            for weapon in p.units:
                returned["trained"] = returned.get("trained", 0) + 1
                returned[weapon] = returned.get(weapon, 0) + 1
        ctx.change(seat, "bid_lost", **returned)
    successes = tuple(
        sum(1 for o in outcomes if seat in o.winners) for seat in range(len(state.players))
    )
    bid_order = tuple(
        sorted(
            range(len(state.players)), key=lambda s: (-successes[s], -state.players[s].military, s)
        )
    )
    action_order = state.bid_order
    tasks = won_actions(state, outcomes, action_order)
    ctx.emit(
        BiddingClosed(
            outcomes=outcomes,
            successes=successes,
            bid_order=bid_order,
            action_order=action_order,
            tasks=tasks,
        )
    )
    advance(ctx)
