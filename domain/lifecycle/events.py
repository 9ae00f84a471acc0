"""Events of the kernel's lifecycle (tags ``game.<noun>_<verbed>``): a storage contract like
every game's ``events.py``: change it only additively.

They sit in a game's stream between the game's own events. ``at`` is when the decision was
taken (ms since the epoch, UTC), ``deadline`` when a seat's time was up; every derived fact
(deadlines, banks, the ranking of an ending) is in the event, so a replay never recomputes
it and an audit can check it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from domain._kernel import Event, Result


class Deciding(msgspec.Struct, frozen=True, kw_only=True):
    """A seat to act: its decision started at ``since``; the clock may time it out from
    ``deadline`` (= since + turn + its bank)."""

    seat: int
    since: int
    deadline: int


class ClocksSet(Event, tag="game.clocks_set"):
    """After every decision on a clocked game: every seat's bank and the deadlines of the
    seats to act (none while the clocks are paused). ``acted`` is the seat that decided for
    itself (its timeouts in a row start again from zero)."""

    at: int
    banks: tuple[int, ...]
    deciding: tuple[Deciding, ...] = ()
    acted: int | None = None


class TurnTimedOut(Event, tag="game.turn_timed_out"):
    """``outcome``: ``auto_play`` (the next events are the bot's decision for the seat) or
    ``forfeit`` (the seat lost). ``zombie``: from now on the seat is auto-played at once."""

    seat: int
    deadline: int
    at: int
    outcome: str
    in_a_row: int
    zombie: bool = False


class SeatAutoPlayed(Event, tag="game.seat_auto_played"):
    """The next events are ``command``, decided for ``seat`` by the kernel's deterministic
    bot (``reason``: ``timeout`` or ``zombie``), not sent by the seat."""

    seat: int
    reason: str
    command: dict[str, Any]


class SeatResigned(Event, tag="game.seat_resigned"):
    seat: int
    at: int
    reason: str = ""


class SeatRejoined(Event, tag="game.seat_rejoined"):
    seat: int
    at: int


class GameEnded(Event, tag="game.ended"):
    """Too few seats are left to play on (``reason``: ``resigned`` or ``forfeited``, the
    departure that ended it): the game is over with this ranking."""

    reason: str
    at: int
    result: Result


class GameAbandoned(Event, tag="game.abandoned"):
    """The game ends here. ``by``: ``organiser`` (``reason`` is theirs) or ``kernel``
    (``reason`` ``event_cap``: the stream reached ``Terms.max_events``). ``result``: the
    provisional ranking, or none."""

    at: int
    reason: str
    by: str
    result: Result | None = None


class ClocksPaused(Event, tag="game.clocks_paused"):
    at: int
    reason: str = ""


class ClocksResumed(Event, tag="game.clocks_resumed"):
    at: int


LifecycleEvent = (
    ClocksSet
    | TurnTimedOut
    | SeatAutoPlayed
    | SeatResigned
    | SeatRejoined
    | GameEnded
    | GameAbandoned
    | ClocksPaused
    | ClocksResumed
)
LIFECYCLE_EVENTS = (
    ClocksSet,
    TurnTimedOut,
    SeatAutoPlayed,
    SeatResigned,
    SeatRejoined,
    GameEnded,
    GameAbandoned,
    ClocksPaused,
    ClocksResumed,
)


def auto_played(events: Iterable[Any]) -> list[bool]:
    """Which events of a decision's batch an auto-play produced (for ``played_by``): each
    ``game.seat_auto_played`` and the game's events after it (the bot's command), up to the
    next lifecycle event."""
    lifecycle = frozenset(LIFECYCLE_EVENTS)
    marks = []
    playing = False
    for event in events:
        kind = type(event)
        if kind is SeatAutoPlayed:
            playing = True
        elif kind in lifecycle:
            playing = False
        marks.append(playing)
    return marks
