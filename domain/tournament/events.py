"""Tournament events: the storage contract (change additively only).

Every event carries the facts ``decide`` derived (pairings, seeds drawn, standings), so a
replay never re-runs pairing or draws randomness again."""

from __future__ import annotations

import msgspec

from domain._kernel import Event
from domain.lifecycle.terms import Clock


class TournamentConfig(msgspec.Struct, frozen=True, kw_only=True):
    """Everything a tournament is created with. See :class:`~.commands.CreateTournament`.
    (Unknown fields are tolerated on decode, as in every event.)"""

    name: str
    game: str
    format: str
    game_options_json: str = "{}"
    min_players: int = 2
    max_players: int = 2
    table_size: int = 2
    min_table_size: int = 0
    rounds: int = 0
    placement_points: tuple[int, ...] = ()
    lives: int = 2
    advance_top_k: int = 1
    seeding: str = "ranked"
    duplicate: bool = False
    grand_final_reset: bool = True
    tiebreaks: tuple[str, ...] = ("buchholz", "game_points")
    clock: Clock | None = None
    """The clock of every table's game (none: games without a clock)."""


class Placement(msgspec.Struct, frozen=True, kw_only=True):
    """One player's outcome at a table: ``place`` 1 is the winner (ties share a place)."""

    player_id: int
    place: int
    score: int = 0


class Table(msgspec.Struct, frozen=True, kw_only=True):
    """A table as a round opens it. ``players`` are in seat order (seat 0 first).

    ``bye`` tables have one player and need no game: the bye is already a result (a win).
    ``seed`` is the game seed to use in duplicate mode (the same for every table of a round),
    empty otherwise. ``match`` names the bracket match in elimination formats (``W1-3``,
    ``L2-1``, ``GF``, ``GF2``)."""

    table_id: str
    players: tuple[int, ...]
    bye: bool = False
    seed: str = ""
    match: str = ""


class BracketMatch(msgspec.Struct, frozen=True, kw_only=True):
    """A static bracket slot. Sources: ``seed:<n>`` (1-based seed), ``winner:<match>``,
    ``loser:<match>``, or ``reset:<match>`` (the grand-final reset, played only when the
    losers-bracket champion wins ``<match>``)."""

    match_id: str
    bracket: str
    round: int
    a: str
    b: str


class StandingRow(msgspec.Struct, frozen=True, kw_only=True):
    place: int
    player_id: int
    points: int
    tiebreaks: tuple[int, ...] = ()
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    game_points: int = 0
    status: str = "active"
    """``active``, ``eliminated``, ``withdrawn`` or ``champion``; the view shows a finished
    tournament's ``active`` rows as ``champion`` or ``finished`` (``view.settled``)."""


class TournamentCreated(Event, tag="tournament.created"):
    config: TournamentConfig


class PlayerRegistered(Event, tag="tournament.player_registered"):
    player_id: int
    name: str
    rating: int = 0


class PlayerWithdrawn(Event, tag="tournament.player_withdrawn"):
    player_id: int
    after_round: int
    """Rounds already started when the player withdrew: they play in no round after it."""


class TournamentStarted(Event, tag="tournament.started"):
    seeding: tuple[int, ...]
    """Player ids, seed 1 first (drawn at random when seeding is ``random``)."""
    bracket: tuple[BracketMatch, ...] = ()


class RoundStarted(Event, tag="tournament.round_started"):
    """Create a game for every table here with ``bye`` false, then send ``AttachGame``."""

    round: int
    tables: tuple[Table, ...]
    label: str = ""


class GameAttached(Event, tag="tournament.game_attached"):
    table_id: str
    game_id: str


class ResultRecorded(Event, tag="tournament.result_recorded"):
    table_id: str
    placements: tuple[Placement, ...]
    source: str = "game"


class ResultCorrected(Event, tag="tournament.result_corrected"):
    table_id: str
    placements: tuple[Placement, ...]
    previous: tuple[Placement, ...] = ()
    reason: str = ""


class TableResolved(Event, tag="tournament.table_resolved"):
    """An organiser's decision for a table that cannot finish normally."""

    table_id: str
    placements: tuple[Placement, ...]
    reason: str = ""


class TableVoided(Event, tag="tournament.table_voided"):
    """The table no longer counts (a correction changed who should sit there). Its game, if
    any, should be abandoned; the match is re-created in a later ``RoundStarted``."""

    table_id: str
    reason: str = ""


class RoundCompleted(Event, tag="tournament.round_completed"):
    round: int
    standings: tuple[StandingRow, ...]


class TournamentFinished(Event, tag="tournament.finished"):
    ranking: tuple[StandingRow, ...]


class RankingRevised(Event, tag="tournament.ranking_revised"):
    """The final ranking after a correction made once the tournament was over."""

    ranking: tuple[StandingRow, ...]


class ClocksPaused(Event, tag="tournament.clocks_paused"):
    """The director stopped every table's clock (the service pauses each open game)."""

    reason: str = ""


class ClocksResumed(Event, tag="tournament.clocks_resumed"):
    pass


TournamentEvent = (
    TournamentCreated
    | PlayerRegistered
    | PlayerWithdrawn
    | TournamentStarted
    | RoundStarted
    | GameAttached
    | ResultRecorded
    | ResultCorrected
    | TableResolved
    | TableVoided
    | RoundCompleted
    | TournamentFinished
    | RankingRevised
    | ClocksPaused
    | ClocksResumed
)
