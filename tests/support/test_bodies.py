"""Strict body decoding (service/support/bodies.py): what is taken, what is refused, and
whether a body was taken as it was sent (the hot routes reuse only such a value)."""

from __future__ import annotations

import msgspec
import pytest

from service.support.bodies import decode_strictly, strict_decode
from service.support.errors import ApiError


class Body(msgspec.Struct, forbid_unknown_fields=True):
    count: int
    flag: bool = False


def test_a_body_as_documented_is_taken_as_it_was_sent() -> None:
    assert decode_strictly(b'{"count": 3, "flag": true}', Body) == (Body(3, True), True)


def test_an_integral_float_for_an_integer_is_taken_but_not_as_sent() -> None:
    # JSON Schema counts 3.0 as an integer; the value is converted, so it is not "as sent".
    assert decode_strictly(b'{"count": 3.0}', Body) == (Body(3), False)
    assert strict_decode(b'{"count": 3.0}', Body) == Body(3)


@pytest.mark.parametrize(
    "body", [b'{"count": 0, "flag": 0}', b'{"count": "3"}', b'{"count": 3.5}', b"\xff", b"{"]
)
def test_a_lax_or_broken_body_is_refused(body: bytes) -> None:
    with pytest.raises(ApiError) as refused:
        decode_strictly(body, Body)
    assert (refused.value.status, refused.value.code) == (400, "malformed_request")
