"""The game state and ``evolve``: applying an event, never checking it."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec.structs import replace

from domain._kernel import Setup
from domain.splendor.data import BONUS_INDEX, COLOURS, GEMS_BY_PLAYERS, GOLD_TOKENS
from domain.splendor.events import (
    CardBought,
    CardReserved,
    GameEnded,
    GameSetUp,
    GemsTaken,
    NobleChoiceOffered,
    NobleVisited,
    Passed,
    ReturnRequired,
    TokensReturned,
    TurnEnded,
)

Phase = Literal["setup", "action", "return", "noble", "over"]


class Reserved(msgspec.Struct, frozen=True, kw_only=True):
    card: int
    level: int
    blind: bool
    """Taken unseen from a deck: only its owner may see it until the game ends."""


class SeatState(msgspec.Struct, frozen=True, kw_only=True):
    tokens: tuple[int, ...] = (0,) * (len(COLOURS) + 1)
    cards: tuple[int, ...] = ()
    bonuses: tuple[int, ...] = (0,) * len(COLOURS)
    points: int = 0
    """Cards and nobles together."""
    nobles: tuple[int, ...] = ()
    reserved: tuple[Reserved, ...] = ()


RULES_VERSION = "2"
"""The current rules version (RULES.md, "Rules versions"); games keep the one they began with."""


class SplendorState(msgspec.Struct, frozen=True, kw_only=True):
    players: int
    rules_version: str = RULES_VERSION
    tie_breaks: str = "official"
    supply: tuple[int, ...] = ()
    decks: tuple[tuple[int, ...], ...] = ((), (), ())
    """Top card first."""
    board: tuple[tuple[int | None, ...], ...] = ((), (), ())
    nobles: tuple[int, ...] = ()
    seats: tuple[SeatState, ...] = ()
    current: int = 0
    phase: Phase = "setup"
    must_return: int = 0
    offered: tuple[int, ...] = ()
    final_round: bool = False
    passes: int = 0
    """Consecutive turns that were passes; a full round of them ends the game."""
    turns: int = 0
    end_reason: str = ""


def initial_state(setup: Setup) -> SplendorState:
    gems = GEMS_BY_PLAYERS.get(setup.players, 0)
    return SplendorState(
        players=setup.players,
        rules_version=setup.rules_version or RULES_VERSION,
        tie_breaks=setup.options.tie_breaks,
        supply=(gems,) * len(COLOURS) + (GOLD_TOKENS,),
        seats=(SeatState(),) * setup.players,
    )


def _add(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    return tuple(x + sign * y for x, y in zip(a, b, strict=True))


def _with_seat(state: SplendorState, seat: int, new: SeatState) -> SplendorState:
    seats = list(state.seats)
    seats[seat] = new
    return replace(state, seats=tuple(seats))


def _set_slot(
    state: SplendorState, level: int, slot: int, card: int | None
) -> tuple[tuple[tuple[int | None, ...], ...], tuple[tuple[int, ...], ...]]:
    """The board with ``card`` in the slot, and the decks with it drawn off the top."""
    row = list(state.board[level - 1])
    row[slot] = card
    board = list(state.board)
    board[level - 1] = tuple(row)
    decks = list(state.decks)
    if card is not None:
        decks[level - 1] = decks[level - 1][1:]
    return tuple(board), tuple(decks)


def _gems_taken(state: SplendorState, e: GemsTaken) -> SplendorState:
    tokens = (*e.gems, 0)
    seat = state.seats[e.seat]
    state = replace(state, supply=_add(state.supply, tokens, -1), passes=0)
    return _with_seat(state, e.seat, replace(seat, tokens=_add(seat.tokens, tokens)))


def _card_reserved(state: SplendorState, e: CardReserved) -> SplendorState:
    if e.slot is None:
        decks = list(state.decks)
        decks[e.level - 1] = decks[e.level - 1][1:]
        state = replace(state, decks=tuple(decks))
    else:
        board, decks = _set_slot(state, e.level, e.slot, e.replacement)
        state = replace(state, board=board, decks=decks)
    gold = (0,) * len(COLOURS) + (e.gold,)
    seat = state.seats[e.seat]
    seat = replace(
        seat,
        tokens=_add(seat.tokens, gold),
        reserved=(*seat.reserved, Reserved(card=e.card or 0, level=e.level, blind=e.slot is None)),
    )
    state = replace(state, supply=_add(state.supply, gold, -1), passes=0)
    return _with_seat(state, e.seat, seat)


def _card_bought(state: SplendorState, e: CardBought) -> SplendorState:
    seat = state.seats[e.seat]
    if e.index is not None:
        seat = replace(seat, reserved=seat.reserved[: e.index] + seat.reserved[e.index + 1 :])
    elif e.slot is not None:
        board, decks = _set_slot(state, e.level, e.slot, e.replacement)
        state = replace(state, board=board, decks=decks)
    bonuses = list(seat.bonuses)
    bonuses[BONUS_INDEX[e.card]] += 1
    seat = replace(
        seat,
        tokens=_add(seat.tokens, e.paid, -1),
        cards=(*seat.cards, e.card),
        bonuses=tuple(bonuses),
        points=seat.points + e.points,
    )
    state = replace(state, supply=_add(state.supply, e.paid), passes=0)
    return _with_seat(state, e.seat, seat)


def _tokens_returned(state: SplendorState, e: TokensReturned) -> SplendorState:
    seat = state.seats[e.seat]
    state = replace(state, supply=_add(state.supply, e.tokens), must_return=0)
    return _with_seat(state, e.seat, replace(seat, tokens=_add(seat.tokens, e.tokens, -1)))


def _noble_visited(state: SplendorState, e: NobleVisited) -> SplendorState:
    seat = state.seats[e.seat]
    seat = replace(seat, nobles=(*seat.nobles, e.noble), points=seat.points + e.points)
    state = replace(state, nobles=tuple(n for n in state.nobles if n != e.noble), offered=())
    return _with_seat(state, e.seat, seat)


def evolve(state: SplendorState, event: object) -> SplendorState:
    match event:
        case GameSetUp():
            return replace(
                state,
                nobles=event.nobles,
                board=tuple(tuple(row) for row in event.board),
                decks=event.decks,
                phase="action",
            )
        case GemsTaken():
            return _gems_taken(state, event)
        case CardReserved():
            return _card_reserved(state, event)
        case CardBought():
            return _card_bought(state, event)
        case ReturnRequired():
            return replace(state, phase="return", must_return=event.count)
        case TokensReturned():
            return _tokens_returned(state, event)
        case NobleChoiceOffered():
            return replace(state, phase="noble", offered=event.nobles)
        case NobleVisited():
            return _noble_visited(state, event)
        case Passed():
            return replace(state, passes=state.passes + 1)
        case TurnEnded():
            return replace(
                state,
                current=event.next_seat,
                phase="action",
                final_round=event.final_round,
                turns=state.turns + 1,
            )
        case GameEnded():
            return replace(state, phase="over", end_reason=event.reason)
    raise AssertionError(f"not a Splendor event: {event!r}")
