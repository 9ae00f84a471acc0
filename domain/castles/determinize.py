"""A full Castles state from one seat's view (for bots, ``domain/bots``).

Hidden from the seat: the other seats' bonus cards (and a utility reward's cards drawn by
another seat), the order and the make-up of the bonus deck, of the room-card deck and of
each tile stack (the game uses a random part of each), the tiles another seat put on the
room-card deck or is picking, and which tiles left the game. All are drawn at random from
what the seat has not seen:

- bonus cards: every card minus the seat's own (hand, pending reward), dealt to the other
  hands (their counts are public), another seat's pending utility reward, then the deck;
- room cards: the full deck minus the used pile, ``deck_count`` of them;
- room tiles, per size: every room of that size minus those in view (castles, the contract
  board and pool, the seat's own deck-top tiles and picks, a stack the seat is looking
  through), dealt to other seats' deck-top tiles of that size, then the stack (another
  seat's picks, which stay in the stack until its reward is done, are drawn from it); the
  rest left the game.

Not in the view, so assumed: the current rules version (``RULES_VERSION``)."""

from __future__ import annotations

from collections import Counter

from domain._kernel import Rng
from domain.castles import data
from domain.castles.state import (
    RULES_VERSION,
    CastlesState,
    DeckTile,
    Pending,
    Seat,
)
from domain.castles.view import CastlesView


def determinize(view: CastlesView, seat: int, rng: Rng) -> CastlesState:
    mine = view.current == seat
    over = view.phase == "over"
    # Bonus cards.
    own = set(view.seats[seat].hand)
    if mine:
        for p in view.pending:
            own.update(p.cards)
    unseen = rng.fork("bonus").shuffled(sorted(set(data.BONUS_CARDS) - own))

    def deal(count: int) -> tuple[int, ...]:
        nonlocal unseen
        out, unseen = tuple(unseen[:count]), unseen[count:]
        return out

    seats = tuple(
        Seat(
            money=s.money,
            score=s.score,
            castle=s.castle,
            hand=s.hand if other == seat or over else deal(s.hand_count),
            downstairs_completed=s.downstairs_completed,
        )
        for other, s in enumerate(view.seats)
    )
    pending = tuple(
        Pending(
            kind=p.kind,
            piece=p.piece,
            cards=p.cards if mine or p.kind != "utility" else deal(data.UTILITY_DRAW),
        )
        for p in view.pending
    )
    bonus_deck = deal(view.bonus_deck_count)
    # Room cards.
    left = Counter(data.room_cards())
    left.subtract(view.used_cards)
    cards = rng.fork("cards").shuffled(sorted(left.elements()))[: view.deck_count]
    # Room tiles.
    seen: set[int] = {p.piece for s in view.seats for p in s.castle}
    seen.update(o.room for o in (*view.slots, *view.pool) if o.room)
    seen.update(t.room for t in view.deck_top if t.room)
    seen.update(view.picked)
    seen.update(view.inspected)
    deck_top = list(view.deck_top)
    tops: list[DeckTile | None] = [None] * len(deck_top)
    stacks = []
    picked = view.picked
    for size, count in zip(data.SIZES, view.stack_counts, strict=True):
        pool = rng.fork(f"stack{size}").shuffled(
            sorted(r for r in data.ROOMS_BY_SIZE[size] if r not in seen)
        )
        for i, t in enumerate(deck_top):
            if t.size == size:
                tops[i] = DeckTile(room=t.room or pool.pop(), owner=t.owner)
        if view.inspecting == size and mine:
            stacks.append(tuple(rng.fork(f"inspected{size}").shuffled(view.inspected)))
            continue
        stack = tuple(pool[:count])
        if view.inspecting == size and not mine:
            # Picks stay in the stack until the reward is done: a part of the stack.
            picked = tuple(rng.fork("picked").shuffled(stack)[: view.picked_count])
        stacks.append(stack)
    return CastlesState(
        players=view.players,
        phase=view.phase,
        round=view.round,
        builder=view.builder,
        seats=seats,
        deck=tuple(cards),
        used=view.used_cards,
        deck_top=tuple(t for t in tops if t is not None),
        stacks=tuple(stacks),
        stairs=view.stairs,
        hallways=view.hallways,
        bonus_deck=bonus_deck,
        favors=view.favors,
        prices=view.prices,
        slots=view.slots,
        pool=view.pool,
        order=view.order,
        current=view.current,
        extra_turns=view.extra_turns,
        corridor_used=view.corridor_used,
        pending=pending,
        inspecting=view.inspecting,
        picked=picked,
        # Not in the view: the downstairs rooms completed this turn whose reward is still to
        # choose are known; those already rewarded this turn are not (a rare gap: their
        # rooms would be missing from a later living-room reward's choices).
        downstairs_this_turn=tuple(p.piece for p in view.pending if p.kind == "downstairs"),
        last_round=view.last_round,
        removed=view.removed,
        final=view.final,
        rules_version=RULES_VERSION,
    )
