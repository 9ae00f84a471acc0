"""People's commands in flight, told to the bot thinkers so that they stand aside.

A thinker runs under ``SCHED_IDLE`` (service/clocks/thinking.py) and still slowed a person's
command on a two-core box: with a busy loop under ``SCHED_IDLE`` beside the service and no
bot at all, a person's command p99 was 1.65-2.57x its p99 alone; with the same loop pausing
while a command was in flight, 0.96-1.00x (``python -m bench.bot_load --control busy`` and
``--control pausing``). The cost is on the shared core, not in the scheduler's queue, so no
priority removes it; not running does.

The board is a small shared file (``GAMESTATE_BUSY_BOARD``, made by ``gamestate serve``'s
supervisor): one counter per command worker (``GAMESTATE_BUSY_SLOT``), the commands that
worker is deciding and appending now (:func:`commands_in_flight`). A thinker's budget clock
(:func:`standing_aside`) reads the board at every clock reading of a search, and while any
counter is above zero it sleeps in short steps before it goes on. The cap is CPU time, so a
pause delays a move and never weakens it; a pause is bounded per reading and per move, so
a service that is never idle still moves its bots, slowly. Without a board (one process, the
tests' apps) nothing is counted and nothing pauses.
"""

from __future__ import annotations

import mmap
import os
import tempfile
import time
from collections.abc import Callable

BOARD_ENV = "GAMESTATE_BUSY_BOARD"
SLOT_ENV = "GAMESTATE_BUSY_SLOT"
SLOTS = 64
"""Counters on a board (command workers a service runs; more share a counter's slot
modulo, which only makes a thinker stand aside a little more often)."""
STEP = 0.0002
"""Seconds a thinker sleeps between two looks at the board."""
MAX_PAUSE = 0.02
"""Seconds a thinker stands aside at one clock reading at most: it then does one more step
of its search (one prior, one descent) before it looks again."""
MAX_PAUSE_PER_MOVE = 5.0
"""Seconds one move stands aside in all: a bot turn's lease is 30 s."""


def make_board() -> str:
    """A new board file of zeroed counters (in /dev/shm where there is one); its path."""
    where = "/dev/shm" if os.path.isdir("/dev/shm") else None
    fd, path = tempfile.mkstemp(prefix="gamestate-busy-", dir=where)
    with os.fdopen(fd, "wb") as board:
        board.write(bytes(4 * SLOTS))
    return path


def _open(path: str, writable: bool) -> memoryview | None:
    try:
        fd = os.open(path, os.O_RDWR if writable else os.O_RDONLY)
    except OSError:
        return None
    try:
        prot = mmap.PROT_READ | (mmap.PROT_WRITE if writable else 0)
        return memoryview(mmap.mmap(fd, 4 * SLOTS, prot=prot)).cast("i")
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)


class Counter:
    """This worker's counter on the board; a no-op without one."""

    def __init__(self, path: str | None, slot: int | None) -> None:
        self._cells = _open(path, True) if path and slot is not None else None
        self._slot = (slot or 0) % SLOTS
        if self._cells is not None:
            # A worker killed in the middle of a command left its count; the supervisor
            # starts its successor on the same slot, which starts from none in flight.
            self._cells[self._slot] = 0

    @classmethod
    def from_env(cls) -> Counter:
        slot = os.environ.get(SLOT_ENV)
        return cls(os.environ.get(BOARD_ENV), int(slot) if slot and slot.isdigit() else None)

    def enter(self) -> None:
        """One more command in flight in this worker (one event loop: no race on the cell,
        which only this process writes). Each ``enter`` is followed by a ``leave``, however
        the command ends (a try/finally; not a context manager: no generator per command)."""
        if self._cells is not None:
            self._cells[self._slot] += 1

    def leave(self) -> None:
        if self._cells is not None:
            self._cells[self._slot] -= 1


def commands_in_flight(path: str | None = None) -> Callable[[], bool] | None:
    """Whether any worker has a command in flight, read from the board (None: no board)."""
    cells = _open(path or os.environ.get(BOARD_ENV) or "", False)
    if cells is None:
        return None
    return lambda: max(cells) > 0


def standing_aside(
    busy: Callable[[], bool] | None,
    clock: Callable[[], float] = time.process_time,
    sleep: Callable[[float], None] = time.sleep,
    wall: Callable[[], float] = time.monotonic,
) -> Callable[[], float]:
    """A budget clock for one move: ``clock()``, after waiting while ``busy()`` (at most
    ``MAX_PAUSE`` per reading and ``MAX_PAUSE_PER_MOVE`` per move)."""
    if busy is None:
        return clock
    left = [MAX_PAUSE_PER_MOVE]

    def read() -> float:
        if left[0] > 0 and busy():
            began = wall()
            until = began + min(MAX_PAUSE, left[0])
            while busy() and wall() < until:
                sleep(STEP)
            left[0] -= wall() - began
        return clock()

    return read
