"""Identifiers made on the hot path without a system call.

A command's ``command_id`` (in its events' metadata) only has to be unique: ``uuid.uuid4()``
reads /dev/urandom on every call, and a command turn paid for that and for formatting the
UUID (issue #32). Here 60 random bits are drawn once per process (again after a fork) and a
60-bit counter follows them, laid out as a version-4 UUID, so the ids look exactly as before:
ids of two processes collide only if their random parts do (one chance in 2**60)."""

from __future__ import annotations

import itertools
import os

_state: tuple[int, str, itertools.count] | None = None


def _fresh() -> tuple[int, str, itertools.count]:
    random = os.urandom(8).hex()[:15]  # 60 bits
    prefix = f"{random[:8]}-{random[8:12]}-4{random[12:15]}-"
    return os.getpid(), prefix, itertools.count(1)


def new_command_id() -> str:
    """A version-4 UUID string, unique across processes (module docstring)."""
    global _state
    if _state is None or _state[0] != os.getpid():
        _state = _fresh()
    _, prefix, counter = _state
    n = next(counter) & ((1 << 60) - 1)
    # The variant nibble (RFC 4122: 8), then the counter's 60 bits.
    tail = f"{(0x8 << 60) | n:016x}"
    return f"{prefix}{tail[:4]}-{tail[4:]}"
