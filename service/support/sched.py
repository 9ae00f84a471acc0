"""A process's CPU slice under Linux's EEVDF scheduler (6.12 and later): the ``sched_runtime``
of ``sched_setattr(2)`` for a SCHED_OTHER or SCHED_BATCH task.

Why a service asks for one. Nice only weighs a task's share of a core over time. Under EEVDF a
task that has just been given a core keeps it for its slice before a waking task takes over,
whatever the two tasks' nice values. The default slice is 0.7 ms times (1 + log2 of the cores),
so 1.4 ms on two cores. A stream worker at nice 19 that is writing a fan-out
(service/ops/handoff.py) could thus hold a core for that long while a command worker, just woken
by its client's request or by PostgreSQL's answer, waits for it. A short slice (the kernel's
least is 0.1 ms) bounds that wait without changing anyone's share: the stream worker still gets
the same CPU, in shorter turns.

The Python standard library has no ``sched_setattr``, so the system call is made through
ctypes. Where it is missing (another OS, another architecture, an older kernel), nothing
changes: an older Linux accepts the call and ignores the slice, so :func:`slice_ns` is how to
tell whether it took.
"""

from __future__ import annotations

import ctypes
import platform
import struct
import sys

_CALLS = {"x86_64": (314, 315), "aarch64": (274, 275)}
"""(sched_setattr, sched_getattr) by machine: x86_64's own table, and the generic one that
aarch64 uses."""
_ATTR = struct.Struct("IIQiIQQQII")
"""struct sched_attr (version 1, 56 bytes): size, policy, flags, nice, priority, runtime,
deadline, period, util_min, util_max."""
_NORMAL_POLICIES = {0, 3}  # SCHED_OTHER, SCHED_BATCH
"""The policies with a slice to ask for. A SCHED_IDLE task has none: it gives way to any other
task at once."""
MIN_SLICE_NS = 100_000
"""The kernel clamps a requested slice to 0.1-100 ms."""


def _calls() -> tuple[int, int] | None:
    return _CALLS.get(platform.machine()) if sys.platform == "linux" else None


def _syscall(number: int, pid: int, attributes: ctypes.Array | ctypes.c_char_p, *rest: int) -> int:
    # syscall(2) reads each argument as a long: pass them as such, not as C ints.
    libc = ctypes.CDLL(None, use_errno=True)
    longs = (ctypes.c_long(n) for n in rest)
    return libc.syscall(ctypes.c_long(number), ctypes.c_long(pid), attributes, *longs)


def _attributes(pid: int) -> tuple[int, ...] | None:
    calls = _calls()
    if calls is None:
        return None
    buffer = ctypes.create_string_buffer(_ATTR.size)
    if _syscall(calls[1], pid, buffer, _ATTR.size, 0) != 0:
        return None
    return _ATTR.unpack(buffer.raw)


def slice_ns(pid: int = 0) -> int | None:
    """The slice of the process ``pid`` (0: this one) in nanoseconds: the one it asked for, or
    the kernel's default (0 from a kernel before 6.12, which has no slices); None where it
    cannot be read."""
    attributes = _attributes(pid)
    if attributes is None or attributes[1] not in _NORMAL_POLICIES:
        return None
    return attributes[5]


def request_slice(ns: int, pid: int = 0) -> bool:
    """Ask for a slice of ``ns`` nanoseconds (at least :data:`MIN_SLICE_NS`) for ``pid`` (0:
    this process), keeping its policy and nice value. False where the call is unavailable or
    refused, or for a SCHED_IDLE process; True does not prove that the kernel uses it (an older
    Linux ignores it: see :func:`slice_ns`)."""
    attributes = _attributes(pid)
    calls = _calls()
    if attributes is None or calls is None or attributes[1] not in _NORMAL_POLICIES:
        return False
    _, policy, _, nice, *_ = attributes
    wanted = _ATTR.pack(_ATTR.size, policy, 0, nice, 0, max(ns, MIN_SLICE_NS), 0, 0, 0, 0)
    return _syscall(calls[0], pid, ctypes.c_char_p(wanted), 0) == 0
