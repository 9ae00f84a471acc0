"""``evolve``: applies one event. Never validates."""

from __future__ import annotations

import msgspec

from domain._kernel import Event
from domain.tournament import events as e
from domain.tournament.state import PlayerState, RoundState, TableState, TournamentState


def _update_table(state: TournamentState, table_id: str, **changes: object) -> TournamentState:
    rounds = list(state.rounds)
    for ri, r in enumerate(rounds):
        for ti, t in enumerate(r.tables):
            if t.table_id == table_id:
                new_tables = list(r.tables)
                new_tables[ti] = msgspec.structs.replace(t, **changes)
                rounds[ri] = msgspec.structs.replace(r, tables=tuple(new_tables))
                return msgspec.structs.replace(state, rounds=tuple(rounds))
    return state


def evolve(state: TournamentState, event: Event) -> TournamentState:
    replace = msgspec.structs.replace
    match event:
        case e.TournamentCreated(config=config):
            return replace(state, status="registration", config=config)
        case e.PlayerRegistered(player_id=pid, name=name, rating=rating):
            return replace(
                state,
                players=(*state.players, PlayerState(player_id=pid, name=name, rating=rating)),
            )
        case e.PlayerWithdrawn(player_id=pid, after_round=after):
            players = list(state.players)
            players[pid - 1] = replace(players[pid - 1], withdrawn_after=after)
            return replace(state, players=tuple(players))
        case e.TournamentStarted(seeding=seeding, bracket=bracket):
            return replace(state, status="running", seeding=seeding, bracket=bracket)
        case e.RoundStarted(round=number, tables=new_tables, label=label):
            built = tuple(
                TableState(
                    table_id=t.table_id,
                    round=number,
                    players=t.players,
                    bye=t.bye,
                    seed=t.seed,
                    match=t.match,
                    status="done" if t.bye else "open",
                    placements=(e.Placement(player_id=t.players[0], place=1),) if t.bye else (),
                    source="bye" if t.bye else "",
                )
                for t in new_tables
            )
            rnd = RoundState(number=number, label=label, tables=built)
            return replace(state, rounds=(*state.rounds, rnd))
        case e.GameAttached(table_id=tid, game_id=game_id):
            return _update_table(state, tid, game_id=game_id)
        case e.ResultRecorded(table_id=tid, placements=placements, source=source):
            return _update_table(state, tid, status="done", placements=placements, source=source)
        case e.ResultCorrected(table_id=tid, placements=placements):
            return _update_table(
                state, tid, status="done", placements=placements, source="correction"
            )
        case e.TableResolved(table_id=tid, placements=placements):
            return _update_table(
                state, tid, status="done", placements=placements, source="organiser"
            )
        case e.TableVoided(table_id=tid):
            return _update_table(state, tid, status="void")
        case e.RoundCompleted(round=number):
            rounds = list(state.rounds)
            rounds[number - 1] = replace(rounds[number - 1], completed=True)
            return replace(state, rounds=tuple(rounds))
        case e.TournamentFinished(ranking=ranking):
            return replace(state, status="finished", ranking=ranking)
        case e.RankingRevised(ranking=ranking):
            return replace(state, ranking=ranking)
        case e.ClocksPaused():
            return replace(state, clocks_paused=True)
        case e.ClocksResumed():
            return replace(state, clocks_paused=False)
    return state
