"""The options: the common variants of Hearts (pagat.org, Hoyle), each off by default."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from domain import Options

MIN_TARGET = 10
MAX_TARGET = 500
"""``target_score`` bounds: at most 500 keeps a game well inside ``max_events``. They are in
the options' schema (a request outside them is malformed) and checked again by ``start``."""


class HeartsOptions(Options, frozen=True):
    target_score: Annotated[int, Meta(ge=MIN_TARGET, le=MAX_TARGET)] = 100
    """The game ends after the hand in which a seat reaches or passes it (10 to 500)."""
    moon: Literal["others_add", "shooter_subtracts", "off"] = "others_add"
    """Taking every heart and the queen of spades: ``others_add`` (the shooter scores 0 for
    the hand, every other seat 26), ``shooter_subtracts`` (the shooter scores -26, the others
    0) or ``off`` (no special scoring: the shooter scores the 26 points taken)."""
    pass_rotation: Literal["standard", "no_hold", "left", "none"] = "standard"
    """``standard``: left, right, across, hold (no pass) in turn; with three or five players
    there is no "across": left, right, hold. ``no_hold``: the same without the hold hand.
    ``left``: always left. ``none``: no passing at all."""
    jack_of_diamonds: bool = False
    """The jack of diamonds counts -10 to the seat that takes it."""
    points_on_first_trick: bool = False
    """Hearts and the queen of spades may be discarded on the first trick."""
    queen_breaks_hearts: bool = False
    """Playing the queen of spades breaks hearts, as a heart does."""


ROTATIONS = {
    "standard": {4: ("left", "right", "across", "hold"), 3: ("left", "right", "hold")},
    "no_hold": {4: ("left", "right", "across"), 3: ("left", "right")},
    "left": {4: ("left",), 3: ("left",)},
    "none": {4: ("hold",), 3: ("hold",)},
}
"""Per rotation, the directions in turn; the three-player cycle serves five players too."""


def direction_of(rotation: str, players: int, hand: int) -> str:
    """The pass direction of hand number ``hand`` (1-based)."""
    cycle = ROTATIONS[rotation][4 if players == 4 else 3]
    return cycle[(hand - 1) % len(cycle)]
