"""Decisions are built event by event on a working state, so later consequences (tiling
after the last take, a refill after tiling) are decided on the state the earlier events
produced, exactly as a replay will see it."""

from __future__ import annotations

from domain.azul.events import AzulEvent
from domain.azul.state import AzulState, evolve


class Log:
    __slots__ = ("events", "state")

    def __init__(self, state: AzulState) -> None:
        self.state = state
        self.events: list[AzulEvent] = []

    def add(self, event: AzulEvent) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)
