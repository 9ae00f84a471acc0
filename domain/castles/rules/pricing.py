"""The Master Builder prices every room on the board, one SetPrice per room."""

from __future__ import annotations

from domain._kernel import DomainError
from domain.castles.commands import SetPrice
from domain.castles.events import PriceSet
from domain.castles.rules.context import Ctx
from domain.castles.rules.flow import start_buying
from domain.castles.state import CastlesState


def legal(state: CastlesState, seat: int) -> list:
    if seat != state.builder:
        return []
    empty = [i for i, o in enumerate(state.slots) if not o.room]
    return [
        SetPrice(room=o.room, slot=i)
        for o in sorted(state.pool, key=lambda o: o.room)
        for i in empty
    ]


def set_price(ctx: Ctx, seat: int, command: SetPrice) -> None:
    s = ctx.s
    if not any(o.room == command.room for o in s.pool):
        raise DomainError("castles/not_waiting", "that room is not waiting for a price")
    if not 0 <= command.slot < len(s.slots) or s.slots[command.slot].room:
        raise DomainError("castles/slot_taken", "that price slot is not free")
    ctx.emit(PriceSet(seat=seat, room=command.room, slot=command.slot))
    if not ctx.s.pool:
        start_buying(ctx)
