"""What each viewer may see, redaction of the event feed, hidden-information resampling and
the final ranking."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain._kernel import Result, Rng, View, rank
from domain.splendor.data import CARDS, LEVELS, NOBLES
from domain.splendor.events import CardReserved, GameSetUp
from domain.splendor.rules import to_act
from domain.splendor.state import Reserved, SeatState, SplendorState


class CardView(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    level: int
    bonus: str
    points: int
    cost: tuple[int, ...]
    """Per colour: white, blue, green, red, black."""


class NobleView(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    points: int
    requires: tuple[int, ...]


class ReservedView(msgspec.Struct, frozen=True, kw_only=True):
    level: int
    blind: bool
    card: CardView | None
    """``None`` for another seat's blind reserve while the game goes on."""


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    tokens: tuple[int, ...]
    """White, blue, green, red, black, gold."""
    bonuses: tuple[int, ...]
    points: int
    cards: tuple[int, ...]
    nobles: tuple[int, ...]
    reserved: tuple[ReservedView, ...]


class SplendorView(View, tag="splendor"):
    viewer: int | None
    players: int
    phase: str
    current: int
    to_act: tuple[int, ...]
    supply: tuple[int, ...]
    """White, blue, green, red, black, gold."""
    board: tuple[tuple[CardView | None, ...], ...]
    deck_sizes: tuple[int, ...]
    nobles: tuple[NobleView, ...]
    seats: tuple[SeatView, ...]
    must_return: int
    noble_choice: tuple[int, ...]
    final_round: bool
    tie_breaks: str
    result: Result | None = None


def card_view(card: int) -> CardView:
    c = CARDS[card]
    return CardView(id=c.id, level=c.level, bonus=c.bonus, points=c.points, cost=c.cost)


def _reserved_view(reserved: Reserved, visible: bool) -> ReservedView:
    return ReservedView(
        level=reserved.level,
        blind=reserved.blind,
        card=card_view(reserved.card) if visible or not reserved.blind else None,
    )


def _seat_view(state: SplendorState, seat: int, viewer: int | None) -> SeatView:
    s: SeatState = state.seats[seat]
    visible = seat == viewer or state.phase == "over"
    return SeatView(
        seat=seat,
        tokens=s.tokens,
        bonuses=s.bonuses,
        points=s.points,
        cards=s.cards,
        nobles=s.nobles,
        reserved=tuple(_reserved_view(r, visible) for r in s.reserved),
    )


def view(state: SplendorState, viewer: int | None) -> SplendorView:
    return SplendorView(
        viewer=viewer,
        players=state.players,
        phase=state.phase,
        current=state.current,
        to_act=to_act(state),
        supply=state.supply,
        board=tuple(
            tuple(None if card is None else card_view(card) for card in row) for row in state.board
        ),
        deck_sizes=tuple(len(deck) for deck in state.decks),
        nobles=tuple(
            NobleView(id=n, points=NOBLES[n].points, requires=NOBLES[n].requires)
            for n in state.nobles
        ),
        seats=tuple(_seat_view(state, seat, viewer) for seat in range(state.players)),
        must_return=state.must_return,
        noble_choice=state.offered,
        final_round=state.final_round,
        tie_breaks=state.tie_breaks,
        result=result(state),
    )


def redact(event: object, viewer: int | None) -> object:
    """Deck order is hidden from everyone; a blind reserve from all but its owner."""
    match event:
        case GameSetUp():
            return replace(event, decks=tuple(() for _ in event.decks))
        case CardReserved(slot=None) if event.seat != viewer:
            return replace(event, card=None)
    return event


def resample_hidden(state: SplendorState, viewer: int | None, rng: Rng) -> SplendorState:
    """Re-deal, per level, the deck and the blind reserves the viewer cannot see."""
    if state.phase == "over":
        return state
    decks = list(state.decks)
    seats = list(state.seats)
    for level in LEVELS:
        hidden_slots = [
            (seat, index)
            for seat, s in enumerate(state.seats)
            if seat != viewer
            for index, r in enumerate(s.reserved)
            if r.blind and r.level == level
        ]
        pool = [seats[seat].reserved[index].card for seat, index in hidden_slots]
        pool = rng.fork(f"level{level}").shuffled([*pool, *decks[level - 1]])
        for seat, index in hidden_slots:
            reserved = list(seats[seat].reserved)
            reserved[index] = replace(reserved[index], card=pool.pop())
            seats[seat] = replace(seats[seat], reserved=tuple(reserved))
        decks[level - 1] = tuple(pool)
    return replace(state, decks=tuple(decks), seats=tuple(seats))


def result(state: SplendorState) -> Result | None:
    if state.phase != "over":
        return None
    entries = [(seat, s.points, _tiebreak(state, seat)) for seat, s in enumerate(state.seats)]
    ranking = rank(entries)
    winners = [s.seat for s in ranking if s.place == 1]
    summary = f"{state.end_reason}: seat(s) {', '.join(map(str, winners))} win"
    return Result(ranking=ranking, summary=summary)


def _tiebreak(state: SplendorState, seat: int) -> tuple[int, ...]:
    s = state.seats[seat]
    if state.tie_breaks == "tournament":
        # Championship order: fewer cards, more nobles, more tokens, later in turn order.
        return (-len(s.cards), len(s.nobles), sum(s.tokens), seat)
    return (-len(s.cards),)
