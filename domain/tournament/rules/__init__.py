"""decide and evolve: the tournament Decider.

``decide(state, command, rng)`` validates a command and returns the events, including every
automatic consequence: when the last result of a round arrives it also returns
``RoundCompleted`` (with a standings snapshot) and either the next ``RoundStarted`` or
``TournamentFinished``. In brackets, a correction also returns ``TableVoided`` for every table
that depended on the changed outcome. ``evolve`` applies one event and never validates.

By concern, each module importing only those listed after it: ``registration`` (create,
register, withdraw, start) and ``results`` (attach, record, resolve, correct) carry out the
commands, ``clocks`` pauses and resumes the tables' clocks; ``rounds`` closes and opens rounds after each; ``checks`` holds the validations;
``formats`` maps each format to its pairing module; ``evolve`` folds the events."""

from __future__ import annotations

from domain._kernel import Command, DomainError, Event, Rng
from domain.tournament import commands as c
from domain.tournament.rules import clocks, registration, results
from domain.tournament.rules.checks import validate_config
from domain.tournament.rules.evolve import evolve
from domain.tournament.rules.formats import standings
from domain.tournament.rules.results import placements_from_result
from domain.tournament.rules.rounds import Emitter
from domain.tournament.state import TournamentState, active_ids


def decide(state: TournamentState, command: Command, rng: Rng) -> tuple[Event, ...]:
    if isinstance(command, c.CreateTournament):
        return registration.create(state, command)
    if state.status == "new" or state.config is None:
        raise DomainError("tournament/not_created", "create the tournament first")
    out = Emitter(state)
    match command:
        case c.RegisterPlayer():
            registration.register(out, command)
        case c.WithdrawPlayer():
            registration.withdraw(out, command)
        case c.StartTournament():
            registration.start(out, rng)
        case c.AttachGame():
            results.attach(out, command)
        case c.RecordResult():
            results.record(out, command, rng)
        case c.ResolveTable():
            results.resolve(out, command, rng)
        case c.CorrectResult():
            results.correct(out, command, rng)
        case c.PauseClocks() | c.ResumeClocks():
            clocks.pause_or_resume(out, command)
        case _:
            raise DomainError(
                "tournament/unknown_command", f"not a tournament command: {command!r}"
            )
    return tuple(out.events)


__all__ = [
    "active_ids",
    "decide",
    "evolve",
    "placements_from_result",
    "standings",
    "validate_config",
]
