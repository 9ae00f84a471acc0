"""Given/when/then helpers: a game is given as the events that led to it."""

from __future__ import annotations

import msgspec
import pytest

from domain._kernel import DomainError, Rng, decide, fold
from domain.registry import GAMES
from domain.splendor import SplendorOptions
from domain.splendor.data import CARDS, CARDS_BY_LEVEL, NOBLES
from domain.splendor.events import CardBought, CardReserved, GameSetUp, GemsTaken, TurnEnded

SPEC = GAMES["splendor"]


def cards_where(level: int, test) -> list[int]:
    return [c for c in CARDS_BY_LEVEL[level] if test(CARDS[c])]


def set_up(
    board: dict[int, list[int]] | None = None,
    nobles: tuple[int, ...] = (1, 2, 3),
    empty_decks: tuple[int, ...] = (),
) -> GameSetUp:
    """A set-up with a chosen board (cards in id order otherwise) and decks in id order."""
    board = board or {}
    rows, decks = [], []
    for level in (1, 2, 3):
        row = board.get(level) or list(CARDS_BY_LEVEL[level][:4])
        rows.append(tuple(row))
        rest = (
            () if level in empty_decks else tuple(c for c in CARDS_BY_LEVEL[level] if c not in row)
        )
        decks.append(rest)
    return GameSetUp(
        nobles=nobles,
        board=tuple(rows),
        decks=tuple(decks),
        deck_sizes=tuple(len(d) for d in decks),
    )


def given(
    *events, players: int = 2, tie_breaks: str = "official", rules_version: str | None = None
):
    setup = SPEC.new_setup(players, SplendorOptions(tie_breaks=tie_breaks), rules_version)
    return fold(SPEC, setup, events)


def when(state, seat: int, command) -> tuple:
    return decide(SPEC, state, seat, command, Rng("test", 0))


def refused(state, seat: int, command) -> str:
    with pytest.raises(DomainError) as error:
        when(state, seat, command)
    return error.value.code


def after(state, events):
    for event in events:
        state = SPEC.evolve(state, event)
    return state


def gems(seat: int, white=0, blue=0, green=0, red=0, black=0) -> GemsTaken:
    """Tokens handed to a seat in the history (the supply pays for them)."""
    return GemsTaken(seat=seat, gems=(white, blue, green, red, black))


def owns(seat: int, card: int, points: int | None = None) -> CardBought:
    """A card the seat bought for free earlier (only its bonus and points matter)."""
    c = CARDS[card]
    return CardBought(
        seat=seat,
        card=card,
        level=c.level,
        bonus=c.bonus,
        points=c.points if points is None else points,
        paid=(0,) * 6,
    )


def reserved(seat: int, card: int, gold: int = 1) -> CardReserved:
    """A card the seat reserved earlier from outside the board (a blind reserve)."""
    return CardReserved(seat=seat, level=CARDS[card].level, slot=None, card=card, gold=gold)


def turn(seat: int, players: int = 2, final: bool = False) -> TurnEnded:
    return TurnEnded(seat=seat, next_seat=(seat + 1) % players, final_round=final)


def types(events) -> list[str]:
    return [type(e).__name__ for e in events]


def wire(value) -> bytes:
    return msgspec.json.encode(value)


NOBLE_IDS = tuple(sorted(NOBLES))
