"""The in-process timer structure of the clock scheduler: one deadline per game, fired in
order. A heap of (fire time, sequence, game, version) with lazy deletion: a game's entry is
replaced by a newer version's, and superseded heap items are skipped when they surface, so
an offer or a removal is O(log n) and waiting costs nothing."""

from __future__ import annotations

import heapq
import itertools
import uuid
from dataclasses import dataclass


@dataclass(frozen=True)
class Timer:
    game_id: uuid.UUID
    version: int
    """The version the deadline was read at: the timeout's expected version."""
    seat: int
    due_ms: int
    own: bool
    """Learned from this process's own commit (fired on time; others' after a grace)."""


class Timers:
    def __init__(self, grace_ms: int) -> None:
        self.grace_ms = grace_ms
        self._live: dict[uuid.UUID, tuple[Timer, int]] = {}
        """Per game: its timer and the fire time of its live heap item."""
        self._heap: list[tuple[int, int, uuid.UUID, int]] = []
        self._seq = itertools.count()
        self._flying: dict[uuid.UUID, int] = {}
        """Games whose timeout is being sent, with its version: offers of that very deadline
        (a catch-up, a late notification) are not kept meanwhile."""

    def __len__(self) -> int:
        return len(self._live)

    def fire_ms(self, timer: Timer) -> int:
        return timer.due_ms if timer.own else timer.due_ms + self.grace_ms

    def offer(self, timer: Timer, fire_ms: int | None = None) -> bool:
        """Keep ``timer`` unless the game's known deadline is of a later version. True if
        kept."""
        if fire_ms is None and self._flying.get(timer.game_id) == timer.version:
            return False
        current = self._live.get(timer.game_id)
        if current is not None:
            known = current[0]
            if known.version > timer.version:
                return False
            same = known.version == timer.version and fire_ms is None
            if same and (known.own or not timer.own):
                return False  # the same deadline, already kept as early as it should be
        at = self.fire_ms(timer) if fire_ms is None else fire_ms
        self._live[timer.game_id] = (timer, at)
        heapq.heappush(self._heap, (at, next(self._seq), timer.game_id, timer.version))
        return True

    def forget(self, game_id: uuid.UUID, version: int) -> None:
        """The game reached ``version`` with no deadline (or one not known here): drop what
        was kept for an older version."""
        current = self._live.get(game_id)
        if current is not None and current[0].version < version:
            del self._live[game_id]

    def known(self, game_id: uuid.UUID) -> Timer | None:
        current = self._live.get(game_id)
        return current[0] if current is not None else None

    def _top_is_live(self) -> bool:
        at, _, game_id, version = self._heap[0]
        current = self._live.get(game_id)
        return current is not None and current[0].version == version and current[1] == at

    def next_ms(self) -> int | None:
        """When the earliest timer fires (None: none kept)."""
        while self._heap and not self._top_is_live():
            heapq.heappop(self._heap)
        return self._heap[0][0] if self._heap else None

    def pop_due(self, now_ms: int) -> list[Timer]:
        """The timers due by ``now_ms``, removed (re-offer one whose firing must be tried
        again)."""
        due: list[Timer] = []
        while self._heap and self._heap[0][0] <= now_ms:
            if self._top_is_live():
                timer = self._live.pop(self._heap[0][2])[0]
                self._flying[timer.game_id] = timer.version
                due.append(timer)
            heapq.heappop(self._heap)
        return due

    def landed(self, timer: Timer) -> None:
        """The timeout popped for ``timer`` was sent (whatever came of it)."""
        if self._flying.get(timer.game_id) == timer.version:
            del self._flying[timer.game_id]
