"""The working state of one ``decide`` call: events emitted so far and the state they give."""

from __future__ import annotations

from domain._kernel import Rng
from domain.castles.evolve import evolve
from domain.castles.state import CastlesState


class Ctx:
    __slots__ = ("events", "rng", "s")

    def __init__(self, state: CastlesState, rng: Rng) -> None:
        self.s = state
        self.rng = rng
        self.events: list = []

    def emit(self, event) -> None:
        self.events.append(event)
        self.s = evolve(self.s, event)
