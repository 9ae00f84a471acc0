"""HTTP bodies as msgspec Structs. The command, event and view unions are built from the game
registry, so a new game appears in the API and in openapi.json without code here."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta

from domain import GAMES
from domain._kernel import Result


def _union(members: list[type]) -> Any:
    return Union[tuple(members)] if len(members) > 1 else members[0]  # noqa: UP007


AnyCommand = _union([c for spec in GAMES.values() for c in spec.command_classes])
AnyEvent = _union([e for spec in GAMES.values() for e in spec.event_classes])
AnyView = _union([spec.view_type for spec in GAMES.values()])

GameSlug = Literal[tuple(GAMES)]  # type: ignore[valid-type]
"""The hosted games' slugs: a closed set (an enum in the document)."""
GameStatus = Literal["active", "finished"]

SeatName = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=64,
        pattern=r"^[^\x00-\x1f\x7f]+$",
        description="Display name; no control characters",
    ),
]
Seed = Annotated[
    str,
    Meta(min_length=1, max_length=128, pattern=r"^[\x21-\x7e]+$", description="Printable ASCII"),
]
# ge=1, not 0: every game has set-up events, and Litestar 2.x drops a `minimum` of 0.
Version = Annotated[int, Meta(ge=1, le=2**53)]


class Problem(msgspec.Struct, omit_defaults=True):
    """RFC 9457 problem details with a stable machine-readable ``code``."""

    type: str
    title: str
    status: int
    code: str
    detail: str = ""
    instance: str | None = None


class SeatRequest(msgspec.Struct, forbid_unknown_fields=True):
    name: SeatName


def _create_body(spec: Any) -> type[msgspec.Struct]:
    """One body per game, tagged by ``game``: the seat range and the options are the game's."""
    seats = Annotated[
        list[SeatRequest],
        Meta(
            min_length=spec.min_players,
            max_length=spec.max_players,
            description=f"{spec.min_players} to {spec.max_players} seats, in turn order",
        ),
    ]
    name = "Create" + "".join(part.title() for part in spec.slug.split("_")) + "Game"
    return msgspec.defstruct(
        name,
        [
            ("seats", seats),
            ("options", spec.options_type | None, None),
            ("seed", Seed | None, None),
        ],
        tag_field="game",
        tag=spec.slug,
        forbid_unknown_fields=True,
        kw_only=True,
        module=__name__,
    )


CREATE_BODIES = {slug: _create_body(spec) for slug, spec in GAMES.items()}
CreateGame = _union(list(CREATE_BODIES.values()))
"""``{game, seats: [{name}], options?, seed?}``; ``seed`` is optional (duplicate play, tests)."""


class SeatCredential(msgspec.Struct):
    seat: int
    name: str
    token: str


class GameCreated(msgspec.Struct):
    id: uuid.UUID
    game: GameSlug
    rules_version: str
    version: int
    seats: list[SeatCredential]
    seed_commitment: str
    """sha256 of the seed, hex; the seed is revealed when the game is over."""


class SeatInfo(msgspec.Struct):
    seat: int
    name: str


class GameResource(msgspec.Struct):
    id: uuid.UUID
    game: GameSlug
    rules_version: str
    version: int
    status: GameStatus
    to_act: list[int]
    seats: list[SeatInfo]
    viewer: int | None
    """The seat this view is for; null for a spectator."""
    options: dict[str, Any]
    state: AnyView
    result: Result | None
    seed_commitment: str
    seed: str | None
    """Revealed once the game is over."""
    created_at: dt.datetime
    updated_at: dt.datetime


class GameSummary(msgspec.Struct):
    id: uuid.UUID
    game: GameSlug
    status: GameStatus
    version: int
    seats: list[SeatInfo]
    result: Result | None
    created_at: dt.datetime
    updated_at: dt.datetime


class GamePage(msgspec.Struct):
    items: list[GameSummary]
    total: int
    limit: int
    offset: int


class GameType(msgspec.Struct):
    game: GameSlug
    title: str
    min_players: int
    max_players: int
    rules_version: str
    options_schema: dict[str, Any]
    description: str
    notes: str


class LegalCommands(msgspec.Struct):
    version: int
    seat: int
    commands: list[AnyCommand]
    to_act: list[int] = msgspec.field(default_factory=list)
    """Every seat that may act now, so a bot needs no extra request to find its turn."""


class SubmitCommand(msgspec.Struct, forbid_unknown_fields=True):
    command: AnyCommand
    expected_version: Version | None = None
    """If given, the command is refused with 409 unless the game is at this version."""


class EventOut(msgspec.Struct):
    version: int
    type: str
    data: AnyEvent
    seat: int | None
    recorded_at: dt.datetime
    hash: str


class CommandAccepted(msgspec.Struct):
    version: int
    events: list[EventOut]
    to_act: list[int]
    """The seats that may act after this command (empty once the game is over)."""
    status: GameStatus
    """The game's status after this command."""
    legal_commands: list[AnyCommand] | None = None
    """With ``?include=legal_commands``: the calling seat's legal commands after this command
    (at ``version``), empty when it may not act now; so a seat that acts again (a multi-step
    turn) needs no legal-commands request. Null without the option."""


class EventPage(msgspec.Struct):
    version: int
    """The game's current version."""
    events: list[EventOut]


class VersionedView(msgspec.Struct):
    id: uuid.UUID
    game: GameSlug
    version: int
    viewer: int | None
    to_act: list[int]
    state: AnyView
    result: Result | None
    full_state: dict[str, Any] | None = None
    """Once the game is finished everything is public: the whole state at that version (the
    game's own state type as plain JSON). Null while the game is active."""


class Health(msgspec.Struct):
    status: str
    database: str | None = None
