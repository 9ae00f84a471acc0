"""Which waiting players the matchmaking queue seats together: a pure function of the queue
(no I/O, no clock: the waits are given), unit-tested on its own (tests/lobby/test_pairing.py).

Greedy from the longest wait: the ticket that has waited longest is the anchor; the tickets
whose rating is within the window of the anchor's (or their own, whichever is wider) are its
candidates, and the ``size - 1`` closest in rating (then the longest waiting) join it. An
anchor without enough candidates waits on, and the next longest waiting becomes the anchor.
A window widens with the wait (``base + growth * seconds``, up to ``cap``), so a player far
from everyone is matched eventually. With every rating within the windows, this leaves fewer
than ``size`` tickets unmatched: nobody is left behind when a full table is possible."""

from __future__ import annotations

import dataclasses
import uuid


@dataclasses.dataclass(frozen=True)
class Waiting:
    ticket: uuid.UUID
    player: uuid.UUID
    rating: float
    waited: float
    """Seconds in the queue."""


@dataclasses.dataclass(frozen=True)
class Window:
    """The rating difference a ticket accepts: ``base`` at once, ``growth`` more each second
    of waiting, at most ``cap``."""

    base: float = 5.0
    growth: float = 0.1
    cap: float = 25.0

    def of(self, waited: float) -> float:
        return min(self.base + self.growth * max(waited, 0.0), self.cap)


def groups(waiting: list[Waiting], size: int, window: Window) -> list[list[Waiting]]:
    """Tables of ``size`` tickets each (in the order they sit: the anchor first), each
    ticket in at most one; a player is never seated twice at a table."""
    remaining = sorted(waiting, key=lambda w: (-w.waited, str(w.ticket)))
    tables: list[list[Waiting]] = []
    while len(remaining) >= size:
        anchor, rest = remaining[0], remaining[1:]
        reach = window.of(anchor.waited)
        candidates = [
            w
            for w in rest
            if w.player != anchor.player
            and abs(w.rating - anchor.rating) <= max(reach, window.of(w.waited))
        ]
        candidates.sort(key=lambda w: (abs(w.rating - anchor.rating), -w.waited, str(w.ticket)))
        table = [anchor]
        for candidate in candidates:
            if len(table) == size:
                break
            if all(candidate.player != seated.player for seated in table):
                table.append(candidate)
        if len(table) == size:
            tables.append(table)
            chosen = {w.ticket for w in table}
            remaining = [w for w in remaining if w.ticket not in chosen]
        else:
            remaining = rest
    return tables
