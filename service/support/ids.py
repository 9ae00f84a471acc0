"""Identifiers made on the hot path without a system call: a request's id
(``service/api/observability.py``) and a command's ``command_id`` (in its events' metadata).

Both only have to be unique. ``uuid.uuid4()`` reads /dev/urandom on every call, and a command
turn paid for that and for formatting the UUID (issue #32). Here 64 random bits are drawn once
per process, and again in a forked child (``os.register_at_fork``), and a counter follows
them: ids of two processes collide only if their random parts do."""

from __future__ import annotations

import itertools
import os

_random = ""
_requests = itertools.count(1)
_commands = itertools.count(1)


def _draw() -> None:
    global _random, _requests, _commands
    _random = os.urandom(8).hex()
    _requests = itertools.count(1)
    _commands = itertools.count(1)


_draw()
os.register_at_fork(after_in_child=_draw)


def new_request_id() -> str:
    """32 hex digits: the process's random part and a counter."""
    return f"{_random}{next(_requests):016x}"


def new_command_id() -> str:
    """A version-4 UUID string (the form command ids always had): 60 of the process's random
    bits, the version and variant nibbles, and a 60-bit counter."""
    r = _random
    n = next(_commands) & ((1 << 60) - 1)
    tail = f"{(0x8 << 60) | n:016x}"  # the variant nibble (RFC 4122: 8), then the counter
    return f"{r[:8]}-{r[8:12]}-4{r[12:15]}-{tail[:4]}-{tail[4:]}"
