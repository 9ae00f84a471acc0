"""Placement scoring and completion rewards, and the decisions rewards wait for."""

from __future__ import annotations

from domain._kernel import DomainError
from domain.castles import data
from domain.castles.commands import (
    ChooseReward,
    InspectStack,
    KeepBonusCard,
    PickTile,
    PlaceFreeCorridor,
    StopPicking,
)
from domain.castles.events import (
    BonusCardKept,
    DownstairsRewardChosen,
    ExtraTurnGranted,
    FreeCorridorPlaced,
    MarksReceived,
    PlacementScored,
    PointsScored,
    RewardForfeited,
    RewardQueued,
    RoomCompleted,
    SleepingRewardDone,
    StackInspected,
    TilePicked,
)
from domain.castles.rules.context import Ctx
from domain.castles.rules.flow import end_turn
from domain.castles.rules.placement import any_placement, castle_of, check, placements
from domain.castles.rules.scoring import placement_lines, room_value_lines
from domain.castles.rules.supply import corridor_pieces
from domain.castles.state import CastlesState, Pending, Placed, ScoreLine

REWARDS = ("living", "activity", "sleeping", "outdoor", "utility", "food", "corridor")


def after_placement(ctx: Ctx, seat: int) -> None:
    """Score the piece just placed, then the completions it causes, then settle the turn."""
    placed = ctx.s.seats[seat].castle
    index = len(placed) - 1
    castle = castle_of(placed)
    lines = placement_lines(castle, index)
    ctx.emit(
        PlacementScored(
            seat=seat, index=index, lines=tuple(lines), total=sum(x.points for x in lines)
        )
    )
    for j in [index, *castle.connections(index)]:
        if castle.complete(j):
            completed(ctx, seat, j)
    settle(ctx, seat)


def completed(ctx: Ctx, seat: int, index: int) -> None:
    piece = castle_of(ctx.s.seats[seat].castle).laid[index].piece
    count = ctx.s.seats[seat].downstairs_completed
    if piece.type == "downstairs":
        count += 1
    ctx.emit(
        RoomCompleted(
            seat=seat,
            index=index,
            room_type=piece.type,
            downstairs_count=count if piece.type == "downstairs" else 0,
        )
    )
    if piece.type == "downstairs":
        if count % 2 == 0:
            ctx.emit(RewardQueued(seat=seat, kind="downstairs", source=index))
        return
    grant(ctx, seat, piece.type, index, index)


def grant(ctx: Ctx, seat: int, kind: str, source: int, room: int) -> None:
    """Give reward ``kind`` for the completion of castle piece ``source``; ``room`` is the
    piece a living reward scores again."""
    s = ctx.s
    match kind:
        case "living":
            castle = castle_of(s.seats[seat].castle)
            lines = [
                ScoreLine(f"completed: {x.reason}", x.points)
                for x in room_value_lines(castle, room)
            ]
            ctx.emit(
                PointsScored(seat=seat, lines=tuple(lines), total=sum(x.points for x in lines))
            )
        case "activity":
            ctx.emit(
                PointsScored(
                    seat=seat,
                    lines=(ScoreLine("completed activity room", data.ACTIVITY_REWARD),),
                    total=data.ACTIVITY_REWARD,
                )
            )
        case "outdoor":
            ctx.emit(
                MarksReceived(
                    seat=seat, amount=data.OUTDOOR_REWARD, reason="completed outdoor room"
                )
            )
        case "food":
            ctx.emit(ExtraTurnGranted(seat=seat))
        case "sleeping":
            ctx.emit(RewardQueued(seat=seat, kind="sleeping", source=source))
        case "utility":
            cards = s.bonus_deck[: data.UTILITY_DRAW]
            if not cards:
                ctx.emit(
                    RewardForfeited(
                        seat=seat,
                        kind=kind,
                        source=source,
                        reason="no bonus cards left",
                        queued=False,
                    )
                )
            else:
                ctx.emit(RewardQueued(seat=seat, kind="utility", source=source, cards=cards))
        case "corridor":
            if s.corridor_used:
                ctx.emit(
                    RewardForfeited(
                        seat=seat, kind=kind, source=source, reason="once per turn", queued=False
                    )
                )
            else:
                ctx.emit(RewardQueued(seat=seat, kind="corridor", source=source))
        case _:
            raise AssertionError(kind)


