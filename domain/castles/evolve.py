"""``evolve``: apply one event. Never validates, never draws, never mutates its input.

``evolve`` hands each event to the function for its group (set-up, reveal and pricing, turn
and round flow, buying, scoring, rewards), named after the rules modules that emit them."""

from __future__ import annotations

from msgspec.structs import replace

from domain.castles import data
from domain.castles.events import (
    BonusCardDiscarded,
    BonusCardKept,
    BuyingStarted,
    CorridorBought,
    DownstairsRewardChosen,
    ExtraTurnGranted,
    FreeCorridorPlaced,
    GameEnded,
    GameSetUp,
    MarksReceived,
    Passed,
    PlacementScored,
    PointsScored,
    PriceSet,
    RewardForfeited,
    RewardQueued,
    RoomBought,
    RoomCompleted,
    RoundEnded,
    SleepingRewardDone,
    StackInspected,
    TilePicked,
    TilesRevealed,
    TurnStarted,
)
from domain.castles.state import CastlesState, DeckTile, Offer, Pending, Placed, Seat


def _seat(state: CastlesState, seat: int, **changes) -> tuple[Seat, ...]:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)
    return tuple(seats)


def _money(state: CastlesState, changes: dict[int, int]) -> tuple[Seat, ...]:
    seats = list(state.seats)
    for seat, delta in changes.items():
        if seat >= 0:
            seats[seat] = replace(seats[seat], money=seats[seat].money + delta)
    return tuple(seats)


def _place(seat: Seat, piece: int, x: int, y: int, rot: int) -> Seat:
    return replace(seat, castle=(*seat.castle, Placed(piece=piece, x=x, y=y, rot=rot)))


def _drop_pending(state: CastlesState, kind: str, source: int) -> tuple[Pending, ...]:
    pending = list(state.pending)
    for i, p in enumerate(pending):
        if p.kind == kind and p.piece == source:
            del pending[i]
            break
    return tuple(pending)


def _take_from_stacks(stacks: tuple[tuple[int, ...], ...], rooms) -> tuple[tuple[int, ...], ...]:
    out = [list(s) for s in stacks]
    for room in rooms:
        index = data.SIZES.index(data.PIECES[room].size)
        if room in out[index]:
            out[index].remove(room)
    return tuple(tuple(s) for s in out)


def evolve(state: CastlesState, event) -> CastlesState:
    match event:
        case GameSetUp() | BonusCardDiscarded():
            return _setup(state, event)
        case TilesRevealed() | PriceSet():
            return _reveal(state, event)
        case BuyingStarted() | TurnStarted() | RoundEnded() | GameEnded():
            return _flow(state, event)
        case RoomBought() | CorridorBought() | Passed():
            return _buying(state, event)
        case (
            PlacementScored()
            | PointsScored()
            | RoomCompleted()
            | MarksReceived()
            | ExtraTurnGranted()
        ):
            return _scoring(state, event)
        case (
            RewardQueued()
            | RewardForfeited()
            | BonusCardKept()
            | StackInspected()
            | TilePicked()
            | SleepingRewardDone()
            | DownstairsRewardChosen()
            | FreeCorridorPlaced()
        ):
            return _rewards(state, event)
    raise AssertionError(f"unknown event {event!r}")


def _setup(state: CastlesState, event) -> CastlesState:
    """Set-up: the game laid out, starting bonus cards kept (``rules.setup``)."""
    match event:
        case GameSetUp():
            seats = tuple(
                Seat(
                    money=event.money,
                    score=event.scores[i],
                    castle=(Placed(piece=data.FOYER, x=0, y=0, rot=0),),
                    hand=event.hands[i],
                )
                for i in range(event.players)
            )
            return replace(
                state,
                phase="setup",
                builder=event.builder,
                seats=seats,
                deck=event.deck,
                stacks=event.stacks,
                stairs=event.stairs,
                hallways=event.hallways,
                bonus_deck=event.bonus_deck,
                favors=event.favors,
                prices=event.prices,
                slots=tuple(Offer() for _ in event.prices),
            )
        case BonusCardDiscarded(seat=seat, card=card):
            hand = list(state.seats[seat].hand)
            hand.remove(card)
            seats = _seat(state, seat, hand=tuple(hand))
            done = all(len(s.hand) <= data.KEPT_BONUS_CARDS for s in seats)
            return replace(
                state,
                seats=seats,
                bonus_deck=(*state.bonus_deck, card),
                phase="pricing" if done else state.phase,
            )
    raise AssertionError(f"unknown event {event!r}")


