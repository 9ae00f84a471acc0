"""A game played to its end by random bots on a simulated clock: the lifecycle's counterpart
of ``domain._kernel.playout``, for tests, demos and benchmarks (no wall clock: time is a
number that jumps to the next thing that happens).

Each seat to act plans to act ``think(seat, since)`` ms after its decision started (None: it
never does, like a bot that stopped). Whatever comes first happens next: the earliest planned
action (a uniform pick among its legal commands) or, on a clocked game, the earliest
deadline (``TimeOut``, as the service's scheduler would send it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain._kernel import Event, Rng, Setup
from domain.lifecycle import Match, MatchState
from domain.lifecycle.clock import due
from domain.lifecycle.commands import TimeOut

Think = Callable[[int, int], int | None]
Step = Callable[[MatchState, int | None, Any, tuple[Event, ...]], None]


def playout(
    match: Match,
    setup: Setup,
    seed: str,
    think: Think,
    *,
    max_commands: int = 100_000,
    on_step: Step | None = None,
) -> tuple[MatchState, list[Event]]:
    """Returns the final state and every event. Raises AssertionError when nothing can
    happen any more (no clock and nobody acts) or after ``max_commands`` decisions."""
    state = match.initial_state(setup)
    events = list(match.start(setup, Rng(seed, 0)))
    for event in events:
        state = match.evolve(state, event)
    now = state.life.clock_ms
    for step in range(max_commands):
        if match.is_over(state):
            return state, events
        seat, command, now = _next(match, state, seed, step, think, now)
        new = match.decide(state, seat, command, Rng(seed, len(events)), now)
        if on_step is not None:
            on_step(state, seat, command, new)
        for event in new:
            state = match.evolve(state, event)
        events.extend(new)
    raise AssertionError(f"{match.slug}: no end after {max_commands} decisions")


def _next(
    match: Match, state: MatchState, seed: str, step: int, think: Think, now: int
) -> tuple[int | None, Any, int]:
    """(seat or None for the clock, command, time) of what happens next."""
    life = state.life
    clock = life.terms.clock
    best: tuple[int, int, int | None] | None = None  # (time, order, seat)
    seats = life.seats
    for seat in match.to_act(state):
        seat_life = seats[seat]
        started = seat_life.since_ms
        since = now if started is None else started
        delay = think(seat, since)
        if delay is not None:
            candidate = (since + delay, 0, seat)
            if best is None or candidate < best:
                best = candidate
        if clock is not None and started is not None:
            # A seat that acts exactly at its deadline acts in time (order 0 < 1).
            when = due(life.terms, seat_life.zombie, since, seat_life.bank_ms)
            candidate = (when, 1, seat)
            if best is None or candidate < best:
                best = candidate
    if best is None:
        raise AssertionError(f"{match.slug}: nobody acts and no clock runs")
    at, order, seat = best
    assert seat is not None
    at = max(at, now)
    if order == 1:
        return None, TimeOut(seat=seat), at
    legal = match.legal_commands(state, seat)
    return seat, Rng(seed, step, "bot").choice(legal), at
