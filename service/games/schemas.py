"""HTTP bodies as msgspec Structs. The command, event and view unions are built from the game
registry, so a new game appears in the API and in openapi.json without code here."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta

from domain._kernel import Result
from domain.lifecycle.events import LIFECYCLE_EVENTS
from domain.registry import GAMES


def _union(members: list[type]) -> Any:
    return Union[tuple(members)] if len(members) > 1 else members[0]  # noqa: UP007


AnyCommand = _union([c for spec in GAMES.values() for c in spec.command_classes])
AnyEvent = _union(
    [e for spec in GAMES.values() for e in spec.event_classes] + list(LIFECYCLE_EVENTS)
)
AnyView = _union([spec.view_type for spec in GAMES.values()])

GameSlug = Literal[tuple(GAMES)]  # type: ignore[valid-type]
"""The hosted games' slugs: a closed set (an enum in the document)."""
GameStatus = Literal["waiting", "active", "finished", "cancelled"]
"""``waiting``: created with open seats, not dealt yet (docs/lobby.md); ``cancelled``: it
expired while waiting and was never dealt."""

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
    game_id: str | None = None
    """Extension member: the game a problem points at (``record_already_imported``: the game
    that holds the record already, also in ``Location``)."""


BotPolicy = Annotated[
    str,
    Meta(
        pattern=r"^[a-z][a-z0-9_]{0,31}$",
        description="A bot seat's policy: one of the game's `policies` in GET /games/types"
        " (`random`, `greedy`, `mcts`)",
    ),
]
BotLevel = Annotated[
    int,
    Meta(
        ge=1,
        le=3,
        description="A bot seat's level (its budget per move; default 2; docs/bots.md)",
    ),
]