def _reveal(state: CastlesState, event) -> CastlesState:
    """Rooms revealed and priced (``rules.flow``, ``rules.pricing``)."""
    match event:
        case TilesRevealed():
            tiles = event.tiles
            deck_top = state.deck_top[event.from_deck_top :]
            stacks = _take_from_stacks(state.stacks, tiles[event.from_deck_top :])
            common = dict(
                round=event.round,
                builder=event.builder,
                deck=event.deck_after,
                used=event.used_after,
                deck_top=deck_top,
                stacks=stacks,
                last_round=event.last_round,
            )
            if state.solo:
                slots = tuple(Offer(room=t) for t in tiles) + tuple(
                    Offer() for _ in range(len(state.prices) - len(tiles))
                )
                phase = "setup" if state.phase == "setup" else "buying"
                return replace(state, slots=slots, pool=(), phase=phase, **common)
            pool = tuple(o for o in state.slots if o.room) + tuple(Offer(room=t) for t in tiles)
            return replace(
                state,
                slots=tuple(Offer() for _ in state.prices),
                pool=pool,
                phase="setup" if state.phase == "setup" else "pricing",
                **common,
            )
        case PriceSet(room=room, slot=slot):
            offer = next(o for o in state.pool if o.room == room)
            slots = list(state.slots)
            slots[slot] = offer
            return replace(
                state, slots=tuple(slots), pool=tuple(o for o in state.pool if o.room != room)
            )
    raise AssertionError(f"unknown event {event!r}")


def _flow(state: CastlesState, event) -> CastlesState:
    """Turn order, end of round, end of game (``rules.flow``, ``rules.endgame``)."""
    match event:
        case BuyingStarted(order=order):
            return replace(state, phase="buying", order=order, current=-1)
        case TurnStarted(seat=seat, extra=extra):
            common = dict(current=seat, corridor_used=False, downstairs_this_turn=())
            if extra:
                return replace(state, extra_turns=state.extra_turns - 1, **common)
            return replace(state, order=state.order[1:], extra_turns=0, **common)
        case RoundEnded(unsold=unsold, next_builder=next_builder):
            if state.solo:
                return replace(
                    state,
                    slots=tuple(Offer() for _ in state.prices),
                    removed=state.removed + len(unsold),
                    builder=next_builder,
                    current=-1,
                )
            slots = tuple(
                replace(o, money=o.money + data.UNSOLD_INCREMENT) if o.room else o
                for o in state.slots
            )
            return replace(state, slots=slots, builder=next_builder, current=-1)
        case GameEnded(hands=hands, final=final):
            seats = tuple(
                replace(s, hand=hands[i], score=final[i].total) for i, s in enumerate(state.seats)
            )
            return replace(
                state,
                phase="over",
                seats=seats,
                final=final,
                current=-1,
                end_reason=event.reason,
            )
    raise AssertionError(f"unknown event {event!r}")


