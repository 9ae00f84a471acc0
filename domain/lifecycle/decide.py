"""The kernel's decision: a seat's game command or a lifecycle command, and what follows any
decision by itself (``settle``): a game with too few seats left ends, zombie seats to act
are auto-played, a stream at its event cap is abandoned, and a clocked game's deadlines are
set again. All of it comes back as one batch of events, appended atomically like any
command's events: a timeout and its auto-play, or a move and the zombies' answers, are never
half-stored.

The deterministic bot (``auto_play``) plays the terms' policy (``domain.bots``: from the
seat's view only) or, in games created before policies, picks uniformly among
``legal_commands``, with a fork of the decision's Rng (itself ``Rng(seed, version)``), so
re-deciding the record in an audit picks the same command."""

from __future__ import annotations

from typing import Any

import msgspec

from domain._kernel import DomainError, Event, GameSpec, Rng
from domain._kernel import decide as rules_decide
from domain.bots import Budget, decide_for
from domain.lifecycle import commands as c
from domain.lifecycle import events as e
from domain.lifecycle.clock import clocks_after, due
from domain.lifecycle.ranking import base_ranking, departed_last
from domain.lifecycle.state import MatchState, apply

# The lifecycle's classes, tested by exact type: one set look-up per event or command
# instead of an isinstance against each class (none of them is subclassed; a struct with a
# tag is a wire type of its own).
_LIFECYCLE_EVENT_TYPES = frozenset(e.LIFECYCLE_EVENTS)
_LIFECYCLE_COMMAND_TYPES = frozenset(c.LIFECYCLE_COMMANDS)


def evolve(spec: GameSpec, state: MatchState, event: Any) -> MatchState:
    life = state.life
    if type(event) in _LIFECYCLE_EVENT_TYPES:
        life = apply(life, event)
        return MatchState(
            rules=state.rules, life=msgspec.structs.replace(life, version=life.version + 1)
        )
    rules = spec.evolve(state.rules, event)
    return MatchState(rules=rules, life=msgspec.structs.replace(life, version=life.version + 1))


def is_over(spec: GameSpec, state: MatchState) -> bool:
    return state.life.ending is not None or spec.result(state.rules) is not None


class Log:
    """A decision in progress: its events so far and the state they lead to (``state``,
    folded when it is asked for: a plain move that nothing follows is never folded here,
    only where its events are applied)."""

    __slots__ = ("_folded", "_state", "events", "spec")

    def __init__(self, spec: GameSpec, state: MatchState) -> None:
        self.spec = spec
        self._state = state
        self._folded = 0
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        self.events.append(event)

    @property
    def state(self) -> MatchState:
        events = self.events
        while self._folded < len(events):
            self._state = evolve(self.spec, self._state, events[self._folded])
            self._folded += 1
        return self._state


def decide(
    spec: GameSpec,
    state: MatchState,
    seat: int | None,
    command: Any,
    rng: Rng,
    now_ms: int | None = None,
) -> tuple[Event, ...]:
    """The events of ``command`` sent by ``seat`` (None: the clock or an organiser) at
    ``now_ms``; raises DomainError as the games do (codes ``game/<reason>``)."""
    if is_over(spec, state):
        raise DomainError("game_over", "the game is over")
    lifecycle = type(command) in _LIFECYCLE_COMMAND_TYPES
    at = _time(state, now_ms, needed=lifecycle or state.life.terms.clock is not None)
    log = Log(spec, state)
    acted: int | None = None
    if not lifecycle:
        # A seat's game command, the common case: tried before the lifecycle's own.
        acted = _play(log, seat, command, rng)
        if _nothing_follows(state, len(log.events)):
            return tuple(log.events)
        settle(log, state, rng, at, acted)
        return tuple(log.events)
    match command:
        case c.TimeOut():
            _time_out(log, command.seat, at, rng)
        case c.Resign():
            _seat_may_leave(state, seat)
            log.add(e.SeatResigned(seat=seat, at=at, reason=command.reason))
        case c.Rejoin():
            _rejoin(log, seat, at)
        case c.Abandon():
            ranking = departed_last(base_ranking(spec, state.rules), state.life)
            result = ranking if command.with_result else None
            log.add(e.GameAbandoned(at=at, reason=command.reason, by="organiser", result=result))
            return tuple(log.events)
        case c.PauseClocks():
            _clocks_running(state, True)
            log.add(e.ClocksPaused(at=at, reason=command.reason))
        case c.ResumeClocks():
            _clocks_running(state, False)
            log.add(e.ClocksResumed(at=at))
    settle(log, state, rng, at, acted)
    return tuple(log.events)


def _time(state: MatchState, now_ms: int | None, *, needed: bool) -> int:
    if now_ms is None:
        if needed:
            raise DomainError("game/time_required", "this decision needs the time it is taken at")
        return state.life.clock_ms
    return max(int(now_ms), state.life.clock_ms)


def _play(log: Log, seat: int | None, command: Any, rng: Rng) -> int:
    if seat is None:
        raise DomainError("seat_required", "a game command is sent by a seat")
    state = log.state
    seats = state.life.seats
    if 0 <= seat < len(seats) and seats[seat].left:
        raise DomainError(f"game/seat_{seats[seat].left}", f"seat {seat} is out of the game")
    log.events += rules_decide(log.spec, state.rules, seat, command, rng)
    return seat


def _seat_may_leave(state: MatchState, seat: int | None) -> None:
    if seat is None:
        raise DomainError("seat_required", "a seat resigns with its own token")
    left = state.life.seats[seat].left
    if left:
        raise DomainError(f"game/seat_{left}", f"seat {seat} is already out of the game")


