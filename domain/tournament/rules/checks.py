"""The checks ``decide`` makes: a valid configuration, a table that can take a result,
placements that rank exactly that table's players, and what a correction may change."""

from __future__ import annotations

import itertools

import msgspec

from domain._kernel import DomainError
from domain.lifecycle.terms import Terms, check_terms
from domain.tournament import events as e
from domain.tournament.rules.formats import BRACKETS
from domain.tournament.state import (
    FORMATS,
    FORMATS_WITH_ROUNDS,
    TIEBREAKS,
    TableState,
    TournamentState,
    find_table,
)


def validate_config(config: e.TournamentConfig) -> None:
    def fail(code: str, detail: str) -> None:
        raise DomainError(f"tournament/{code}", detail)

    if not config.name.strip():
        fail("invalid_name", "the tournament needs a name")
    if not config.game.strip():
        fail("invalid_game", "the tournament needs a game slug")
    if config.format not in FORMATS:
        fail("unknown_format", f"format must be one of {', '.join(FORMATS)}")
    try:
        options = msgspec.json.decode(config.game_options_json)
    except msgspec.DecodeError:
        options = None
    if not isinstance(options, dict):
        fail("invalid_game_options", "game_options_json must be a JSON object")
    if not 1 <= config.min_players <= config.max_players:
        fail("invalid_player_range", "the game's min_players/max_players are inconsistent")
    if not (
        max(2, config.min_players) <= config.table_size <= config.max_players
        or (config.table_size == 2 and config.min_players <= 2 <= config.max_players)
    ):
        fail(
            "invalid_table_size",
            f"table_size must be between {max(2, config.min_players)} and {config.max_players}",
        )
    if config.format in BRACKETS and config.table_size != 2:
        fail("head_to_head_only", "single and double elimination need table_size 2")
    if config.format in ("table_elimination", "championship") and config.table_size < 2:
        fail("invalid_table_size", "tables need at least two players")
    if config.min_table_size and not (
        max(2, config.min_players) <= config.min_table_size <= config.table_size
    ):
        fail("invalid_min_table_size", "min_table_size must fit the game and table_size")
    if not 0 <= config.rounds <= 1000:
        fail("invalid_rounds", "rounds must be between 0 (the default) and 1000")
    if config.rounds and config.format not in FORMATS_WITH_ROUNDS:
        fail(
            "rounds_not_applicable",
            f"rounds applies to {' and '.join(FORMATS_WITH_ROUNDS)} only; {config.format}"
            " plays until its bracket is decided (leave rounds out)",
        )
    pts = config.placement_points
    if pts and (
        len(pts) < 2
        or any(p < 0 for p in pts)
        or any(a < b for a, b in itertools.pairwise(pts))
        or pts[0] == pts[-1]
    ):
        fail(
            "invalid_placement_points",
            "placement_points: at least two non-negative, non-increasing values, first above last",
        )
    if not 1 <= config.lives <= 100:
        fail("invalid_lives", "lives must be between 1 and 100")
    if config.format == "table_elimination" and not 1 <= config.advance_top_k < config.table_size:
        fail("invalid_advance_top_k", "advance_top_k must be at least 1 and below table_size")
    if config.seeding not in ("ranked", "random"):
        fail("invalid_seeding", "seeding must be 'ranked' or 'random'")
    if config.clock is not None:
        try:
            check_terms(Terms(clock=config.clock))
        except DomainError as exc:
            fail("invalid_clock", exc.detail)
    if len(set(config.tiebreaks)) != len(config.tiebreaks) or any(
        t not in TIEBREAKS for t in config.tiebreaks
    ):
        fail("invalid_tiebreaks", f"tiebreaks are distinct names from {', '.join(TIEBREAKS)}")


def cut_for(state: TournamentState, table: TableState) -> int | None:
    """How many top places must be unambiguous at this table (no tie across the cut)."""
    config = state.config
    assert config is not None
    if config.format in BRACKETS or config.format == "championship":
        return 1
    if config.format == "table_elimination":
        rnd = state.rounds[table.round - 1]
        return 1 if rnd.label == "final" else min(config.advance_top_k, len(table.players) - 1)
    return None


def validate_placements(
    state: TournamentState, table: TableState, placements: tuple[e.Placement, ...]
) -> None:
    ids = sorted(p.player_id for p in placements)
    if ids != sorted(table.players):
        raise DomainError(
            "tournament/placements_mismatch",
            f"placements must name exactly the players of {table.table_id}: {table.players}",
        )
    places = sorted(p.place for p in placements)
    for i, place in enumerate(places):
        if place != i + 1 and (i == 0 or place != places[i - 1]):
            raise DomainError(
                "tournament/invalid_places",
                "places must be a ranking starting at 1 where ties share a place (1, 1, 3)",
            )
    cut = cut_for(state, table)
    if cut is not None and sum(1 for p in places if p <= cut) != cut:
        raise DomainError(
            "tournament/tie_at_cut",
            f"this format needs the top {cut} place(s) at {table.table_id} decided without a tie",
        )


def require_running(state: TournamentState) -> None:
    if state.status == "finished":
        raise DomainError("tournament/finished", "the tournament is over")
    if state.status != "running":
        raise DomainError("tournament/not_started", "the tournament has not started")


def playable_table(state: TournamentState, table_id: str) -> TableState:
    table = find_table(state, table_id)
    if table is None:
        raise DomainError("tournament/unknown_table", f"no table {table_id}")
    if table.status == "void":
        raise DomainError("tournament/table_voided", f"{table_id} was voided")
    if table.bye:
        raise DomainError("tournament/bye_table", f"{table_id} is a bye")
    return table


def through(
    state: TournamentState, table: TableState, placements: tuple[e.Placement, ...]
) -> set[int]:
    """The players a result sends through (the winner, or the top ``k``)."""
    cut = cut_for(state, table) or 1
    return {p.player_id for p in placements if p.place <= cut}


def check_correction(
    state: TournamentState, table: TableState, placements: tuple[e.Placement, ...]
) -> None:
    """What a correction may change.

    While running, anything: in round robin and Swiss past pairings stand and the standings
    change; in brackets the dependent tables are voided and re-created; in table elimination
    and the championship, when an earlier round's correction changes who went through, every
    later round is voided and re-paired from the corrected standings.

    Once the tournament is over: round robin and Swiss may change anything (the ranking is
    revised); the elimination formats only what keeps who went through (scores, places
    below the cut), since nothing is re-played after the end.
    """
    config = state.config
    assert config is not None
    if state.status == "running" or config.format in ("round_robin", "swiss"):
        return
    if through(state, table, placements) != through(state, table, table.placements):
        raise DomainError(
            "tournament/correction_changes_outcome",
            "the tournament is over; this correction would change who went through",
        )
