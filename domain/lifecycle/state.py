"""A game with its lifecycle: the game's own state (``rules``) next to what the kernel keeps
(``life``: clocks, departed and zombie seats, the ending), and the fold of the lifecycle
events. Pure; never validates (``decide.py`` does)."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain._kernel import Result
from domain.lifecycle import events as e
from domain.lifecycle.terms import Terms


class SeatLife(msgspec.Struct, frozen=True, kw_only=True):
    bank_ms: int = 0
    since_ms: int | None = None
    """When its current decision started; None when it is not deciding (or clocks are off)."""
    timeouts: int = 0
    """Timeouts in a row (a decision of its own starts the count again)."""
    zombie: bool = False
    """Auto-played at once when it is to act."""
    left: str = ""
    """``resigned`` or ``forfeited``: out of the ranking's top, auto-played as a zombie."""
    left_order: int = 0
    """1 for the first seat to leave, 2 for the next, ... (the later, the better ranked)."""


class Ending(msgspec.Struct, frozen=True, kw_only=True):
    """How a game ended outside its rules: ``how`` is ``abandoned``, ``resigned`` or
    ``forfeited``; ``result`` None for an abandonment without a result."""

    how: str
    reason: str
    result: Result | None


class Life(msgspec.Struct, frozen=True, kw_only=True):
    terms: Terms
    seats: tuple[SeatLife, ...]
    version: int = 0
    """Events so far (the stream's version): what the event cap is checked against."""
    clock_ms: int = 0
    """The latest time recorded: decisions never go back in time, whatever the clocks of
    the processes that took them."""
    paused: bool = False
    ending: Ending | None = None


class MatchState(msgspec.Struct, frozen=True, kw_only=True):
    rules: Any
    life: Life


def initial_life(players: int, terms: Terms | None) -> Life:
    terms = terms or Terms()
    bank = terms.clock.bank_ms if terms.clock is not None else 0
    return Life(terms=terms, seats=(SeatLife(bank_ms=bank),) * players)


def departures(life: Life) -> int:
    return sum(1 for seat in life.seats if seat.left)


def _seat(life: Life, index: int, **changes: Any) -> tuple[SeatLife, ...]:
    seats = list(life.seats)
    seats[index] = replace(seats[index], **changes)
    return tuple(seats)


def apply(life: Life, event: Any) -> Life:
    """One lifecycle event (the version is counted by the caller)."""
    match event:
        case e.ClocksSet(at=at, banks=banks, deciding=deciding, acted=acted):
            since = {d.seat: d.since for d in deciding}
            seats = tuple(
                replace(
                    seat,
                    bank_ms=banks[i],
                    since_ms=since.get(i),
                    timeouts=0 if i == acted else seat.timeouts,
                )
                for i, seat in enumerate(life.seats)
            )
            return replace(life, seats=seats, clock_ms=max(life.clock_ms, at))
        case e.TurnTimedOut(seat=seat, at=at, outcome=outcome, in_a_row=n, zombie=zombie):
            changes: dict[str, Any] = {"timeouts": n, "since_ms": None, "bank_ms": 0}
            if outcome == "forfeit":
                changes.update(left="forfeited", left_order=departures(life) + 1, zombie=True)
            elif zombie:
                changes["zombie"] = True
            return replace(
                life, seats=_seat(life, seat, **changes), clock_ms=max(life.clock_ms, at)
            )
        case e.SeatResigned(seat=seat, at=at):
            seats = _seat(
                life, seat, left="resigned", left_order=departures(life) + 1, zombie=True,
                since_ms=None,
            )  # fmt: skip
            return replace(life, seats=seats, clock_ms=max(life.clock_ms, at))
        case e.SeatRejoined(seat=seat, at=at):
            seats = _seat(life, seat, zombie=False, timeouts=0)
            return replace(life, seats=seats, clock_ms=max(life.clock_ms, at))
        case e.GameEnded(reason=reason, at=at, result=result):
            ending = Ending(how=reason, reason=reason, result=result)
            return replace(life, ending=ending, clock_ms=max(life.clock_ms, at))
        case e.GameAbandoned(at=at, reason=reason, result=result):
            ending = Ending(how="abandoned", reason=reason, result=result)
            return replace(life, ending=ending, clock_ms=max(life.clock_ms, at))
        case e.ClocksPaused(at=at):
            seats = tuple(replace(seat, since_ms=None) for seat in life.seats)
            return replace(life, seats=seats, paused=True, clock_ms=max(life.clock_ms, at))
        case e.ClocksResumed(at=at):
            return replace(life, paused=False, clock_ms=max(life.clock_ms, at))
        case e.SeatAutoPlayed():
            return life
    raise AssertionError(f"not a lifecycle event: {event!r}")
