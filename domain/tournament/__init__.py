"""Tournaments: an event-sourced aggregate in the same Decider style as the games.

The aggregate knows nothing of HTTP or of game modules; the service drives it:

1. ``CreateTournament`` (config: game slug and options, the game's player range, format,
   table size, rounds, placement points, lives, advance_top_k, seeding, duplicate,
   grand_final_reset, tie-breaks) -> ``TournamentCreated``.
2. ``RegisterPlayer`` -> ``PlayerRegistered`` (ids 1, 2, 3... in order); ``WithdrawPlayer``
   -> ``PlayerWithdrawn`` (a withdrawn player plays in no later round).
3. ``StartTournament`` -> ``TournamentStarted`` (seeding, bracket) + ``RoundStarted``.
   Every ``RoundStarted`` lists tables; each table with ``bye`` false needs a game (created
   with the table's ``players`` as seats 0, 1, ... and the table's ``seed`` when not empty),
   then ``AttachGame(table_id, game_id)`` -> ``GameAttached``. Bye tables are already won.
4. ``RecordResult(table_id, placements, source)`` -> ``ResultRecorded``; when it completes a
   round, the same call also yields ``RoundCompleted`` (standings) and the next
   ``RoundStarted``, or ``TournamentFinished`` (final ranking). ``CorrectResult`` ->
   ``ResultCorrected`` (+ ``TableVoided`` for dependent bracket tables, which are re-created
   in a later ``RoundStarted``); ``ResolveTable`` -> ``TableResolved`` (organiser decision).

Formats: ``round_robin``, ``swiss``, ``single_elimination``, ``double_elimination``,
``table_elimination``, ``championship``; see :mod:`domain.tournament.pairing`.
Randomness (random seeding, seat order at multi-player tables, duplicate seeds) comes only
from the :class:`~domain._kernel.Rng` given to ``decide`` and is recorded in the events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.tournament.commands import TournamentCommand
from domain.tournament.events import TournamentEvent
from domain.tournament.rules import decide, evolve, placements_from_result, standings
from domain.tournament.state import TournamentState, initial_state
from domain.tournament.view import (
    TournamentView,
    current_table,
    redact,
    tables_awaiting_game,
    view,
)


@dataclass(frozen=True)
class TournamentSpec:
    """The tournament aggregate, as the service sees it. Every callable is pure.

    - ``initial_state(config=None)``: the state before any event (the config normally
      arrives with ``TournamentCreated``).
    - ``decide(state, command, rng)``: the events a command causes, including automatic
      round changes. Raises ``DomainError`` (codes ``tournament/<reason>``).
    - ``evolve(state, event)``: applies one event.
    - ``view(state)``: the public view (rounds, tables, games, standings, current tables).
    - ``redact(event)``: the event as the public may see it (duplicate seeds blanked).
    - ``standings(state)``, ``current_table(state, player_id)``,
      ``tables_awaiting_game(state)``: the queries behind the view.
    - ``placements_from_result(table.players, result)``: a finished game's kernel
      ``Result`` as the placements ``RecordResult`` takes.
    """

    slug: str
    title: str
    rules_version: str
    command_type: Any
    event_type: Any
    state_type: type
    view_type: type
    initial_state: Callable[..., TournamentState]
    decide: Callable[..., tuple[Any, ...]]
    evolve: Callable[[TournamentState, Any], TournamentState]
    view: Callable[[TournamentState], TournamentView]
    redact: Callable[[Any], Any]
    standings: Callable[[TournamentState], tuple[Any, ...]]
    current_table: Callable[[TournamentState, int], Any]
    tables_awaiting_game: Callable[[TournamentState], tuple[Any, ...]]
    placements_from_result: Callable[..., tuple[Any, ...]]


TOURNAMENT = TournamentSpec(
    slug="tournament",
    title="Tournament",
    rules_version="1",
    command_type=TournamentCommand,
    event_type=TournamentEvent,
    state_type=TournamentState,
    view_type=TournamentView,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view=view,
    redact=redact,
    standings=standings,
    current_table=current_table,
    tables_awaiting_game=tables_awaiting_game,
    placements_from_result=placements_from_result,
)

__all__ = ["TOURNAMENT", "TournamentSpec"]
