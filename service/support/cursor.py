"""Opaque cursors of list pages: the position (creation time, id) of a page's last item, as
base64url text. A client passes ``next`` back as ``after``; what is inside may change."""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import uuid

from service.support.errors import ApiError


def encode(created_at: dt.datetime, stream_id: uuid.UUID) -> str:
    raw = f"{created_at.isoformat()}|{stream_id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(cursor: str) -> tuple[dt.datetime, uuid.UUID]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        created_at, _, stream_id = raw.partition("|")
        when = dt.datetime.fromisoformat(created_at)
        if when.tzinfo is None:
            raise ValueError("naive time")
        return when, uuid.UUID(stream_id)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise ApiError(400, "malformed_request", "invalid cursor in `after`") from None
