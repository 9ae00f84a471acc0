"""Clock arithmetic: what a decision costs a seat, and the deadlines after a batch of events.

A seat's decision starts when it comes to act (or when it acted and must act again, or when
the clocks resume). A decision taken ``used`` ms after its start costs the seat's bank
``max(0, used - turn)``, the bank never going below zero. The seat's deadline is
``start + turn + bank``: from then on the clock may time it out. A seat still to act that
did not act in the batch keeps its start (simultaneous phases). A zombie left to act when a
batch reached the terms' ``auto_play_batch`` is due at once (``due``)."""

from __future__ import annotations

from domain._kernel import GameSpec
from domain.lifecycle.events import ClocksSet, Deciding
from domain.lifecycle.state import MatchState
from domain.lifecycle.terms import Clock, Terms


def spent(clock: Clock, bank_ms: int, since_ms: int | None, at: int) -> int:
    """The bank left after a decision started at ``since_ms`` and taken at ``at``."""
    if since_ms is None:
        return bank_ms
    over = max(0, at - since_ms - clock.turn_ms)
    return max(0, bank_ms - over)


def deadline(clock: Clock, since_ms: int, bank_ms: int) -> int:
    return since_ms + clock.turn_ms + bank_ms


def due(terms: Terms, zombie: bool, since_ms: int, bank_ms: int) -> int:
    """When the clock may act on a seat deciding since ``since_ms``: its turn and bank spent;
    at once for a zombie in a game with a cap on a batch's auto-plays (the cap left it to act:
    the next tick plays on, so no request or tick plays a whole game inline)."""
    assert terms.clock is not None
    if zombie and terms.auto_play_batch:
        return since_ms
    return deadline(terms.clock, since_ms, bank_ms)


def clocks_after(
    spec: GameSpec, before: MatchState, after: MatchState, at: int, acted: int | None
) -> ClocksSet:
    """The ``ClocksSet`` that ends a batch that led from ``before`` to ``after``."""
    clock = after.life.terms.clock
    assert clock is not None
    seats = after.life.seats
    banks = [seat.bank_ms for seat in seats]
    if acted is not None:
        banks[acted] = spent(clock, banks[acted], before.life.seats[acted].since_ms, at)
    deciding: list[Deciding] = []
    if not after.life.paused:
        for seat in spec.to_act(after.rules):
            life = seats[seat]
            since = life.since_ms if life.since_ms is not None and seat != acted else at
            when = due(after.life.terms, life.zombie, since, banks[seat])
            deciding.append(Deciding(seat=seat, since=since, deadline=when))
    return ClocksSet(at=at, banks=tuple(banks), deciding=tuple(deciding), acted=acted)
