"""Tournament commands (imperative, explicit tags, unknown fields refused)."""

from __future__ import annotations

from domain._kernel import Command
from domain.lifecycle.terms import Clock
from domain.tournament.events import Placement


class CreateTournament(Command, tag="tournament.create"):
    """Configure the tournament (first command of the stream).

    - ``game``/``game_options_json``: the game slug and its options as a JSON object text;
      the aggregate only stores them for the service.
    - ``min_players``/``max_players``: the game's player range (from the game registry).
    - ``format``: ``round_robin``, ``swiss``, ``single_elimination``, ``double_elimination``,
      ``table_elimination`` or ``championship``.
    - ``table_size``: players per table (2 for head-to-head); ``min_table_size`` (0 = the
      game's minimum) is the smallest table the splitter may make when the field does not
      divide.
    - ``rounds``: Swiss rounds, or round-robin rounds for tables of more than two
      (0 = a sensible default).
    - ``placement_points``: points per place at a table (default 2/0 head-to-head, else
      ..., 4, 2, 1, 0); the last entry is also the last place's at smaller tables.
    - ``lives``: losses that eliminate in the championship format.
    - ``advance_top_k``: how many of each table advance in table elimination.
    - ``seeding``: ``ranked`` (by rating, then registration) or ``random``.
    - ``duplicate``: every table of a round gets the same drawn game seed.
    - ``grand_final_reset``: double elimination replays the grand final when the
      losers-bracket champion wins it.
    - ``tiebreaks``: after match points, in order, from ``buchholz`` (opponents' match
      points), ``opponent_scores`` (opponents' game points), ``game_points``, ``wins``.
    - ``clock``: the clock of every table's game (none: no clock).
    """

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


class RegisterPlayer(Command, tag="tournament.register_player"):
    name: str
    rating: int = 0


class WithdrawPlayer(Command, tag="tournament.withdraw_player"):
    player_id: int


class StartTournament(Command, tag="tournament.start"):
    pass


class AttachGame(Command, tag="tournament.attach_game"):
    table_id: str
    game_id: str


class RecordResult(Command, tag="tournament.record_result"):
    """A finished game's outcome (``source`` ``game``), or an offline game entered by hand
    (``source`` ``manual``)."""

    table_id: str
    placements: tuple[Placement, ...]
    source: str = "game"


class CorrectResult(Command, tag="tournament.correct_result"):
    """The organiser changes a recorded result. In brackets, later matches that depended on
    the old outcome are voided and re-created."""

    table_id: str
    placements: tuple[Placement, ...]
    reason: str = ""


class ResolveTable(Command, tag="tournament.resolve_table"):
    """The organiser decides a table that cannot finish (a withdrawn player, a broken game)."""

    table_id: str
    placements: tuple[Placement, ...]
    reason: str


class PauseClocks(Command, tag="tournament.pause_clocks"):
    """The director stops every table's clock (a break, a technical problem)."""

    reason: str = ""


class ResumeClocks(Command, tag="tournament.resume_clocks"):
    pass


TournamentCommand = (
    CreateTournament
    | RegisterPlayer
    | WithdrawPlayer
    | StartTournament
    | AttachGame
    | RecordResult
    | CorrectResult
    | ResolveTable
    | PauseClocks
    | ResumeClocks
)
