"""The game state: a frozen msgspec Struct of ints, strs and tuples."""

from __future__ import annotations

import msgspec


class Placed(msgspec.Struct, frozen=True):
    """A piece in a castle: bbox top-left at (x, y), ``rot`` quarter turns clockwise."""

    piece: int
    x: int
    y: int
    rot: int


class Offer(msgspec.Struct, frozen=True):
    """A room tile on the contract board (``room`` 0 = empty slot) and the marks on it."""

    room: int = 0
    money: int = 0


class DeckTile(msgspec.Struct, frozen=True):
    """A room tile put on top of the room-card deck by a sleeping-room reward."""

    room: int
    owner: int


class Pending(msgspec.Struct, frozen=True):
    """A completion reward waiting for its owner's decision."""

    kind: str
    """sleeping | utility | corridor | downstairs"""
    piece: int
    """castle index of the completed room"""
    cards: tuple[int, ...] = ()
    """utility: the two bonus cards drawn"""


class Seat(msgspec.Struct, frozen=True):
    money: int = 0
    score: int = 0
    castle: tuple[Placed, ...] = ()
    hand: tuple[int, ...] = ()
    downstairs_completed: int = 0


class ScoreLine(msgspec.Struct, frozen=True):
    reason: str
    points: int


class FinalScore(msgspec.Struct, frozen=True):
    seat: int
    lines: tuple[ScoreLine, ...]
    total: int


RULES_VERSION = "2"
"""The current rules version (RULES.md, "Rules versions"); games keep the one they began with."""


class CastlesState(msgspec.Struct, frozen=True):
    players: int
    phase: str = "setup"
    """setup (bonus-card choice) | pricing | buying | over"""
    round: int = 0
    builder: int = 0
    seats: tuple[Seat, ...] = ()
    deck: tuple[int, ...] = ()
    """room cards (sizes), top first"""
    used: tuple[int, ...] = ()
    deck_top: tuple[DeckTile, ...] = ()
    stacks: tuple[tuple[int, ...], ...] = ()
    """room tiles per size (data.SIZES order), top first"""
    stairs: int = 0
    hallways: int = 0
    bonus_deck: tuple[int, ...] = ()
    favors: tuple[int, ...] = ()
    prices: tuple[int, ...] = ()
    slots: tuple[Offer, ...] = ()
    pool: tuple[Offer, ...] = ()
    """rooms waiting for the Master Builder to price them"""
    order: tuple[int, ...] = ()
    """seats still to take their turn this round, after ``current``"""
    current: int = -1
    extra_turns: int = 0
    corridor_used: bool = False
    pending: tuple[Pending, ...] = ()
    inspecting: int = 0
    """size of the stack a sleeping reward is looking through (0 = none)"""
    picked: tuple[int, ...] = ()
    downstairs_this_turn: tuple[int, ...] = ()
    last_round: bool = False
    removed: int = 0
    """room tiles removed from the game (solo leftovers, last-round sleeping picks)"""
    final: tuple[FinalScore, ...] = ()
    end_reason: str = ""
    """``GameEnded.reason`` once the game is over"""
    rules_version: str = RULES_VERSION

    @property
    def solo(self) -> bool:
        return self.players == 1
