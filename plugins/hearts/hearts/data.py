"""The pack: 52 cards named by rank and suit (``"2C"``, ``"TH"``, ``"QS"``), in a fixed order.

Ranks ``2 3 4 5 6 7 8 9 T J Q K A`` (ten is ``T``, so every name is two characters); suits
``C D S H`` (clubs, diamonds, spades, hearts), the order hands are sorted in."""

from __future__ import annotations

from typing import Literal, get_args

RANKS = "23456789TJQKA"
SUITS = "CDSH"

Card = Literal[
    "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC",
    "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD",
    "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS",
    "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH",
]  # fmt: skip
"""A card's name: its rank, then its suit."""

DECK: tuple[str, ...] = get_args(Card)
ORDER = {card: index for index, card in enumerate(DECK)}
"""Sort key: by suit (clubs, diamonds, spades, hearts), then by rank."""

HEARTS = "H"
CLUBS = "C"
QUEEN_OF_SPADES = "QS"
JACK_OF_DIAMONDS = "JD"
QUEEN_POINTS = 13
JACK_POINTS = -10
MOON_POINTS = 26
"""All the hearts (13) and the queen of spades (13): what shooting the moon takes."""

HAND_SIZE = {3: 17, 4: 13, 5: 10}
REMOVED = {3: ("2D",), 4: (), 5: ("2C", "2D")}
"""Cards taken out so that the pack deals evenly (pagat.org): 2♦ for three players, 2♣ and
2♦ for five. No heart and neither scoring queen is ever removed."""

PASS_SIZE = 3

DIRECTIONS = {"left": 1, "right": -1, "across": 2, "hold": 0}
"""Seat offsets: seat ``s`` passes to ``(s + offset) % players``. Seats are numbered
clockwise, so "left" is the next seat (the next to play)."""


def suit(card: str) -> str:
    return card[1]


def rank(card: str) -> int:
    return RANKS.index(card[0])


def points(card: str, jack_of_diamonds: bool) -> int:
    """The card's points as a taken card."""
    if suit(card) == HEARTS:
        return 1
    if card == QUEEN_OF_SPADES:
        return QUEEN_POINTS
    if jack_of_diamonds and card == JACK_OF_DIAMONDS:
        return JACK_POINTS
    return 0


def is_penalty(card: str) -> bool:
    """A heart or the queen of spades: the cards no one may play on the first trick."""
    return suit(card) == HEARTS or card == QUEEN_OF_SPADES


def deck_for(players: int) -> tuple[str, ...]:
    return tuple(card for card in DECK if card not in REMOVED[players])


def sort_cards(cards: object) -> tuple[str, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))  # type: ignore[arg-type]
