"""Cursors of list pages: the position of a page's last item, ``<created_at in microseconds
since 1970>_<id as 32 hex digits>``. Clients treat them as opaque (pass ``next`` back as
``after``); every text that matches ``PATTERN`` is a valid position, so the schema says
exactly what is accepted."""

from __future__ import annotations

import datetime as dt
import uuid

PATTERN = r"^[0-9]{1,17}_[0-9a-f]{32}$"
EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
MICROSECOND = dt.timedelta(microseconds=1)


def encode(created_at: dt.datetime, stream_id: uuid.UUID) -> str:
    return f"{(created_at - EPOCH) // MICROSECOND}_{stream_id.hex}"


def decode(cursor: str) -> tuple[dt.datetime, uuid.UUID]:
    """The position a cursor names (the route's pattern has checked its form)."""
    micros, _, stream_id = cursor.partition("_")
    return EPOCH + int(micros) * MICROSECOND, uuid.UUID(hex=stream_id)