def free_corridor_options(state: CastlesState, seat: int) -> list[tuple[int, int, int, int]]:
    """(piece, x, y, rotation) of every placement a free corridor reward offers."""
    castle = castle_of(state.seats[seat].castle)
    return [
        (piece, x, y, rot)
        for piece in corridor_pieces(state)
        for x, y, rot in placements(castle, piece)
    ]


def free_corridor_placeable(state: CastlesState, seat: int) -> bool:
    castle = castle_of(state.seats[seat].castle)
    return any(any_placement(castle, piece) for piece in corridor_pieces(state))


def _unresolvable(state: CastlesState, seat: int, p: Pending) -> str | None:
    match p.kind:
        case "sleeping":
            return None if any(state.stacks) else "every room stack is empty"
        case "corridor":
            if state.corridor_used:
                return "once per turn"
            if free_corridor_placeable(state, seat):
                return None
            return "no stairs or hallway can be placed"
        case _:
            return None


def settle(ctx: Ctx, seat: int) -> None:
    """Drop rewards that cannot be taken; end the turn when nothing is left to decide."""
    changed = True
    while changed:
        changed = False
        for p in ctx.s.pending:
            reason = _unresolvable(ctx.s, seat, p)
            if reason is not None:
                ctx.emit(
                    RewardForfeited(
                        seat=seat, kind=p.kind, source=p.piece, reason=reason, queued=True
                    )
                )
                changed = True
                break
    if not ctx.s.pending and not ctx.s.inspecting:
        end_turn(ctx)


def _downstairs_choices(state: CastlesState, seat: int, p: Pending) -> list[ChooseReward]:
    out: list[ChooseReward] = []
    for reward in REWARDS:
        if reward == "living":
            rooms = state.downstairs_this_turn or (p.piece,)
            out += [ChooseReward(reward=reward, room=r) for r in sorted(set(rooms))]
            continue
        if reward == "sleeping" and not any(state.stacks):
            continue
        if reward == "utility" and not state.bonus_deck:
            continue
        if reward == "corridor" and (
            state.corridor_used or not free_corridor_placeable(state, seat)
        ):
            continue
        out.append(ChooseReward(reward=reward, room=p.piece))
    return out


def legal(state: CastlesState, seat: int) -> list:
    if state.inspecting:
        stack = state.stacks[data.SIZES.index(state.inspecting)]
        out: list = []
        if len(state.picked) < data.SLEEPING_MAX_TILES:
            out += [PickTile(room=r) for r in sorted(stack) if r not in state.picked]
        out.append(StopPicking())
        return out
    out = []
    seen: set[str] = set()
    for p in state.pending:
        if p.kind in seen and p.kind != "utility":
            continue
        seen.add(p.kind)
        match p.kind:
            case "sleeping":
                out += [
                    InspectStack(size=size)
                    for size, stack in zip(data.SIZES, state.stacks, strict=True)
                    if stack
                ]
            case "utility":
                out += [KeepBonusCard(card=c) for c in p.cards if KeepBonusCard(card=c) not in out]
            case "corridor":
                out += [
                    PlaceFreeCorridor(piece=piece, x=x, y=y, rotation=rot)
                    for piece, x, y, rot in free_corridor_options(state, seat)
                ]
            case "downstairs":
                out += [c for c in _downstairs_choices(state, seat, p) if c not in out]
    return out


def _first(state: CastlesState, kind: str) -> Pending:
    for p in state.pending:
        if p.kind == kind:
            return p
    raise DomainError("castles/no_such_reward", f"no {kind} reward is waiting")


