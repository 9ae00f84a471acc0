"""Round and turn flow: reveal, buying order, end of turn, end of round, end of game."""

from __future__ import annotations

from domain.castles import data
from domain.castles.events import BuyingStarted, RoundEnded, TilesRevealed, TurnStarted
from domain.castles.rules.context import Ctx
from domain.castles.rules.endgame import finish
from domain.castles.rules.placement import any_placement, castle_of
from domain.castles.rules.supply import corridor_pieces
from domain.castles.state import CastlesState


def begin_round(ctx: Ctx, first: bool = False) -> None:
    """The Master Builder reveals tiles for the empty price slots (deck-top tiles first, then
    one per room card; a card whose size stack is empty is discarded and another turned). When
    the deck runs short, the used cards are reshuffled to fill the board and this is the last
    round; when it runs out exactly, too."""
    s = ctx.s
    need = len(s.prices) if s.solo else sum(1 for o in s.slots if not o.room)
    tiles: list[int] = []
    cards: list[int] = []
    deck_top = [t.room for t in s.deck_top]
    deck = list(s.deck)
    used = list(s.used)
    stacks = [list(x) for x in s.stacks]
    from_top = 0
    reshuffled = False
    while len(tiles) < need:
        if from_top < len(deck_top):
            tiles.append(deck_top[from_top])
            from_top += 1
            continue
        if not deck:
            if reshuffled or not used:
                break
            deck = ctx.rng.fork("reshuffle").shuffled(used)
            used = []
            reshuffled = True
            continue
        card = deck.pop(0)
        cards.append(card)
        used.append(card)
        stack = stacks[data.SIZES.index(card)]
        if stack:
            tiles.append(stack.pop(0))
    last = reshuffled or (not deck and from_top == len(deck_top))
    ctx.emit(
        TilesRevealed(
            round=s.round + 1,
            builder=s.builder,
            tiles=tuple(tiles),
            cards=tuple(cards),
            from_deck_top=from_top,
            reshuffled=reshuffled,
            deck_after=tuple(deck),
            deck_count_after=len(deck),
            used_after=tuple(used),
            last_round=last,
        )
    )
    if first:
        return
    after_reveal(ctx)


def after_reveal(ctx: Ctx) -> None:
    if ctx.s.solo or not ctx.s.pool:
        start_buying(ctx)


def after_setup(ctx: Ctx) -> None:
    after_reveal(ctx)


def start_buying(ctx: Ctx) -> None:
    s = ctx.s
    order = tuple((s.builder + i) % s.players for i in range(1, s.players + 1))
    ctx.emit(BuyingStarted(order=order))
    ctx.emit(TurnStarted(seat=order[0], extra=False))


def end_turn(ctx: Ctx) -> None:
    s = ctx.s
    if s.extra_turns > 0:
        ctx.emit(TurnStarted(seat=s.current, extra=True))
    elif s.order:
        ctx.emit(TurnStarted(seat=s.order[0], extra=False))
    else:
        end_round(ctx)


def end_round(ctx: Ctx) -> None:
    s = ctx.s
    ctx.emit(
        RoundEnded(
            round=s.round,
            unsold=tuple(o.room for o in s.slots if o.room),
            next_builder=(s.builder + 1) % s.players,
        )
    )
    if ctx.s.last_round:
        finish(ctx)
    elif stalemate(ctx.s):
        finish(ctx, reason="stalemate")
    else:
        begin_round(ctx)


def stalemate(state: CastlesState) -> bool:
    """True when no later round can differ from this one except in marks and prices, so the
    deck can never run out (RULES.md, "Stalemate"). A full board reveals nothing, so the deck
    and the rooms on offer change only when a room is bought; castles change only when a room or
    corridor is placed. If no seat has a placement for any of them, no seat ever will: marks
    only make more things affordable, never more things placeable. Checked at the end of a
    round, when no reward or extra turn is waiting; an empty slot lets the deck advance."""
    if state.solo or any(not offer.room for offer in state.slots):
        return False
    pieces = [offer.room for offer in state.slots] + corridor_pieces(state)
    for seat in state.seats:
        castle = castle_of(seat.castle)
        if any(any_placement(castle, piece) for piece in pieces):
            return False
    return True
