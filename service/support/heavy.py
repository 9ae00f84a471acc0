"""Heavy reads: the reads whose cost grows with a game's length (an audit's replay, a record's
export, time travel that folds many events), bounded at once per process and per caller.

A rate limit counts requests in a window; what these reads cost is how long they run, so what
is bounded is how many run at the same moment. Over either bound the read is refused at once
with 429 ``too_many_heavy_reads`` and ``Retry-After`` (no queue: a queue would hold the
request, its socket and its memory for as long as the reads ahead of it, which is the very
thing being bounded). Counts are per process, in memory, and need no lock: they are only
touched on the event loop.

A caller is the authenticated identity when there is one (admin, player, seat), else the
client address (service/api/routes/records.py, ``caller_of``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from service.support.errors import ApiError

RETRY_AFTER = 1
"""Seconds a refused caller is told to wait: a heavy read of a long game takes about that."""


@dataclass(frozen=True)
class HeavyReadLimits:
    per_process: int = 4
    """GAMESTATE_HEAVY_READS: heavy reads running at once in a process."""
    per_caller: int = 2
    """GAMESTATE_HEAVY_READS_PER_CALLER: heavy reads one caller may have running at once."""
    audit_cache: int = 1000
    """GAMESTATE_AUDIT_CACHE: audit reports of finished games kept in memory per process."""

    def __post_init__(self) -> None:
        for name in ("per_process", "per_caller"):
            if getattr(self, name) < 1:
                raise ValueError(f"heavy read limit {name} must be at least 1")
        if self.audit_cache < 0:
            raise ValueError("the audit cache size cannot be negative")


class Lease:
    """One running heavy read; :meth:`release` (idempotent) frees its place. A context manager
    too."""

    __slots__ = ("_caller", "_reads")

    def __init__(self, reads: HeavyReads, caller: str) -> None:
        self._reads: HeavyReads | None = reads
        self._caller = caller

    def release(self) -> None:
        reads, self._reads = self._reads, None
        if reads is not None:
            reads._leave(self._caller)

    def __enter__(self) -> Lease:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()


class HeavyReads:
    def __init__(self, limits: HeavyReadLimits | None = None) -> None:
        self.limits = limits or HeavyReadLimits()
        self.running = 0
        self._by_caller: Counter[str] = Counter()

    def lease(self, caller: str, what: str) -> Lease:
        """A place for one heavy read of ``caller``, or ApiError 429 when the process or the
        caller has as many running as allowed. ``what`` names the read in the refusal."""
        limits = self.limits
        if self._by_caller[caller] >= limits.per_caller:
            raise _refused(
                f"{what}: you have {limits.per_caller} heavy reads (audits, records, time"
                " travel of long games) running; wait for one to end"
                " (GAMESTATE_HEAVY_READS_PER_CALLER)"
            )
        if self.running >= limits.per_process:
            raise _refused(
                f"{what}: the server is running {limits.per_process} heavy reads (audits,"
                " records, time travel of long games); retry shortly (GAMESTATE_HEAVY_READS)"
            )
        self.running += 1
        self._by_caller[caller] += 1
        return Lease(self, caller)

    def _leave(self, caller: str) -> None:
        self.running -= 1
        self._by_caller[caller] -= 1
        if self._by_caller[caller] <= 0:
            del self._by_caller[caller]


def _refused(detail: str) -> ApiError:
    return ApiError(429, "too_many_heavy_reads", detail, {"Retry-After": str(RETRY_AFTER)})
