"""HTTP bodies of notifications and webhooks."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from service.notify.targets import MAX_URL

Kind = Literal["your_turn", "game_started", "game_ended", "round_paired"]


class NotificationData(msgspec.Struct, kw_only=True):
    """What a notification is about."""

    id: int
    """The notification's id: the SSE `id` of a player stream (send it back as
    `Last-Event-ID`), and `ntf_<id>` is the `webhook-id` of its webhook deliveries."""
    kind: Kind
    game_id: uuid.UUID
    version: int
    """The game's version after the events that caused it."""
    game: str
    seat: int | None
    """The recipient player's seat (null for a tournament's notification)."""
    to_act: list[int]
    """The seats to act at `version` (empty once the game is over)."""
    player_id: uuid.UUID | None
    tournament_id: uuid.UUID | None
    table_id: str | None


class Notification(msgspec.Struct, kw_only=True):
    """One notification, as a player stream's message data and as a webhook's body."""

    type: Kind
    timestamp: dt.datetime
    data: NotificationData


class WebhookRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Register an endpoint."""

    url: Annotated[
        str,
        Meta(
            min_length=8,
            max_length=MAX_URL,
            pattern=r"^https?://[^\x00-\x20\x7f]+$",
            examples=["https://bots.example.net/gamestate"],
        ),
    ]
    """An https URL on a public address (http and loopback only where the service allows
    them, for development)."""


class WebhookOut(msgspec.Struct, kw_only=True):
    """An endpoint; `secret` is shown only when it is registered."""

    id: uuid.UUID
    url: str
    status: Literal["active", "disabled"]
    failures: int
    """Consecutive failed attempts (reset by a delivered one)."""
    disabled_reason: str | None
    created_at: dt.datetime
    secret: str | None = None
    """`whsec_...`: verify deliveries with it (Standard Webhooks); shown once."""


class WebhookList(msgspec.Struct):
    items: list[WebhookOut]


class AttemptOut(msgspec.Struct, kw_only=True):
    attempt: int
    at: dt.datetime
    status_code: int | None
    error: str | None
    duration_ms: int


class DeliveryOut(msgspec.Struct, kw_only=True):
    """One notification's delivery to one endpoint, with its attempts."""

    id: int
    webhook_id_header: str
    """The `webhook-id` header of every attempt (`ntf_<notification id>`)."""
    notification_id: int
    kind: Kind
    game_id: uuid.UUID
    version: int
    status: Literal["pending", "delivered", "failed"]
    attempts: list[AttemptOut]
    next_attempt_at: dt.datetime | None
    delivered_at: dt.datetime | None
    created_at: dt.datetime


class DeliveryPage(msgspec.Struct):
    """Newest first; pass `next` as `before` for the next page."""

    items: list[DeliveryOut]
    next: int | None
