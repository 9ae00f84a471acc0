"""Closing finished rounds and opening the next ones, or finishing, after every change."""

from __future__ import annotations

import msgspec

from domain._kernel import Event, Rng
from domain.tournament import events as e
from domain.tournament.pairing import Finish
from domain.tournament.rules.evolve import evolve
from domain.tournament.rules.formats import MODULES, standings
from domain.tournament.state import TournamentState, round_complete


class Emitter:
    """A decision in progress: the events so far and the state they lead to."""

    def __init__(self, state: TournamentState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)


def final_ranking(rows: tuple[e.StandingRow, ...]) -> tuple[e.StandingRow, ...]:
    """The ranking as published: the winners of points formats are champions too."""
    return tuple(
        msgspec.structs.replace(row, status="champion")
        if row.place == 1 and row.status == "active"
        else row
        for row in rows
    )


def advance(out: Emitter, rng: Rng) -> None:
    """Close finished rounds and open the next ones (or finish)."""
    config = out.state.config
    assert config is not None
    module = MODULES[config.format]
    for _ in range(10_000):
        state = out.state
        if state.status != "running":
            return
        if state.rounds:
            current = state.rounds[-1]
            if not round_complete(current):
                return
            if not current.completed:
                out.emit(e.RoundCompleted(round=current.number, standings=standings(state)))
        number = len(state.rounds) + 1
        plan = module.next_round(out.state, rng.fork(f"round-{number}"))
        if isinstance(plan, Finish):
            out.emit(e.TournamentFinished(ranking=final_ranking(plan.ranking)))
            return
        if not plan.tables:
            raise AssertionError(f"{config.format}: no table to open and no winner")
        seed = ""
        if config.duplicate:
            seed = f"{rng.fork(f'seed-{number}').below(1 << 64):016x}"
        tables = tuple(
            e.Table(
                table_id=f"r{number}t{i + 1}",
                players=t.players,
                bye=t.bye,
                seed="" if t.bye else seed,
                match=t.match,
            )
            for i, t in enumerate(plan.tables)
        )
        out.emit(e.RoundStarted(round=number, tables=tables, label=plan.label))
    raise AssertionError("too many rounds in one command")
