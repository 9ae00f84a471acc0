"""HTTP bodies of the lobby routes (msgspec Structs, each title unique in the document)."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from service.games.schemas import (
    BotLevel,
    BotPolicy,
    CommandAccepted,
    GameSlug,
    GameStatus,
    SeatName,
)


class JoinGame(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Take an open seat. Without a token, ``name`` is the seat's display name and the answer
    holds its token; with a player token the player takes the seat (``name`` is ignored).
    ``seat`` asks for one open seat; without it the lowest open seat is taken."""

    name: SeatName | None = None
    # No ge=0 here: Litestar 2.x drops a `minimum` of 0 from the document, which must not
    # promise less than is accepted; a negative seat is a 422 (lobby/no_such_seat).
    seat: Annotated[int, Meta(le=15)] | None = None
    bot: BotPolicy | None = None
    """Fill the open seat with a bot the service plays (docs/bots.md): asked by a seat of
    the table (its seat or player token) or the admin key; ``name`` optional."""
    level: BotLevel | None = None


class Joined(CommandAccepted):
    """The answer of POST /games/{id}/join: a command's answer (the events the join appended
    as the caller may see them: the set-up events when it dealt the game, none while the
    table waits; ``status`` ``waiting`` until the last seat is taken) and the seat taken. A
    zombie seat's rejoin answers the same, with its seat and no token."""

    seat: int | None = None
    name: str | None = None
    token: str | None = None
    """The seat's bearer token (shown only here) for an anonymous join; null when a player
    token took the seat, and for a rejoin."""


class LobbySeat(msgspec.Struct):
    seat: int
    name: str | None
    """Null while the seat is open."""
    open: bool
    reserved: bool = False
    """A rematch seat kept for a seat of the finished game (taken with its rematch request)."""


class LobbyTable(msgspec.Struct):
    """A game created with open seats, as the lobby shows it."""

    id: uuid.UUID
    game: GameSlug
    status: GameStatus
    """``waiting`` until the last seat is taken, then the game's own status; ``cancelled``
    when it expired while waiting."""
    version: int
    seats: list[LobbySeat]
    open_seats: list[int]
    expires_at: dt.datetime
    created_at: dt.datetime
    rematch_of: uuid.UUID | None = None


class Rematch(msgspec.Struct):
    id: uuid.UUID
    """The rematch: the same answer to every request for the same finished game."""
    rematch_of: uuid.UUID
    seat: int
    """The caller's seat in the rematch (seats rotate by one: the old seat 1 is seat 0)."""
    token: str | None
    """The caller's seat token in the rematch (the same on every request of that seat;
    derived from the token it was asked with); null for a player's seat."""
    status: GameStatus
    """``waiting`` until every seat of the finished game has asked for the rematch (players'
    seats are taken at once), then ``active``."""
    version: int


class Enqueue(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Join the matchmaking queue of a game for a table of ``players`` (default: the game's
    fewest players, 2 at least)."""

    players: Annotated[int, Meta(ge=1, le=16)] | None = None


class Ticket(msgspec.Struct):
    """A place in the matchmaking queue. Poll it (GET) until ``status`` is ``matched``: then
    ``game_id`` and ``seat`` say where the player sits (it acts with its player token)."""

    id: uuid.UUID
    game: GameSlug
    players: int
    status: Literal["waiting", "matched", "left", "expired"]
    rating: float
    """The rating the queue matched on (the player's, or the default for a new player)."""
    window: float
    """The rating difference the ticket accepts now (it widens with the wait)."""
    created_at: dt.datetime
    expires_at: dt.datetime
    """A ticket still waiting then leaves the queue (``expired``)."""
    game_id: uuid.UUID | None = None
    seat: int | None = None
