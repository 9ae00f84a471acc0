"""The kit's plumbing: the failure it raises and the small checks every part shares."""

from __future__ import annotations

import re
from collections.abc import Callable

import msgspec

from domain._kernel import DomainError

CODE = re.compile(r"^[a-z0-9_]+(/[a-z0-9_]+)*$")
"""A stable error code: ``not_your_turn``, ``azul/pattern_line_colour_mismatch``."""


class KitFailure(AssertionError):
    """A broken promise of the game contract; ``property`` names which."""

    def __init__(self, prop: str, message: str) -> None:
        super().__init__(f"[{prop}] {message}")
        self.property = prop
        self.message = message


def _require(ok: object, prop: str, message: str | Callable[[], str]) -> None:
    if not ok:
        raise KitFailure(prop, message() if callable(message) else message)


def _enc(value: object) -> bytes:
    return msgspec.msgpack.encode(value)


def _refused(call: Callable[[], object], prop: str, what: str) -> DomainError:
    try:
        call()
    except DomainError as error:
        _require(
            isinstance(error.code, str) and CODE.match(error.code),
            prop,
            f"{what}: the code {error.code!r} is not a stable code (lower_case/with_slashes)",
        )
        return error
    except Exception as error:  # anything but a DomainError is a 500 in the service
        raise KitFailure(prop, f"{what}: raised {error!r}, not a DomainError") from error
    raise KitFailure(prop, f"{what}: was accepted")


def near_misses(command: msgspec.Struct) -> list[msgspec.Struct]:
    """Commands one integer field away from a legal one."""
    out = []
    for name in command.__struct_fields__:
        value = getattr(command, name)
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        for delta in (-1, 1):
            out.append(msgspec.structs.replace(command, **{name: value + delta}))
    return out