def inspect_stack(ctx: Ctx, seat: int, command: InspectStack) -> None:
    if ctx.s.inspecting:
        raise DomainError("castles/already_inspecting", "finish picking first")
    p = _first(ctx.s, "sleeping")
    if command.size not in data.SIZES or not ctx.s.stacks[data.SIZES.index(command.size)]:
        raise DomainError("castles/empty_stack", "no tiles of that size")
    ctx.emit(StackInspected(seat=seat, source=p.piece, size=command.size))


def pick_tile(ctx: Ctx, seat: int, command: PickTile) -> None:
    s = ctx.s
    if not s.inspecting:
        raise DomainError("castles/not_inspecting", "inspect a stack first")
    stack = s.stacks[data.SIZES.index(s.inspecting)]
    if (
        command.room not in stack
        or command.room in s.picked
        or len(s.picked) >= data.SLEEPING_MAX_TILES
    ):
        raise DomainError("castles/cannot_pick", "that tile cannot be picked")
    ctx.emit(TilePicked(seat=seat, room=command.room))
    if len(ctx.s.picked) == data.SLEEPING_MAX_TILES:
        _finish_sleeping(ctx, seat)


def stop_picking(ctx: Ctx, seat: int, command: StopPicking) -> None:
    del command
    if not ctx.s.inspecting:
        raise DomainError("castles/not_inspecting", "inspect a stack first")
    _finish_sleeping(ctx, seat)


def _finish_sleeping(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    stack = [r for r in s.stacks[data.SIZES.index(s.inspecting)] if r not in s.picked]
    ctx.emit(
        SleepingRewardDone(
            seat=seat,
            size=s.inspecting,
            picked=s.picked,
            stack_after=tuple(ctx.rng.fork("sleeping").shuffled(stack)),
            discarded=s.last_round,
        )
    )
    settle(ctx, seat)


def keep_bonus_card(ctx: Ctx, seat: int, command: KeepBonusCard) -> None:
    if ctx.s.inspecting:
        raise DomainError("castles/already_inspecting", "finish picking first")
    for p in ctx.s.pending:
        if p.kind == "utility" and command.card in p.cards:
            others = [c for c in p.cards if c != command.card]
            ctx.emit(
                BonusCardKept(
                    seat=seat,
                    source=p.piece,
                    kept=command.card,
                    returned=others[0] if others else -1,
                )
            )
            settle(ctx, seat)
            return
    raise DomainError("castles/no_such_reward", "no utility reward offers that card")


def place_free_corridor(ctx: Ctx, seat: int, command: PlaceFreeCorridor) -> None:
    s = ctx.s
    if s.inspecting:
        raise DomainError("castles/already_inspecting", "finish picking first")
    p = _first(s, "corridor")
    if s.corridor_used:
        raise DomainError("castles/corridor_used", "once per turn")
    if command.piece not in corridor_pieces(s):
        raise DomainError("castles/no_corridor", "no such stairs or hallway left")
    if not 0 <= command.rotation <= 3:
        raise DomainError("castles/bad_rotation", "rotation is 0-3 quarter turns")
    placed = Placed(piece=command.piece, x=command.x, y=command.y, rot=command.rotation)
    reason = check(castle_of(s.seats[seat].castle), placed)
    if reason is not None:
        raise DomainError(f"castles/{reason}", f"the piece cannot go there ({reason})")
    ctx.emit(
        FreeCorridorPlaced(
            seat=seat,
            source=p.piece,
            piece=command.piece,
            x=command.x,
            y=command.y,
            rotation=command.rotation,
        )
    )
    after_placement(ctx, seat)


def choose_reward(ctx: Ctx, seat: int, command: ChooseReward) -> None:
    s = ctx.s
    if s.inspecting:
        raise DomainError("castles/already_inspecting", "finish picking first")
    p = _first(s, "downstairs")
    if command not in _downstairs_choices(s, seat, p):
        raise DomainError("castles/reward_unavailable", "that reward cannot be chosen now")
    ctx.emit(
        DownstairsRewardChosen(seat=seat, source=p.piece, reward=command.reward, room=command.room)
    )
    grant(ctx, seat, command.reward, p.piece, command.room)
    settle(ctx, seat)
