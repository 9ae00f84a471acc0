"""The components match the published game and the cross-checked reference lists."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from domain.splendor.data import CARDS, CARDS_BY_LEVEL, COLOURS, LEVELS, NOBLES

# The folder ``shared`` next to the repository (tests/domain/splendor/ is three levels down).
REFERENCE = Path(__file__).resolve().parents[3].parent / "shared" / "reference" / "splendor"


def test_ninety_cards_forty_thirty_twenty_by_level() -> None:
    assert len(CARDS) == 90
    assert {level: len(CARDS_BY_LEVEL[level]) for level in LEVELS} == {1: 40, 2: 30, 3: 20}


def test_eight_six_four_cards_of_each_colour_per_level() -> None:
    for level, per_colour in zip(LEVELS, (8, 6, 4), strict=True):
        bonuses = Counter(CARDS[c].bonus for c in CARDS_BY_LEVEL[level])
        assert bonuses == dict.fromkeys(COLOURS, per_colour)


def test_points_distribution_per_level_and_colour() -> None:
    expected = {
        1: {0: 7, 1: 1},
        2: {1: 2, 2: 3, 3: 1},
        3: {3: 1, 4: 2, 5: 1},
    }
    for level in LEVELS:
        for colour in COLOURS:
            points = Counter(
                CARDS[c].points for c in CARDS_BY_LEVEL[level] if CARDS[c].bonus == colour
            )
            assert points == expected[level], (level, colour)


def test_cost_totals_match_the_published_deck() -> None:
    for card in CARDS.values():
        assert sum(card.cost) >= 3
        assert all(n >= 0 for n in card.cost)
    assert sorted(Counter(sum(c.cost) for c in CARDS.values()).items()) == [
        (3, 10), (4, 15), (5, 20), (6, 5), (7, 15), (8, 10), (10, 5), (12, 5), (14, 5)
    ]  # fmt: skip


def test_ten_nobles_of_three_points_four_four_or_three_three_three() -> None:
    assert len(NOBLES) == 10
    assert all(noble.points == 3 for noble in NOBLES.values())
    shapes = Counter(tuple(sorted(n for n in noble.requires if n)) for noble in NOBLES.values())
    assert shapes == {(4, 4): 5, (3, 3, 3): 5}
    assert len({noble.requires for noble in NOBLES.values()}) == 10


def test_cards_and_nobles_equal_the_reference_lists() -> None:
    # Missing data must not pass silently: this is the only check against the source lists.
    if not REFERENCE.is_dir():
        pytest.fail(
            f"the shared reference data is missing: expected {REFERENCE} "
            "(shared/reference/splendor, in the folder next to the repository)"
        )
    with (REFERENCE / "splendor_cards.csv").open() as f:
        for row in csv.DictReader(f):
            card = CARDS[int(row["id"])]
            assert card.level == int(row["level"])
            assert card.bonus == row["bonus"]
            assert card.points == int(row["points"])
            assert card.cost == tuple(int(row[f"cost_{c}"]) for c in COLOURS)
    with (REFERENCE / "splendor_nobles.csv").open() as f:
        for row in csv.DictReader(f):
            noble = NOBLES[int(row["id"])]
            assert noble.points == int(row["points"])
            assert noble.requires == tuple(int(row[f"req_{c}"]) for c in COLOURS)
