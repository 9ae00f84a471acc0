"""Static component data, read once from the package's own text files."""

from __future__ import annotations

import importlib.resources

import msgspec

COLOURS: tuple[str, ...] = ("white", "blue", "green", "red", "black")
"""Card and token colours in the fixed order used by every per-colour tuple."""
GOLD = "gold"
TOKEN_KINDS: tuple[str, ...] = (*COLOURS, GOLD)
"""Token tuples have six entries: the five colours, then gold."""

LEVELS: tuple[int, ...] = (1, 2, 3)
SLOTS_PER_LEVEL = 4
GOLD_TOKENS = 5
NOBLE_POINTS = 3
MAX_TOKENS = 10
MAX_RESERVED = 3
WINNING_POINTS = 15
GEMS_BY_PLAYERS = {2: 4, 3: 5, 4: 7}

_LETTERS = {"w": 0, "u": 1, "g": 2, "r": 3, "k": 4}


class Card(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    level: int
    bonus: str
    points: int
    cost: tuple[int, ...]
    """Per colour, in ``COLOURS`` order."""


class Noble(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    points: int
    requires: tuple[int, ...]
    """Card bonuses needed per colour, in ``COLOURS`` order."""


def _amounts(text: str) -> tuple[int, ...]:
    amounts = [0] * len(COLOURS)
    for part in text.split("+"):
        amounts[_LETTERS[part[0]]] = int(part[1:])
    return tuple(amounts)


def _lines(name: str) -> list[list[str]]:
    text = importlib.resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return [line.split() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def _load_cards() -> dict[int, Card]:
    cards = {}
    for number, (level, bonus, points, cost) in enumerate(_lines("cards.txt"), start=1):
        cards[number] = Card(
            id=number,
            level=int(level),
            bonus=COLOURS[_LETTERS[bonus]],
            points=int(points),
            cost=_amounts(cost),
        )
    return cards


def _load_nobles() -> dict[int, Noble]:
    return {
        number: Noble(id=number, points=int(points), requires=_amounts(requires))
        for number, (points, requires) in enumerate(_lines("nobles.txt"), start=1)
    }


CARDS: dict[int, Card] = _load_cards()
NOBLES: dict[int, Noble] = _load_nobles()
CARDS_BY_LEVEL: dict[int, tuple[int, ...]] = {
    level: tuple(card.id for card in CARDS.values() if card.level == level) for level in LEVELS
}
BONUS_INDEX: dict[int, int] = {card.id: COLOURS.index(card.bonus) for card in CARDS.values()}