def _buying(state: CastlesState, event) -> CastlesState:
    """A buying turn: a room or a corridor bought and placed, or a pass."""
    match event:
        case RoomBought(seat=seat):
            seats = _money(
                state, {seat: event.money_taken - event.price, event.paid_to: event.price}
            )
            seats = list(seats)
            seats[seat] = _place(seats[seat], event.room, event.x, event.y, event.rotation)
            slots = list(state.slots)
            slots[event.slot] = Offer()
            return replace(state, seats=tuple(seats), slots=tuple(slots))
        case CorridorBought(seat=seat):
            seats = list(_money(state, {seat: -event.price, event.paid_to: event.price}))
            seats[seat] = _place(seats[seat], event.piece, event.x, event.y, event.rotation)
            return _corridor_taken(replace(state, seats=tuple(seats)), event.piece)
        case Passed(seat=seat, income=income):
            return replace(state, seats=_money(state, {seat: income}))
    raise AssertionError(f"unknown event {event!r}")


def _scoring(state: CastlesState, event) -> CastlesState:
    """Points, marks and extra turns that placements and completions give."""
    match event:
        case PlacementScored(seat=seat, total=total) | PointsScored(seat=seat, total=total):
            return replace(state, seats=_seat(state, seat, score=state.seats[seat].score + total))
        case RoomCompleted(seat=seat, room_type=room_type):
            if room_type != "downstairs":
                return state
            return replace(
                state,
                seats=_seat(state, seat, downstairs_completed=event.downstairs_count),
                downstairs_this_turn=(*state.downstairs_this_turn, event.index),
            )
        case MarksReceived(seat=seat, amount=amount):
            return replace(state, seats=_money(state, {seat: amount}))
        case ExtraTurnGranted():
            return replace(state, extra_turns=state.extra_turns + 1)
    raise AssertionError(f"unknown event {event!r}")


def _rewards(state: CastlesState, event) -> CastlesState:
    """Completion rewards queued, answered or forfeited (``rules.rewards``)."""
    match event:
        case RewardQueued(kind=kind, source=source, cards=cards):
            drawn = len(cards)
            return replace(
                state,
                pending=(*state.pending, Pending(kind=kind, piece=source, cards=cards)),
                bonus_deck=state.bonus_deck[drawn:],
            )
        case RewardForfeited(kind=kind, source=source, queued=queued):
            if not queued:
                return state
            return replace(state, pending=_drop_pending(state, kind, source))
        case BonusCardKept(seat=seat, source=source, kept=kept, returned=returned):
            hand = (*state.seats[seat].hand, kept)
            return replace(
                state,
                seats=_seat(state, seat, hand=hand),
                pending=_drop_pending(state, "utility", source),
                bonus_deck=(*state.bonus_deck, returned) if returned >= 0 else state.bonus_deck,
            )
        case StackInspected(source=source, size=size):
            return replace(
                state,
                pending=_drop_pending(state, "sleeping", source),
                inspecting=size,
                picked=(),
            )
        case TilePicked(room=room):
            return replace(state, picked=(*state.picked, room))
        case SleepingRewardDone(seat=seat, size=size, picked=picked):
            stacks = list(state.stacks)
            stacks[data.SIZES.index(size)] = event.stack_after
            common = dict(stacks=tuple(stacks), inspecting=0, picked=())
            if event.discarded:
                return replace(state, removed=state.removed + len(picked), **common)
            on_top = tuple(DeckTile(room=r, owner=seat) for r in picked)
            return replace(state, deck_top=on_top + state.deck_top, **common)
        case DownstairsRewardChosen(source=source):
            return replace(state, pending=_drop_pending(state, "downstairs", source))
        case FreeCorridorPlaced(seat=seat):
            seats = list(state.seats)
            seats[seat] = _place(seats[seat], event.piece, event.x, event.y, event.rotation)
            state = replace(
                state,
                seats=tuple(seats),
                pending=_drop_pending(state, "corridor", event.source),
                corridor_used=True,
            )
            return _corridor_taken(state, event.piece)
    raise AssertionError(f"unknown event {event!r}")


def _corridor_taken(state: CastlesState, piece: int) -> CastlesState:
    if piece == data.STAIRS:
        return replace(state, stairs=state.stairs - 1)
    return replace(state, hallways=state.hallways - 1)
