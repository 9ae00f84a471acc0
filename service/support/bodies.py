"""Strict decoding of request bodies (msgspec only), shared by the body check every route
runs on the event loop and by the import of records, which decodes in a worker thread."""

from __future__ import annotations

from typing import Any

import msgspec

from service.support.errors import ApiError


def strict_decode(body: bytes, body_type: Any) -> Any:
    """The body as ``body_type``, validated strictly, as documented (Litestar's own
    conversion is lax: it would take ``0`` for ``false``); or ApiError 400."""
    return decode_strictly(body, body_type)[0]


def decode_strictly(body: bytes, body_type: Any) -> tuple[Any, bool]:
    """:func:`strict_decode`, and whether the body was taken as it was sent: True unless it
    needed the walk (a ``3.0`` for an integer), whose value a lax decoder would not give."""
    try:
        # Most bodies pass this one typed, strict decode; the rest (3.0 for an integer, or
        # something wrong) take the walk below, which accepts or names the problem.
        return msgspec.json.decode(body, type=body_type, strict=True), True
    except (msgspec.MsgspecError, UnicodeDecodeError, RecursionError):
        pass
    try:
        value = msgspec.convert(
            _integral_floats_as_ints(msgspec.json.decode(body)), type=body_type, strict=True
        )
        return value, False
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ApiError(400, "malformed_request", f"invalid body: {exc}") from None
    except UnicodeDecodeError:
        raise ApiError(400, "malformed_request", "invalid body: not UTF-8") from None
    except RecursionError:
        # Absurdly nested JSON exhausts the decoder's (and the walk's) recursion limit.
        raise ApiError(400, "malformed_request", "invalid body: nested too deeply") from None


def _integral_floats_as_ints(value: Any) -> Any:
    # JSON Schema counts 3.0 as an integer; msgspec's strict mode would not.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_integral_floats_as_ints(v) for v in value]
    if isinstance(value, dict):
        return {k: _integral_floats_as_ints(v) for k, v in value.items()}
    return value
