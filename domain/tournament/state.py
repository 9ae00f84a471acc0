"""Tournament state: the fold of the events, plus small read helpers used by the rules."""

from __future__ import annotations

import msgspec

from domain.tournament.events import BracketMatch, Placement, StandingRow, TournamentConfig

FORMATS = (
    "round_robin",
    "swiss",
    "single_elimination",
    "double_elimination",
    "table_elimination",
    "championship",
)
FORMATS_WITH_ROUNDS = ("round_robin", "swiss")
"""The formats whose number of rounds can be set; the others end when their bracket does.
``rounds`` with any other format is refused (``tournament/rounds_not_applicable``): the API,
the CLI and the aggregate read this one tuple."""
TIEBREAKS = ("buchholz", "opponent_scores", "game_points", "wins")


class PlayerState(msgspec.Struct, frozen=True, kw_only=True):
    player_id: int
    name: str
    rating: int = 0
    withdrawn_after: int | None = None
    """Rounds started when the player withdrew; ``None`` while the player is in."""


class TableState(msgspec.Struct, frozen=True, kw_only=True):
    table_id: str
    round: int
    players: tuple[int, ...]
    bye: bool = False
    seed: str = ""
    match: str = ""
    game_id: str = ""
    status: str = "open"
    """``open`` (waiting for a result), ``done`` or ``void``."""
    placements: tuple[Placement, ...] = ()
    source: str = ""


class RoundState(msgspec.Struct, frozen=True, kw_only=True):
    number: int
    label: str = ""
    tables: tuple[TableState, ...] = ()
    completed: bool = False


class TournamentState(msgspec.Struct, frozen=True, kw_only=True):
    status: str = "new"
    """``new`` (before creation), ``registration``, ``running``, ``finished``."""
    config: TournamentConfig | None = None
    players: tuple[PlayerState, ...] = ()
    seeding: tuple[int, ...] = ()
    bracket: tuple[BracketMatch, ...] = ()
    rounds: tuple[RoundState, ...] = ()
    ranking: tuple[StandingRow, ...] = ()
    clocks_paused: bool = False


def initial_state(config: TournamentConfig | None = None) -> TournamentState:
    """The state before any event. A config may be given for convenience; normally it
    arrives with the ``TournamentCreated`` event."""
    if config is None:
        return TournamentState()
    return TournamentState(status="registration", config=config)


def min_table(config: TournamentConfig) -> int:
    """The smallest table the splitter may make: ``min_table_size``, else the game's minimum
    (never below 2; in table elimination above ``advance_top_k`` so every table eliminates)."""
    smallest = max(2, config.min_table_size or config.min_players)
    if config.format == "table_elimination":
        smallest = max(smallest, config.advance_top_k + 1)
    return min(smallest, config.table_size)


# --- read helpers -------------------------------------------------------------------------


def player(state: TournamentState, player_id: int) -> PlayerState | None:
    if 1 <= player_id <= len(state.players):
        return state.players[player_id - 1]
    return None


def active_ids(state: TournamentState) -> list[int]:
    """Players still in (not withdrawn), in seeding order once started."""
    order = state.seeding or tuple(p.player_id for p in state.players)
    return [pid for pid in order if state.players[pid - 1].withdrawn_after is None]


def all_tables(state: TournamentState) -> list[TableState]:
    return [t for r in state.rounds for t in r.tables]


def live_tables(state: TournamentState) -> list[TableState]:
    """Tables that count (not voided)."""
    return [t for r in state.rounds for t in r.tables if t.status != "void"]


def last_live_round(state: TournamentState) -> RoundState | None:
    """The latest round that still counts (rounds voided by a re-pairing are skipped)."""
    for r in reversed(state.rounds):
        if any(t.status != "void" for t in r.tables):
            return r
    return None


def find_table(state: TournamentState, table_id: str) -> TableState | None:
    for r in state.rounds:
        for t in r.tables:
            if t.table_id == table_id:
                return t
    return None


def seed_index(state: TournamentState) -> dict[int, int]:
    return {pid: i for i, pid in enumerate(state.seeding)}


def round_complete(r: RoundState) -> bool:
    return all(t.status != "open" for t in r.tables)


def points_table(config: TournamentConfig, size: int) -> list[int]:
    """Points per place (index 0 = first) at a table of ``size``."""
    pts = list(config.placement_points)
    if not pts:
        pts = (
            [2, 0]
            if config.table_size <= 2
            else [2 ** (config.table_size - 2 - i) for i in range(config.table_size - 1)] + [0]
        )
    if size <= len(pts):
        return [*pts[: size - 1], pts[-1]]
    return pts[:-1] + [pts[-1]] * (size - len(pts) + 1)


def placement_points(config: TournamentConfig, placements: tuple[Placement, ...]) -> dict[int, int]:
    """Points per player; tied players share the points of the positions they span
    (integer division)."""
    pts = points_table(config, len(placements))
    out: dict[int, int] = {}
    for p in placements:
        tied = sum(1 for q in placements if q.place == p.place)
        span = pts[p.place - 1 : p.place - 1 + tied]
        out[p.player_id] = sum(span) // tied
    return out
