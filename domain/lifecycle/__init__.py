"""The kernel's lifecycle: every game as a *match*, its rules plus what ends games outside
them (clocks and timeouts, resignation, abandonment, the event cap), for all five games alike.

A :class:`Match` wraps a :class:`~domain._kernel.GameSpec` and has the same shape (``start``,
``decide``, ``evolve``, ``to_act``, ``legal_commands``, ``view``, ``redact``, ``result``), so the
service drives every game through it. Its state is :class:`~.state.MatchState` (the game's
own state next to the lifecycle's), its events the game's plus ``game.*`` events
(``events.py``), its commands the game's plus ``game.*`` commands (``commands.py``). Time is
data: ``decide`` takes the time of the decision (``now_ms``), and the service records it.

- Clocks (``terms.py``, ``clock.py``): a per-decision turn time, a bank per seat, deadlines
  recorded in ``game.clocks_set`` after every decision of a clocked game.
- Timeouts: ``TimeOut(seat)`` is accepted only at or after the seat's deadline; then a
  deterministic bot plays for the seat (``auto_play``, zombie after N in a row) or the seat
  forfeits.
- Departures: a resigned or forfeited seat ranks below every seat that stayed
  (``ranking.py``); with two seats the other wins; with more it is auto-played as a zombie
  until the game ends.
- Abandonment: by an organiser (with the provisional ranking or none), or by the kernel at
  the event cap (``Terms.max_events``).

Imports only the standard library, msgspec and ``domain`` (pure, like every game).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Union

import msgspec

from domain._kernel import Event, GameSpec, Result, Rng, Setup
from domain.lifecycle import commands as c
from domain.lifecycle import events as e
from domain.lifecycle.clock import clocks_after
from domain.lifecycle.decide import decide, evolve, is_over
from domain.lifecycle.ranking import departed_last
from domain.lifecycle.state import Life, MatchState, initial_life
from domain.lifecycle.terms import Clock, Terms, check_terms
from domain.registry import GAMES

__all__ = [
    "MATCHES",
    "Clock",
    "Life",
    "Match",
    "MatchState",
    "Terms",
    "check_terms",
    "redact_lifecycle_event",
]


def _union(members: tuple[type, ...]) -> Any:
    return Union[members]  # noqa: UP007


@dataclass(frozen=True)
class Match:
    """A game with its lifecycle (module docstring). Attributes not listed are the game's."""

    game: GameSpec
    command_type: Any = field(init=False)
    """The game's commands and the lifecycle's: what a stored command may be."""
    event_type: Any = field(init=False)
    command_classes: tuple[type, ...] = field(init=False)
    event_classes: tuple[type, ...] = field(init=False)

    def __post_init__(self) -> None:
        commands = (*self.game.command_classes, *c.LIFECYCLE_COMMANDS)
        events = (*self.game.event_classes, *e.LIFECYCLE_EVENTS)
        object.__setattr__(self, "command_classes", commands)
        object.__setattr__(self, "event_classes", events)
        object.__setattr__(self, "command_type", _union(commands))
        object.__setattr__(self, "event_type", _union(events))

    @property
    def state_type(self) -> type:
        return MatchState

    def __getattr__(self, name: str) -> Any:
        # slug, title, rules_version, players, options and view types: the game's.
        return getattr(self.game, name)

    def new_setup(
        self,
        players: int,
        options: Any = None,
        rules_version: str | None = None,
        *,
        terms: Terms | None = None,
    ) -> Setup:
        """The game's set-up (under ``rules_version``, default the current one) with the
        terms it is played under."""
        setup = self.game.new_setup(players, options, rules_version)
        if terms is not None:
            check_terms(terms)
            setup = msgspec.structs.replace(setup, terms=terms)
        return setup

    def initial_state(self, setup: Setup) -> MatchState:
        return MatchState(
            rules=self.game.initial_state(setup), life=initial_life(setup.players, setup.terms)
        )

    def start(self, setup: Setup, rng: Rng) -> tuple[Event, ...]:
        """The game's set-up events; on a clocked game, the first deadlines after them
        (counted from ``terms.started_ms``)."""
        events = self.game.start(setup, rng)
        terms: Terms | None = setup.terms
        if terms is None or terms.clock is None:
            return events
        before = self.initial_state(setup)
        after = before
        for event in events:
            after = self.evolve(after, event)
        return (*events, clocks_after(self.game, before, after, terms.started_ms, None))

    def evolve(self, state: MatchState, event: Any) -> MatchState:
        return evolve(self.game, state, event)

    def decide(
        self, state: MatchState, seat: int | None, command: Any, rng: Rng, now_ms: int | None = None
    ) -> tuple[Event, ...]:
        return decide(self.game, state, seat, command, rng, now_ms)

    def is_over(self, state: MatchState) -> bool:
        return is_over(self.game, state)

    def to_act(self, state: MatchState) -> tuple[int, ...]:
        return () if self.is_over(state) else self.game.to_act(state.rules)

    def legal_commands(self, state: MatchState, seat: int) -> list[Any]:
        if self.is_over(state) or state.life.seats[seat].left:
            return []
        if seat not in self.game.to_act(state.rules):
            return []
        return list(self.game.legal_commands(state.rules, seat))

    def view(self, state: MatchState, viewer: int | None) -> Any:
        return self.game.view(state.rules, viewer)

    def redact(self, event: Any, viewer: int | None) -> Any:
        if isinstance(event, e.LIFECYCLE_EVENTS):
            return redact_lifecycle_event(event, viewer)
        return self.game.redact(event, viewer)

    def result(self, state: MatchState) -> Result | None:
        """The ending's ranking (None for an abandonment without one), else the rules'
        result with the seats that left ranked last."""
        life: Life = state.life
        if life.ending is not None:
            return life.ending.result
        final = self.game.result(state.rules)
        if final is None:
            return None
        return departed_last(final, life)

    def resample_hidden(self, state: MatchState, viewer: int | None, rng: Rng) -> MatchState:
        rules = self.game.resample_hidden(state.rules, viewer, rng)
        return MatchState(rules=rules, life=state.life)


def redact_lifecycle_event(event: Any, viewer: int | None) -> Any:
    """A ``game.*`` event as that viewer may see it during play (the same in every game)."""
    if isinstance(event, e.SeatAutoPlayed):
        # The command a bot chose may carry what only that seat knows (a secret choice):
        # others see what the game's own events show of it.
        if viewer == event.seat:
            return event
        return e.SeatAutoPlayed(
            seat=event.seat, reason=event.reason, command={"type": event.command["type"]}
        )
    return event


class _Matches(Mapping[str, Match]):
    """A Match per served game, made on first use: the served games are chosen at start-up
    (domain/registry.py), after this module is imported."""

    def __init__(self) -> None:
        self._matches: dict[str, Match] = {}

    def __getitem__(self, slug: str) -> Match:
        match = self._matches.get(slug)
        if match is None:
            match = self._matches[slug] = Match(GAMES[slug])
        return match

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


MATCHES: Mapping[str, Match] = _Matches()
