"""Decisions are built event by event on a working state, so later consequences (tiling
after the last take, a refill after tiling) are decided on the state the earlier events
produced, exactly as a replay will see it."""

from __future__ import annotations

from domain.azul.events import AzulEvent
from domain.azul.state import AzulState, evolve


class Log:
    """The events of a decision so far; ``state`` is the state after all of them, folded
    when it is asked for (a take that ends nothing never asks: it is not folded twice)."""

    __slots__ = ("_folded", "_state", "events")

    def __init__(self, state: AzulState) -> None:
        self._state = state
        self._folded = 0
        self.events: list[AzulEvent] = []

    def add(self, event: AzulEvent) -> None:
        self.events.append(event)

    def folded(self, state: AzulState) -> None:
        """``state`` is the state after every event so far, computed by the caller exactly as
        ``evolve`` would (a round's end builds it seat by seat instead of event by event)."""
        self._state = state
        self._folded = len(self.events)

    @property
    def state(self) -> AzulState:
        events = self.events
        while self._folded < len(events):
            self._state = evolve(self._state, events[self._folded])
            self._folded += 1
        return self._state
