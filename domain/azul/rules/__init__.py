"""The rules of Azul, split by phase: drafting (factory offer), tiling, rounds."""

from __future__ import annotations

from domain._kernel import DomainError, Result, Rng, Setup, rank
from domain.azul.commands import PlaceTile, TakeTiles
from domain.azul.data import MAX_PLAYERS, MIN_PLAYERS
from domain.azul.events import AzulEvent
from domain.azul.rules._log import Log
from domain.azul.rules.drafting import decide_take, legal_takes
from domain.azul.rules.rounds import complete_rows, fill_factories
from domain.azul.rules.tiling import (
    drop_unplaceable_lines,
    finish_tiling_if_done,
    full_lines,
    legal_columns,
    seats_choosing,
    tile_line,
)
from domain.azul.state import AzulState, initial_state


def start(setup: Setup, rng: Rng) -> tuple[AzulEvent, ...]:
    if not MIN_PLAYERS <= setup.players <= MAX_PLAYERS:
        raise DomainError("player_count", f"Azul takes 2 to 4 players, not {setup.players}")
    log = Log(initial_state(setup))
    # Seat 0 holds the marker for the first round (the rulebook's "last visitor to Portugal").
    fill_factories(log, rng, 1, 0)
    return tuple(log.events)


def to_act(state: AzulState) -> tuple[int, ...]:
    match state.phase:
        case "drafting":
            return (state.current,)
        case "tiling":
            return seats_choosing(state)
        case _:
            return ()


def legal_commands(state: AzulState, seat: int) -> list:
    if state.phase == "drafting":  # ``to_act`` is the current seat alone
        return legal_takes(state, seat) if seat == state.current else []
    if seat not in to_act(state):
        return []
    board = state.boards[seat]
    line = full_lines(board)[0]
    return [PlaceTile(line=line, column=c) for c in legal_columns(board, line, True)]


def decide_place(state: AzulState, seat: int, command: PlaceTile, rng: Rng) -> list:
    if state.phase != "tiling":
        raise DomainError("azul/not_tiling", "columns are chosen only while tiling the grey wall")
    board = state.boards[seat]
    lines = full_lines(board)
    if not lines:
        raise DomainError("azul/nothing_to_tile", "no complete pattern line is waiting")
    if command.line != lines[0]:
        raise DomainError("azul/not_topmost_line", f"tile line {lines[0]} first (top to bottom)")
    row = board.wall[command.line]
    if not 0 <= command.column < len(row):
        raise DomainError("azul/no_such_column", f"there is no column {command.column}")
    if row[command.column] is not None:
        raise DomainError("azul/wall_space_taken", "that wall space already holds a tile")
    if command.column not in legal_columns(board, command.line, True):
        raise DomainError("azul/colour_already_in_column", "that colour is already in the column")
    log = Log(state)
    tile_line(log, seat, command.line, command.column)
    drop_unplaceable_lines(log, seat)
    finish_tiling_if_done(log, rng)
    return log.events


def decide(state: AzulState, seat: int, command: object, rng: Rng) -> tuple[AzulEvent, ...]:
    match command:
        case TakeTiles():
            return decide_take(state, seat, command, rng)
        case PlaceTile():
            return tuple(decide_place(state, seat, command, rng))
        case _:
            raise DomainError("command_not_for_game", f"{command!r} is not an Azul command")


def result(state: AzulState) -> Result | None:
    if state.phase != "over":
        return None
    ranking = rank(
        (seat, board.score, (complete_rows(board),)) for seat, board in enumerate(state.boards)
    )
    winners = [s.seat for s in ranking if s.place == 1]
    summary = (
        f"seat {winners[0]} wins"
        if len(winners) == 1
        else "shared win: seats " + ", ".join(map(str, winners))
    )
    return Result(ranking=ranking, summary=summary + " (tie-break: complete wall rows)")
