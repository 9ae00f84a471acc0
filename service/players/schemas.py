"""HTTP bodies of the player routes (msgspec Structs)."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Annotated

import msgspec
from msgspec import Meta

from service.games.schemas import SeatName

Contact = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=500,
        pattern=r"^[^\x00-\x1f\x7f]+$",
        description="How to reach the player (e.g. an HTTPS URL for webhooks); never shown"
        " to others",
    ),
]
PlayerToken = Annotated[str, Meta(description="`gsp_` and 43 URL-safe characters; shown once")]


class CreatePlayer(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A new registered player."""

    name: SeatName
    contact: Contact | None = None


class PlayerCreated(msgspec.Struct, kw_only=True):
    """A new player and its token: keep the token, it is shown only here."""

    id: uuid.UUID
    name: str
    token: PlayerToken
    created_at: dt.datetime


class PlayerTokenRotated(msgspec.Struct, kw_only=True):
    """The player's new token; the previous one is refused from now on."""

    id: uuid.UUID
    token: PlayerToken
    rotated_at: dt.datetime


class PlayerProfile(msgspec.Struct, kw_only=True):
    """A player's public profile."""

    id: uuid.UUID
    name: str
    created_at: dt.datetime
    revoked: bool
    """The admin revoked the player's token: it can no longer act."""


class PlayerRevoked(msgspec.Struct, kw_only=True):
    """A revoked player: its token is refused everywhere, open streams included."""

    id: uuid.UUID
    revoked_at: dt.datetime