class SeatRequest(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A seat: ``{name}`` (anonymous: the answer holds its seat token), ``{player_id}`` (a
    registered player, who acts with its player token; the seat takes the player's name) or
    ``{"open": true}`` (taken later with POST /games/{id}/join; docs/lobby.md). Exactly one
    of them (422 ``seat_name_or_player``). Or a bot, played by the service: ``{"bot":
    "mcts", "level": 2}`` (``name`` optional; docs/bots.md, "Bot seats")."""

    name: SeatName | None = None
    player_id: uuid.UUID | None = None
    # Optional rather than defaulting to false: a default makes generated clients require it.
    open: bool | None = None
    bot: BotPolicy | None = None
    level: BotLevel | None = None


MONTH = 30 * 24 * 3600


class ClockRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A game's clock (docs/lifecycle.md). Every decision of a seat has ``turn_seconds``;
    once they are gone the seat spends its ``bank_seconds`` (a reserve for the whole game);
    when both are spent the clock times the seat out and ``on_timeout`` says what follows:
    ``auto_play`` (a deterministic bot, ``auto_play_policy``, decides for the seat from its
    view; ``zombie_after`` timeouts in a
    row and it is auto-played at once until it rejoins) or ``forfeit`` (the seat loses).
    ``turn_seconds`` is at least the service's minimum (GAMESTATE_MIN_TURN_SECONDS, 5 by
    default) unless the admin key creates the game (422 ``game/turn_too_short``)."""

    turn_seconds: Annotated[float, Meta(gt=0, le=MONTH)]
    # Bounds of bank_seconds are checked by the service (422 game/invalid_clock): Litestar
    # drops a `minimum` of 0 from the document, which must not promise less than is accepted.
    bank_seconds: float = 0.0
    on_timeout: Literal["auto_play", "forfeit"] = "auto_play"
    zombie_after: Annotated[int, Meta(ge=1, le=1000)] = 3
    auto_play_policy: Literal["random", "greedy"] = "greedy"
    """The policy that plays a timed-out or zombie seat (``auto_play``; docs/bots.md)."""


WaitSeconds = Annotated[
    int,
    Meta(
        ge=10,
        le=7 * 24 * 3600,
        description="With open seats: how long the table waits for players before it is"
        " cancelled (at most the service's GAMESTATE_LOBBY_WAIT_SECONDS, its default)",
    ),
]


def _create_body(spec: Any) -> type[msgspec.Struct]:
    """One body per game, tagged by ``game``: the seat range and the options are the game's."""
    seats = (
        Annotated[
            list[SeatRequest],
            Meta(
                min_length=spec.min_players,
                max_length=spec.max_players,
                description=f"{spec.min_players} to {spec.max_players} seats, in turn order",
            ),
        ]
        | Annotated[
            int,
            Meta(
                ge=spec.min_players,
                le=spec.max_players,
                description="A number of seats, all open (docs/lobby.md)",
            ),
        ]
    )
    name = "Create" + "".join(part.title() for part in spec.slug.split("_")) + "Game"
    return msgspec.defstruct(
        name,
        [
            ("seats", seats),
            ("options", spec.options_type | None, None),
            ("seed", Seed | None, None),
            ("clock", ClockRequest | None, None),
            ("wait_seconds", WaitSeconds | None, None),
            # False: a practice game, never rated (docs/players.md); absent or null: rated
            # when the rules allow. Optional in the document like the other fields.
            ("rated", bool | None, None),
        ],
        tag_field="game",
        tag=spec.slug,
        forbid_unknown_fields=True,
        kw_only=True,
        module=__name__,
    )


CREATE_BODIES = {slug: _create_body(spec) for slug, spec in GAMES.items()}
CreateGame = _union(list(CREATE_BODIES.values()))
"""``{game, seats: [{name} or {player_id}], options?, seed?, clock?, rated?}``; ``seed`` is optional (duplicate play,
tests); ``clock`` puts the game on a clock (none: no deadlines)."""


class SeatCredential(msgspec.Struct, omit_defaults=True):
    """A seat of a new game. An anonymous seat's ``token`` acts for it (shown only here); a
    registered player's seat has ``player_id`` and an empty ``token`` (no seat token exists
    for it: the player acts with its own player token; empty rather than absent keeps
    release 2.0.0's promise that ``token`` is always a string)."""

    seat: int
    name: str
    token: Annotated[
        str, Meta(description="The seat's bearer token; empty for a registered player's seat")
    ]
    player_id: uuid.UUID | None = None
    bot: str | None = None
    """A bot seat's policy: the service plays the seat (its token is empty)."""
    level: int | None = None


class GameCreated(msgspec.Struct):
    id: uuid.UUID
    game: GameSlug
    rules_version: str
    version: int
    seats: list[SeatCredential]
    """The named seats, with their tokens (shown only here)."""
    seed_commitment: str
    """sha256 of the seed, hex; the seed is revealed when the game is over."""
    status: GameStatus = "active"
    """``waiting`` while open seats remain: nothing is dealt before the last one is taken."""
    open_seats: list[int] = msgspec.field(default_factory=list)
    """Seats to be taken with POST /games/{id}/join."""
    expires_at: dt.datetime | None = None
    """A waiting table is cancelled at this time if seats are still open."""


class SeatInfo(msgspec.Struct):
    seat: int
    name: str
    player_id: uuid.UUID | None = None
    """The registered player holding the seat (docs/players.md); null for an anonymous
    seat."""
    bot: str | None = None
    """A bot seat's policy (the service plays it; docs/bots.md); null for a person's seat."""


class SeatClock(msgspec.Struct):
    """A seat to act on a clocked game."""

    seat: int
    since: dt.datetime
    """When its current decision started."""
    turn_ends: dt.datetime
    """From then on the seat spends its bank."""
    deadline: dt.datetime
    """From then on the clock times the seat out (turn and bank spent)."""
    bank_seconds: float
    """Its bank left at the start of this decision."""


class ClockState(msgspec.Struct):
    turn_seconds: float
    bank_seconds: float
    """Each seat's bank at the start of the game."""
    on_timeout: str
    zombie_after: int
    paused: bool
    banks: list[float]
    """Every seat's bank left, in seat order."""
    to_act: list[SeatClock]
    """Deadlines of the seats to act (none while the clocks are paused)."""


class SeatStatus(msgspec.Struct):
    seat: int
    status: Literal["playing", "zombie", "resigned", "forfeited"]
    """``zombie``: auto-played at once when to act (after timeouts in a row, until it
    rejoins with POST /games/{id}/join; or after resigning or forfeiting)."""
    timeouts_in_a_row: int


class Ending(msgspec.Struct):
    """How a game ended outside its rules."""

    how: Literal["abandoned", "resigned", "forfeited"]
    reason: str
    """The organiser's reason, ``event_cap``, or the departure that ended the game."""


class ResignRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    reason: Annotated[str, Meta(max_length=500, pattern=r"^[^\x00-\x1f\x7f]*$")] = ""


class AbandonRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    reason: Annotated[str, Meta(min_length=1, max_length=500, pattern=r"^[^\x00-\x1f\x7f]+$")]
    result: Literal["none", "provisional"] = "none"
    """``none``: the game ends without a result; ``provisional``: with the rules' ranking of
    the game as it stands (resigned and forfeited seats last)."""


Origin = Literal["played", "imported"]


class ImportVerification(msgspec.Struct):
    ok: bool
    """True: every check passed when the record was imported (a record failing one is
    refused, so imported games are always true)."""
    checks: dict[str, str]
    """Check name -> ``passed`` or ``skipped`` (see GET /games/{id}/audit); empty for games
    imported before the checks were kept."""


class ImportInfo(msgspec.Struct):
    """Where an imported game came from: it was played elsewhere, not on this service."""

    imported_at: dt.datetime
    imported_by: str
    """``admin``, ``import-key:<id>`` (the first 12 hex digits of the key's sha256), ``open``
    (no key: imports open to anyone) or ``unknown`` (imported before this was kept)."""
    original_id: uuid.UUID | None
    """The game's id where it was played (its events are hashed with it)."""
    verification: ImportVerification


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
    clock: ClockState | None = None
    """The game's clock and the deadlines of the seats to act; null without a clock."""
    seat_status: list[SeatStatus] = msgspec.field(default_factory=list)
    ending: Ending | None = None
    """Set when the game ended outside its rules (abandoned, resigned, forfeited)."""
    origin: Origin = "played"
    """``played`` on this service, or ``imported`` from a record (POST /games/import)."""
    imported: ImportInfo | None = None
    """For an imported game: when, by whom, from which game, and the verification passed."""


class GameSummary(msgspec.Struct):
    id: uuid.UUID
    game: GameSlug
    status: GameStatus
    version: int
    seats: list[SeatInfo]
    result: Result | None
    created_at: dt.datetime
    updated_at: dt.datetime
    origin: Origin = "played"
    imported: ImportInfo | None = None


class GamePage(msgspec.Struct):
    items: list[GameSummary]
    total: int
    """Every game that matches the filters."""
    limit: int
    offset: int
    """Deprecated with the ``offset`` parameter: 0 unless it was sent."""
    next: str | None
    """The cursor of the next page: send it as ``after`` (null on the last page). The same
    link is in the ``Link`` header (``rel="next"``)."""


class GameType(msgspec.Struct):
    game: GameSlug
    title: str
    min_players: int
    max_players: int
    rules_version: str
    options_schema: dict[str, Any]
    description: str
    notes: str
    content: Literal["official", "provisional"] = "official"
    """Whether the components are the published ones, or (``provisional``) some are
    stand-ins or guesses; ``content_note`` says which. Games with content packs: that of the
    default pack (a game's record says that of its own pack)."""
    content_note: str = ""
    policies: list[str] = msgspec.field(default_factory=list)
    """The bot policies a seat of this game may have (``{"bot": ...}``; docs/bots.md): ``mcts``
    only for a game with a determinizer."""


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


class PlayedBy(msgspec.Struct):
    """The bot that played a move: the service played the seat (docs/bots.md, "Bot seats"),
    or the kernel auto-played a timed-out or zombie seat with the game's ``auto_play`` policy
    (docs/lifecycle.md; ``random`` for games created before policies)."""

    policy: str
    level: int | None
    """The bot seat's level; null for the kernel's auto-play (it has none)."""
    version: str
    """``domain.bots.VERSION`` when the move was decided (bumped when a policy's decisions
    change), so a replay names the bot exactly."""


class EventOut(msgspec.Struct):
    version: int
    type: str
    data: AnyEvent
    seat: int | None
    recorded_at: dt.datetime
    hash: str
    played_by: PlayedBy | None = None
    """The bot that played this event's command: every event of a bot seat's move, and the
    ``game.seat_auto_played`` event of a timed-out or zombie seat with the game's events of
    the command it introduces. Null for a person's move and for events no seat caused."""


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
