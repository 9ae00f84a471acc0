"""A buying turn: buy a room (and place it), buy stairs or a hallway (and place it), or pass."""

from __future__ import annotations

from domain._kernel import DomainError
from domain.castles import data
from domain.castles.commands import BuyCorridor, BuyRoom, Pass
from domain.castles.events import CorridorBought, Passed, RoomBought
from domain.castles.rules.context import Ctx
from domain.castles.rules.flow import end_turn
from domain.castles.rules.placement import castle_of, check, placements
from domain.castles.rules.rewards import after_placement
from domain.castles.rules.supply import corridor_pieces
from domain.castles.state import CastlesState, Placed


def payee(state: CastlesState, seat: int) -> int:
    """Who is paid: the Master Builder, or the bank (-1) when the builder buys or solo."""
    return -1 if state.solo or seat == state.builder else state.builder


def affordable(state: CastlesState, seat: int, slot: int) -> bool:
    offer = state.slots[slot]
    return bool(offer.room) and state.seats[seat].money + offer.money >= state.prices[slot]


def legal(state: CastlesState, seat: int) -> list:
    castle = castle_of(state.seats[seat].castle)
    out: list = []
    for slot in range(len(state.slots)):
        if affordable(state, seat, slot):
            room = state.slots[slot].room
            out += [
                BuyRoom(slot=slot, x=x, y=y, rotation=r) for x, y, r in placements(castle, room)
            ]
    if state.seats[seat].money >= data.CORRIDOR_PRICE:
        for piece in corridor_pieces(state):
            out += [
                BuyCorridor(piece=piece, x=x, y=y, rotation=r)
                for x, y, r in placements(castle, piece)
            ]
    out.append(Pass())
    return out


def _check_placement(state: CastlesState, seat: int, placed: Placed) -> None:
    if not 0 <= placed.rot <= 3:
        raise DomainError("castles/bad_rotation", "rotation is 0-3 quarter turns")
    reason = check(castle_of(state.seats[seat].castle), placed)
    if reason is not None:
        raise DomainError(f"castles/{reason}", f"the piece cannot go there ({reason})")


def buy_room(ctx: Ctx, seat: int, command: BuyRoom) -> None:
    s = ctx.s
    if not 0 <= command.slot < len(s.slots) or not s.slots[command.slot].room:
        raise DomainError("castles/empty_slot", "there is no room on that price slot")
    if not affordable(s, seat, command.slot):
        raise DomainError("castles/cannot_afford", "you cannot pay that price")
    offer = s.slots[command.slot]
    placed = Placed(piece=offer.room, x=command.x, y=command.y, rot=command.rotation)
    _check_placement(s, seat, placed)
    ctx.emit(
        RoomBought(
            seat=seat,
            slot=command.slot,
            room=offer.room,
            price=s.prices[command.slot],
            paid_to=payee(s, seat),
            money_taken=offer.money,
            x=command.x,
            y=command.y,
            rotation=command.rotation,
        )
    )
    after_placement(ctx, seat)


def buy_corridor(ctx: Ctx, seat: int, command: BuyCorridor) -> None:
    s = ctx.s
    if command.piece not in corridor_pieces(s):
        raise DomainError("castles/no_corridor", "no such stairs or hallway left")
    if s.seats[seat].money < data.CORRIDOR_PRICE:
        raise DomainError("castles/cannot_afford", "stairs and hallways cost 3,000")
    placed = Placed(piece=command.piece, x=command.x, y=command.y, rot=command.rotation)
    _check_placement(s, seat, placed)
    ctx.emit(
        CorridorBought(
            seat=seat,
            piece=command.piece,
            price=data.CORRIDOR_PRICE,
            paid_to=payee(s, seat),
            x=command.x,
            y=command.y,
            rotation=command.rotation,
        )
    )
    after_placement(ctx, seat)


def pass_turn(ctx: Ctx, seat: int, command: Pass) -> None:
    del command
    ctx.emit(Passed(seat=seat, income=data.PASS_INCOME))
    end_turn(ctx)