def _rejoin(log: Log, seat: int | None, at: int) -> None:
    if seat is None:
        raise DomainError("seat_required", "a seat rejoins with its own token")
    life = log.state.life.seats[seat]
    if life.left:
        raise DomainError(f"game/seat_{life.left}", f"seat {seat} is out of the game")
    if not life.zombie:
        raise DomainError("game/not_a_zombie", f"seat {seat} decides for itself already")
    log.add(e.SeatRejoined(seat=seat, at=at))


def _clocks_running(state: MatchState, running: bool) -> None:
    if state.life.terms.clock is None:
        raise DomainError("game/no_clock", "this game has no clock")
    if state.life.paused == running:
        raise DomainError(
            "game/clocks_paused" if not running else "game/clocks_running",
            "the clocks are paused" if not running else "the clocks are running",
        )


def _time_out(log: Log, seat: int, at: int, rng: Rng) -> None:
    state = log.state
    clock = state.life.terms.clock
    if clock is None:
        raise DomainError("game/no_clock", "this game has no clock")
    if state.life.paused:
        raise DomainError("game/clocks_paused", "the clocks are paused")
    if not 0 <= seat < len(state.life.seats):
        raise DomainError("game/no_such_seat", f"there is no seat {seat}")
    life = state.life.seats[seat]
    if life.since_ms is None or seat not in log.spec.to_act(state.rules):
        raise DomainError("game/not_deciding", f"seat {seat} has no decision running")
    when = due(state.life.terms, life.zombie, life.since_ms, life.bank_ms)
    if at < when:
        raise DomainError(
            "game/timeout_before_deadline", f"seat {seat}'s time is up at {when}, not at {at}"
        )
    if life.zombie and state.life.terms.auto_play_batch:
        # A zombie the last batch's cap left to act: played on, not timed out (or forfeited)
        # again.
        auto_play(log, seat, "zombie", rng.fork("zombie"))
        return
    in_a_row = life.timeouts + 1
    if clock.on_timeout == "forfeit":
        log.add(e.TurnTimedOut(seat=seat, deadline=when, at=at, outcome="forfeit",
                               in_a_row=in_a_row, zombie=True))  # fmt: skip
        return
    zombie = in_a_row >= clock.zombie_after
    log.add(e.TurnTimedOut(seat=seat, deadline=when, at=at, outcome="auto_play",
                           in_a_row=in_a_row, zombie=zombie))  # fmt: skip
    auto_play(log, seat, "timeout", rng.fork("timeout"))


def auto_play(log: Log, seat: int, reason: str, rng: Rng) -> None:
    """The bot's decision for ``seat``, decided by the rules with the ``rules`` fork. The
    terms' ``auto_play`` policy decides from the seat's view only (``domain.bots``); games
    whose terms name none (created before policies) keep the uniform pick among the legal
    commands they were played with. Both draw from ``rng``'s ``bot`` fork, so the audit
    re-decides the same command."""
    state = log.state
    legal = log.spec.legal_commands(state.rules, seat)
    if not legal:
        raise AssertionError(f"{log.spec.slug}: seat {seat} must act but has no legal command")
    policy = state.life.terms.auto_play
    if policy:
        # No clock, so a cap on the commands valued (terms) bounds the inline work instead:
        # the decision stays a function of the view and seed, and the audit re-decides it.
        cap = state.life.terms.auto_play_commands or None
        budget = Budget(commands=cap)
        command = decide_for(policy, log.spec, state.rules, seat, rng.fork("bot"), budget)
    else:
        command = rng.fork("bot").choice(legal)
    log.add(e.SeatAutoPlayed(seat=seat, reason=reason, command=msgspec.to_builtins(command)))
    for event in rules_decide(log.spec, log.state.rules, seat, command, rng.fork("rules")):
        log.add(event)


def settle(log: Log, before: MatchState, rng: Rng, at: int, acted: int | None) -> None:
    """What follows every decision (module docstring)."""
    spec = log.spec
    terms = log.state.life.terms
    cap = terms.max_events
    # Without a clock nothing would play on after a cut: only clocked games have the limit.
    batch = terms.auto_play_batch if terms.clock is not None else 0
    for round_ in range(1_000_000):
        state = log.state
        if is_over(spec, state):
            return
        if _too_few_left(state):
            ranking = departed_last(base_ranking(spec, state.rules), state.life)
            last = max(state.life.seats, key=lambda s: s.left_order).left
            log.add(e.GameEnded(reason=last, at=at, result=ranking))
            return
        if cap and state.life.version + 1 >= cap:
            break
        zombies = [s for s in spec.to_act(state.rules) if state.life.seats[s].zombie]
        if not zombies or (batch and round_ >= batch):
            break
        auto_play(log, zombies[0], "zombie", rng.fork(f"zombie-{round_}"))
    state = log.state
    if cap and state.life.version + 1 >= cap:
        ranking = departed_last(base_ranking(spec, state.rules), state.life)
        log.add(e.GameAbandoned(at=at, reason="event_cap", by="kernel", result=ranking))
        return
    if state.life.terms.clock is not None:
        log.add(clocks_after(spec, before, state, at, acted))


def _nothing_follows(before: MatchState, added: int) -> bool:
    """Whether ``settle`` adds nothing after ``added`` events of the rules on ``before``
    (which is not over): no clock, no seat that left or is a zombie (the rules' events do
    not change that), and the cap not reached. Then ``settle`` would only fold the events
    to find that out; this is the common case, a move in a game nobody left."""
    life = before.life
    terms = life.terms
    return (
        terms.clock is None
        and (not terms.max_events or life.version + added + 1 < terms.max_events)
        and not any(seat.zombie or seat.left for seat in life.seats)
    )


def _too_few_left(state: MatchState) -> bool:
    seats = state.life.seats
    staying = sum(1 for seat in seats if not seat.left)
    return staying < min(2, len(seats))
