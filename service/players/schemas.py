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


class PlayerRating(msgspec.Struct, kw_only=True):
    """A player's rating in one game (openskill Plackett-Luce; docs/players.md)."""

    game: str
    mu: float
    sigma: float
    ordinal: float
    """mu - 3 sigma: what leaderboards sort by (0 for a new player)."""
    games: int
    """Rated games counted."""
    last_game: uuid.UUID


class PlayerGame(msgspec.Struct, kw_only=True):
    """A game a player holds a seat in."""

    game_id: uuid.UUID
    game: str
    status: str
    seat: int
    created_at: dt.datetime
    to_act: bool
    """The player is to act now."""
    place: int | None = None
    """Its place once the game finished with a result."""
    rated: bool | None = None
    """Whether the game counted for ratings (null until the projector has seen it end)."""
    ordinal: float | None = None
    """The player's ordinal after this game, when it was rated."""


class PlayerGamePage(msgspec.Struct, kw_only=True):
    items: list[PlayerGame]
    next: str | None = None
    """The cursor of the next page (pass it as `after`), if there is one."""


class PlayerProfile(msgspec.Struct, kw_only=True):
    """A player's public profile: ratings per game, and the latest games (the rest through
    GET /players/{id}/games)."""

    id: uuid.UUID
    name: str
    created_at: dt.datetime
    revoked: bool
    """The admin revoked the player's token: it can no longer act."""
    ratings: list[PlayerRating] = []
    recent_games: list[PlayerGame] = []


class LeaderboardRow(msgspec.Struct, kw_only=True):
    rank: int
    player_id: uuid.UUID
    name: str
    ordinal: float
    mu: float
    sigma: float
    games: int


class Leaderboard(msgspec.Struct, kw_only=True):
    """Best ordinal first; only players with at least ``min_games`` rated games."""

    game: str
    min_games: int
    items: list[LeaderboardRow]
    next: str | None = None
    """The cursor of the next page (pass it as `after`), if there is one."""


class PlayerRevoked(msgspec.Struct, kw_only=True):
    """A revoked player: its token is refused everywhere, open streams included."""

    id: uuid.UUID
    revoked_at: dt.datetime
