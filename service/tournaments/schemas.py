"""HTTP bodies of the tournament routes. The create body is one Struct per game (tagged by
``game``), so a tournament's game options are checked against that game's options type."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from domain.registry import GAMES
from domain.tournament.events import StandingRow
from domain.tournament.view import TournamentView
from service.games.schemas import BotLevel, BotPolicy, ClockRequest, GameSlug, SeatName, _union

Format = Literal[
    "round_robin",
    "swiss",
    "single_elimination",
    "double_elimination",
    "table_elimination",
    "championship",
]
TournamentStatus = Literal["registration", "running", "finished"]
Tiebreak = Literal["buchholz", "opponent_scores", "game_points", "wins"]
TableId = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="e.g. r2t1")]
Reason = Annotated[str, Meta(min_length=1, max_length=500, pattern=r"^[^\x00-\x1f\x7f]+$")]
PlayerId = Annotated[int, Meta(ge=1, le=1_000_000)]


class ByeBot(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    bot: BotPolicy
    level: BotLevel | None = None


class TournamentSettings(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """What every create body shares; see docs/tournaments.md for each setting."""

    name: SeatName
    format: Format
    table_size: Annotated[int, Meta(ge=2, le=16)] = 2
    min_table_size: Annotated[int, Meta(ge=2, le=16)] | None = None
    rounds: Annotated[int, Meta(ge=1, le=100)] | None = None
    # Item bounds are checked by the service and the aggregate (422
    # tournament/invalid_placement_points): Litestar drops constraints on list items, and
    # the document must not promise less than the server accepts.
    placement_points: Annotated[list[int], Meta(max_length=16)] = []
    lives: Annotated[int, Meta(ge=1, le=100)] = 2
    advance_top_k: Annotated[int, Meta(ge=1, le=15)] = 1
    seeding: Literal["ranked", "random", "rating"] = "ranked"
    """``ranked``: by the ``rating`` given at registration; ``random``; ``rating``: ranked by
    each registered player's rating in this game (its ordinal x 1000, read when it
    registers; unrated players and anonymous participants count their given rating)."""
    duplicate: bool = False
    grand_final_reset: bool = True
    tiebreaks: Annotated[list[Tiebreak], Meta(max_length=4)] = msgspec.field(
        default_factory=lambda: ["buchholz", "game_points"]
    )
    open_registration: bool = False
    """True: anybody may register (before the start) without the admin key."""
    clock: ClockRequest | None = None
    """The clock of every table's game, as on POST /games (none: no clock)."""
    bye_bot: ByeBot | None = None
    """Swiss and round robin: at the start, bot entrants fill the field to whole tables, so
    nobody gets a bye (docs/bots.md, "Bot seats")."""


def _create_body(spec: Any) -> type[msgspec.Struct]:
    name = "Create" + "".join(part.title() for part in spec.slug.split("_")) + "Tournament"
    return msgspec.defstruct(
        name,
        [("options", spec.options_type | None, None)],
        bases=(TournamentSettings,),
        tag_field="game",
        tag=spec.slug,
        forbid_unknown_fields=True,
        kw_only=True,
        module=__name__,
    )


CREATE_TOURNAMENT_BODIES = {slug: _create_body(spec) for slug, spec in GAMES.items()}
CreateTournament = _union(list(CREATE_TOURNAMENT_BODIES.values()))
"""``{game, name, format, options?, table_size?, ...}``: the admin creates a tournament."""


class PlayerSignUp(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, omit_defaults=True):
    name: SeatName
    rating: Annotated[int, Meta(ge=-1_000_000, le=1_000_000)] = 0
    registered_player_id: uuid.UUID | None = None
    """A registered player (docs/players.md): the tournament's games seat it by id and its
    player token acts for them (and asks GET /tournaments/{id}/me). The admin registers
    anyone; with open registration a player token registers only its own player."""
    bot: BotPolicy | None = None
    """A bot entrant (the admin only): the service plays its seats with this policy
    (docs/bots.md, "Bot seats"), a baseline for the field or the missing player of a table."""
    level: BotLevel | None = None


class PlacementIn(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    player_id: PlayerId
    place: Annotated[int, Meta(ge=1, le=1000)]
    score: Annotated[int, Meta(ge=-1_000_000_000, le=1_000_000_000)] = 0


Placements = Annotated[list[PlacementIn], Meta(min_length=1, max_length=64)]


class ManualResult(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A table's result entered by the organiser (an offline game, a broken one)."""

    table_id: TableId
    placements: Placements


class Correction(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    table_id: TableId
    placements: Placements
    reason: Reason


class Resolution(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    placements: Placements
    reason: Reason


class TournamentResource(msgspec.Struct):
    id: uuid.UUID
    game: GameSlug
    version: int
    view: TournamentView
    created_at: dt.datetime
    updated_at: dt.datetime


class TournamentSummary(msgspec.Struct):
    id: uuid.UUID
    name: str
    game: GameSlug
    format: Format
    status: TournamentStatus
    version: int
    created_at: dt.datetime
    updated_at: dt.datetime


class TournamentPage(msgspec.Struct):
    items: list[TournamentSummary]
    total: int
    """Every tournament that matches the filter."""
    limit: int
    offset: int
    """Deprecated with the ``offset`` parameter: 0 unless it was sent."""
    next: str | None
    """The cursor of the next page: send it as ``after`` (null on the last page)."""


class Registration(msgspec.Struct):
    tournament_id: uuid.UUID
    player_id: int
    name: str
    token: str
    """The participant's bearer token for GET /tournaments/{id}/me; shown only here."""


class NamedStandingRow(StandingRow, frozen=True, kw_only=True):
    """A standings row with the player's name (the tournament view keeps names apart, in
    ``players``)."""

    name: str


def named_rows(rows: Any, players: Any) -> list[NamedStandingRow]:
    names = {p.player_id: p.name for p in players}
    return [
        NamedStandingRow(**msgspec.structs.asdict(row), name=names.get(row.player_id, ""))
        for row in rows
    ]


class Standings(msgspec.Struct):
    version: int
    status: TournamentStatus
    standings: list[NamedStandingRow]
    ranking: list[NamedStandingRow]
    """The final ranking once the tournament is finished (empty before)."""


class MySeat(msgspec.Struct):
    """Where a participant plays now. ``game_id``/``seat``/``seat_token`` are null while the
    player has no open table (between rounds, eliminated, finished) or its game is not yet
    created."""

    tournament_id: uuid.UUID
    player_id: int
    name: str
    status: str
    round: int | None = None
    table_id: str | None = None
    game_id: uuid.UUID | None = None
    seat: int | None = None
    seat_token: str | None = None


class ClocksRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    reason: Annotated[str, Meta(max_length=500, pattern=r"^[^\x00-\x1f\x7f]*$")] = ""


class Reconciled(msgspec.Struct):
    games_created: int
    games_attached: int
    results_recorded: int
    seats_resigned: int = 0
    """Seats of withdrawn players resigned (a withdrawal whose resignation a crash lost)."""
    clocks_synced: int = 0
    """Games whose clock was paused or resumed to follow the tournament's."""
    games_abandoned: int = 0
    """Games of voided tables abandoned (a correction re-created their match elsewhere)."""
