"""What each seat may see: ``view``, ``redact``, ``resample_hidden`` and ``result``.

Hidden: other seats' bonus cards (until the end), the room-card deck order, the order of every
tile stack, and which tiles a sleeping-room reward put on the deck (only their owner knows,
until they are revealed). Public: counts of all of these, and the size of those tiles."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain._kernel import Result, Rng, View, rank
from domain.castles import data
from domain.castles.events import (
    BonusCardDiscarded,
    BonusCardKept,
    GameSetUp,
    RewardQueued,
    SleepingRewardDone,
    TilePicked,
    TilesRevealed,
)
from domain.castles.rules.endgame import castle_size
from domain.castles.state import CastlesState, DeckTile, FinalScore, Offer, Pending, Placed


class SeatView(msgspec.Struct, frozen=True):
    money: int
    score: int
    castle: tuple[Placed, ...]
    hand: tuple[int, ...]
    """the viewer's own bonus cards (everyone's once the game is over)"""
    hand_count: int
    downstairs_completed: int


class DeckTileView(msgspec.Struct, frozen=True):
    size: int
    room: int
    """0 unless the viewer put it there"""
    owner: int


class PendingView(msgspec.Struct, frozen=True):
    kind: str
    piece: int
    cards: tuple[int, ...]
    """utility: the drawn cards, for their owner only"""


class CastlesView(View, tag="castles"):
    players: int
    phase: str
    round: int
    builder: int
    current: int
    order: tuple[int, ...]
    extra_turns: int
    corridor_used: bool
    last_round: bool
    seats: tuple[SeatView, ...]
    deck_count: int
    deck_top: tuple[DeckTileView, ...]
    used_cards: tuple[int, ...]
    stack_counts: tuple[int, ...]
    stairs: int
    hallways: int
    bonus_deck_count: int
    favors: tuple[int, ...]
    prices: tuple[int, ...]
    slots: tuple[Offer, ...]
    pool: tuple[Offer, ...]
    pending: tuple[PendingView, ...]
    inspecting: int
    inspected: tuple[int, ...]
    """the stack being looked through, sorted, for the seat looking only"""
    picked: tuple[int, ...]
    """for the seat picking only; others see ``picked_count``"""
    picked_count: int
    removed: int
    final: tuple[FinalScore, ...]


def view(state: CastlesState, viewer: int | None) -> CastlesView:
    over = state.phase == "over"
    mine = viewer is not None and viewer == state.current
    inspected: tuple[int, ...] = ()
    if state.inspecting and mine:
        inspected = tuple(sorted(state.stacks[data.SIZES.index(state.inspecting)]))
    return CastlesView(
        players=state.players,
        phase=state.phase,
        round=state.round,
        builder=state.builder,
        current=state.current,
        order=state.order,
        extra_turns=state.extra_turns,
        corridor_used=state.corridor_used,
        last_round=state.last_round,
        seats=tuple(
            SeatView(
                money=s.money,
                score=s.score,
                castle=s.castle,
                hand=s.hand if over or seat == viewer else (),
                hand_count=len(s.hand),
                downstairs_completed=s.downstairs_completed,
            )
            for seat, s in enumerate(state.seats)
        ),
        deck_count=len(state.deck),
        deck_top=tuple(
            DeckTileView(
                size=data.PIECES[t.room].size,
                room=t.room if t.owner == viewer else 0,
                owner=t.owner,
            )
            for t in state.deck_top
        ),
        used_cards=state.used,
        stack_counts=tuple(len(s) for s in state.stacks),
        stairs=state.stairs,
        hallways=state.hallways,
        bonus_deck_count=len(state.bonus_deck),
        favors=state.favors,
        prices=state.prices,
        slots=state.slots,
        pool=state.pool,
        pending=tuple(
            PendingView(kind=p.kind, piece=p.piece, cards=p.cards if mine else ())
            for p in state.pending
        ),
        inspecting=state.inspecting,
        inspected=inspected,
        picked=state.picked if mine else (),
        picked_count=len(state.picked),
        removed=state.removed,
        final=state.final,
    )


def redact(event, viewer: int | None):
    match event:
        case GameSetUp():
            return replace(
                event,
                deck=(),
                stacks=(),
                bonus_deck=(),
                hands=tuple(h if i == viewer else () for i, h in enumerate(event.hands)),
            )
        case BonusCardDiscarded(seat=seat) if seat != viewer:
            return replace(event, card=-1)
        case TilesRevealed():
            return replace(event, deck_after=())
        case RewardQueued(seat=seat) if seat != viewer and event.cards:
            return replace(event, cards=tuple(-1 for _ in event.cards))
        case BonusCardKept(seat=seat) if seat != viewer:
            return replace(event, kept=-1, returned=-1)
        case TilePicked(seat=seat) if seat != viewer:
            return replace(event, room=0)
        case SleepingRewardDone(seat=seat):
            picked = event.picked if seat == viewer else tuple(0 for _ in event.picked)
            return replace(event, picked=picked, stack_after=())
    return event


def resample_hidden(state: CastlesState, viewer: int | None, rng: Rng) -> CastlesState:
    """A state the viewer cannot tell from this one: other seats' bonus cards redrawn from the
    cards the viewer has not seen, the deck and every stack reshuffled, and tiles others put
    on the deck swapped with unseen tiles of the same size."""
    if state.phase == "over":
        return state
    current_is_other = state.current >= 0 and state.current != viewer
    # Bonus cards.
    unseen = list(state.bonus_deck)
    for seat, s in enumerate(state.seats):
        if seat != viewer:
            unseen += s.hand
    if current_is_other:
        for p in state.pending:
            unseen += p.cards
    unseen = rng.fork("bonus").shuffled(unseen)

    def deal(k: int) -> tuple[int, ...]:
        nonlocal unseen
        out, unseen = tuple(unseen[:k]), unseen[k:]
        return out

    seats = tuple(
        s if seat == viewer else replace(s, hand=deal(len(s.hand)))
        for seat, s in enumerate(state.seats)
    )
    pending = tuple(
        replace(p, cards=deal(len(p.cards))) if current_is_other else p for p in state.pending
    )
    bonus_deck = tuple(unseen)
    # Room tiles: stacks, other seats' deck-top tiles, another seat's picks.
    stacks = []
    deck_top = list(state.deck_top)
    picked = state.picked
    for size, stack in zip(data.SIZES, state.stacks, strict=True):
        srng = rng.fork(f"stack{size}")
        if state.inspecting == size and not current_is_other:
            stacks.append(tuple(srng.shuffled(stack)))
            continue
        slots = [
            i
            for i, t in enumerate(deck_top)
            if t.owner != viewer and data.PIECES[t.room].size == size
        ]
        pool = srng.shuffled([deck_top[i].room for i in slots] + list(stack))
        for i in slots:
            deck_top[i] = DeckTile(room=pool.pop(0), owner=deck_top[i].owner)
        stacks.append(tuple(pool))
        if state.inspecting == size:
            picked = tuple(srng.shuffled(pool)[: len(state.picked)])
    return replace(
        state,
        seats=seats,
        pending=pending,
        bonus_deck=bonus_deck,
        deck=tuple(rng.fork("deck").shuffled(state.deck)),
        stacks=tuple(stacks),
        deck_top=tuple(deck_top),
        picked=picked,
    )


def result(state: CastlesState) -> Result | None:
    if state.phase != "over":
        return None
    ranking = rank((f.seat, f.total, (castle_size(state.seats[f.seat]),)) for f in state.final)
    summary = ""
    if state.solo:
        score = state.final[0].total
        summary = f"{data.solo_title(score)} ({score} points)"
    elif state.end_reason == "stalemate":
        summary = "stalemate: no castle could place any room on the full board or any corridor"
    return Result(ranking=ranking, summary=summary)


__all__ = ["CastlesView", "Pending", "redact", "resample_hidden", "result", "view"]
