"""Tables and their results: attaching a game, recording a result, the organiser resolving a
table, and corrections (which void the tables that depended on the old outcome)."""

from __future__ import annotations

from domain._kernel import DomainError, Result, Rng
from domain.tournament import commands as c
from domain.tournament import events as e
from domain.tournament.pairing import elimination
from domain.tournament.rules.checks import (
    check_correction,
    playable_table,
    require_running,
    through,
    validate_placements,
)
from domain.tournament.rules.formats import BRACKETS, REPAIRED, standings
from domain.tournament.rules.rounds import Emitter, advance, final_ranking
from domain.tournament.state import live_tables


def placements_from_result(players: tuple[int, ...], result: Result) -> tuple[e.Placement, ...]:
    """A finished game's ranking as a table's placements: seat ``i`` is ``players[i]``."""
    return tuple(
        e.Placement(player_id=players[s.seat], place=s.place, score=s.score) for s in result.ranking
    )


def attach(out: Emitter, command: c.AttachGame) -> None:
    state = out.state
    table_id, game_id = command.table_id, command.game_id
    require_running(state)
    table = playable_table(state, table_id)
    if table.status != "open":
        raise DomainError("tournament/table_finished", f"{table_id} has a result")
    if table.game_id:
        raise DomainError("tournament/game_already_attached", f"{table_id} plays {table.game_id}")
    if not game_id:
        raise DomainError("tournament/invalid_game_id", "game_id is empty")
    out.emit(e.GameAttached(table_id=table_id, game_id=game_id))


def record(out: Emitter, command: c.RecordResult, rng: Rng) -> None:
    state = out.state
    table_id, placements, source = command.table_id, command.placements, command.source
    require_running(state)
    table = playable_table(state, table_id)
    if table.status != "open":
        raise DomainError(
            "tournament/result_already_recorded",
            f"{table_id} has a result; use CorrectResult",
        )
    if source not in ("game", "manual"):
        raise DomainError("tournament/invalid_source", "source is 'game' or 'manual'")
    validate_placements(state, table, placements)
    out.emit(e.ResultRecorded(table_id=table_id, placements=placements, source=source))
    advance(out, rng)


def resolve(out: Emitter, command: c.ResolveTable, rng: Rng) -> None:
    state = out.state
    table_id, placements, reason = command.table_id, command.placements, command.reason
    require_running(state)
    table = playable_table(state, table_id)
    if table.status != "open":
        raise DomainError(
            "tournament/result_already_recorded",
            f"{table_id} has a result; use CorrectResult",
        )
    if not reason.strip():
        raise DomainError("tournament/reason_required", "say why the table is resolved")
    validate_placements(state, table, placements)
    out.emit(e.TableResolved(table_id=table_id, placements=placements, reason=reason))
    advance(out, rng)


def correct(out: Emitter, command: c.CorrectResult, rng: Rng) -> None:
    state = out.state
    config = state.config
    assert config is not None
    table_id, placements = command.table_id, command.placements
    if state.status not in ("running", "finished"):
        require_running(state)
    table = playable_table(state, table_id)
    if table.status != "done":
        raise DomainError("tournament/no_result", f"{table_id} has no result to correct")
    validate_placements(state, table, placements)
    check_correction(state, table, placements)
    out.emit(
        e.ResultCorrected(
            table_id=table_id,
            placements=placements,
            previous=table.placements,
            reason=command.reason,
        )
    )
    if state.status == "finished":
        out.emit(e.RankingRevised(ranking=final_ranking(standings(out.state))))
        return
    if config.format in BRACKETS:
        voided = elimination.tables_to_void(out.state)
    elif config.format in REPAIRED and through(state, table, placements) != through(
        state, table, table.placements
    ):
        # Later rounds were paired from the old outcome: re-pair them.
        voided = [t.table_id for t in live_tables(out.state) if t.round > table.round]
    else:
        voided = []
    for table_id_voided in voided:
        out.emit(
            e.TableVoided(table_id=table_id_voided, reason=f"depended on the result of {table_id}")
        )
    advance(out, rng)
