"""decide and evolve: the tournament Decider.

``decide(state, command, rng)`` validates a command and returns the events, including every
automatic consequence: when the last result of a round arrives it also returns
``RoundCompleted`` (with a standings snapshot) and either the next ``RoundStarted`` or
``TournamentFinished``. In brackets, a correction also returns ``TableVoided`` for every table
that depended on the changed outcome. ``evolve`` applies one event and never validates."""

from __future__ import annotations

import itertools

import msgspec

from domain._kernel import Command, DomainError, Event, Result, Rng
from domain.tournament import commands as c
from domain.tournament import events as e
from domain.tournament.pairing import Finish, championship, elimination, round_robin, swiss, tables
from domain.tournament.state import (
    FORMATS,
    TIEBREAKS,
    PlayerState,
    RoundState,
    TableState,
    TournamentState,
    active_ids,
    find_table,
    live_tables,
    min_table,
    round_complete,
)

MODULES = {
    "round_robin": round_robin,
    "swiss": swiss,
    "single_elimination": elimination,
    "double_elimination": elimination,
    "table_elimination": tables,
    "championship": championship,
}
BRACKETS = ("single_elimination", "double_elimination")
REPAIRED = ("table_elimination", "championship")
"""Formats whose later rounds depend on who went through, re-paired after a correction."""


# --- validation ---------------------------------------------------------------------------


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


def _running(state: TournamentState) -> None:
    if state.status == "finished":
        raise DomainError("tournament/finished", "the tournament is over")
    if state.status != "running":
        raise DomainError("tournament/not_started", "the tournament has not started")


def _table(state: TournamentState, table_id: str) -> TableState:
    table = find_table(state, table_id)
    if table is None:
        raise DomainError("tournament/unknown_table", f"no table {table_id}")
    if table.status == "void":
        raise DomainError("tournament/table_voided", f"{table_id} was voided")
    if table.bye:
        raise DomainError("tournament/bye_table", f"{table_id} is a bye")
    return table


def placements_from_result(players: tuple[int, ...], result: Result) -> tuple[e.Placement, ...]:
    """A finished game's ranking as a table's placements: seat ``i`` is ``players[i]``."""
    return tuple(
        e.Placement(player_id=players[s.seat], place=s.place, score=s.score) for s in result.ranking
    )


# --- decide -------------------------------------------------------------------------------


def decide(state: TournamentState, command: Command, rng: Rng) -> tuple[Event, ...]:
    if isinstance(command, c.CreateTournament):
        if state.status != "new":
            raise DomainError("tournament/already_created", "the tournament exists")
        config = e.TournamentConfig(
            **{f: getattr(command, f) for f in e.TournamentConfig.__struct_fields__}
        )
        validate_config(config)
        return (e.TournamentCreated(config=config),)
    if state.status == "new" or state.config is None:
        raise DomainError("tournament/not_created", "create the tournament first")
    config = state.config
    out = _Emitter(state)
    match command:
        case c.RegisterPlayer(name=name, rating=rating):
            if state.status != "registration":
                raise DomainError("tournament/registration_closed", "registration is closed")
            name = name.strip()
            if not name:
                raise DomainError("tournament/invalid_name", "a player needs a name")
            if any(p.name == name and p.withdrawn_after is None for p in state.players):
                raise DomainError("tournament/duplicate_name", f"{name} is already registered")
            out.emit(e.PlayerRegistered(player_id=len(state.players) + 1, name=name, rating=rating))
        case c.WithdrawPlayer(player_id=pid):
            if state.status == "finished":
                raise DomainError("tournament/finished", "the tournament is over")
            if not 1 <= pid <= len(state.players):
                raise DomainError("tournament/unknown_player", f"no player {pid}")
            if state.players[pid - 1].withdrawn_after is not None:
                raise DomainError("tournament/already_withdrawn", f"player {pid} withdrew")
            out.emit(e.PlayerWithdrawn(player_id=pid, after_round=len(state.rounds)))
        case c.StartTournament():
            if state.status != "registration":
                raise DomainError("tournament/already_started", "the tournament has started")
            active = [p for p in state.players if p.withdrawn_after is None]
            needed = 2 if config.table_size == 2 else min_table(config)
            if len(active) < needed:
                raise DomainError(
                    "tournament/not_enough_players", f"at least {needed} players are needed"
                )
            ranked = sorted(active, key=lambda p: (-p.rating, p.player_id))
            seeding = [p.player_id for p in ranked]
            if config.seeding == "random":
                seeding = rng.fork("seeding").shuffled(seeding)
            bracket: tuple[e.BracketMatch, ...] = ()
            if config.format in BRACKETS:
                bracket = elimination.build_bracket(
                    len(seeding),
                    config.format == "double_elimination",
                    config.grand_final_reset,
                )
            out.emit(e.TournamentStarted(seeding=tuple(seeding), bracket=bracket))
            _advance(out, rng)
        case c.AttachGame(table_id=table_id, game_id=game_id):
            _running(state)
            table = _table(state, table_id)
            if table.status != "open":
                raise DomainError("tournament/table_finished", f"{table_id} has a result")
            if table.game_id:
                raise DomainError(
                    "tournament/game_already_attached", f"{table_id} plays {table.game_id}"
                )
            if not game_id:
                raise DomainError("tournament/invalid_game_id", "game_id is empty")
            out.emit(e.GameAttached(table_id=table_id, game_id=game_id))
        case c.RecordResult(table_id=table_id, placements=placements, source=source):
            _running(state)
            table = _table(state, table_id)
            if table.status != "open":
                raise DomainError(
                    "tournament/result_already_recorded",
                    f"{table_id} has a result; use CorrectResult",
                )
            if source not in ("game", "manual"):
                raise DomainError("tournament/invalid_source", "source is 'game' or 'manual'")
            validate_placements(state, table, placements)
            out.emit(e.ResultRecorded(table_id=table_id, placements=placements, source=source))
            _advance(out, rng)
        case c.ResolveTable(table_id=table_id, placements=placements, reason=reason):
            _running(state)
            table = _table(state, table_id)
            if table.status != "open":
                raise DomainError(
                    "tournament/result_already_recorded",
                    f"{table_id} has a result; use CorrectResult",
                )
            if not reason.strip():
                raise DomainError("tournament/reason_required", "say why the table is resolved")
            validate_placements(state, table, placements)
            out.emit(e.TableResolved(table_id=table_id, placements=placements, reason=reason))
            _advance(out, rng)
        case c.CorrectResult(table_id=table_id, placements=placements, reason=reason):
            if state.status not in ("running", "finished"):
                _running(state)
            table = _table(state, table_id)
            if table.status != "done":
                raise DomainError("tournament/no_result", f"{table_id} has no result to correct")
            validate_placements(state, table, placements)
            _check_correction(state, table, placements)
            out.emit(
                e.ResultCorrected(
                    table_id=table_id,
                    placements=placements,
                    previous=table.placements,
                    reason=reason,
                )
            )
            if state.status == "finished":
                out.emit(e.RankingRevised(ranking=_final_ranking(standings(out.state))))
            else:
                if config.format in BRACKETS:
                    voided = elimination.tables_to_void(out.state)
                elif config.format in REPAIRED and _through(state, table, placements) != _through(
                    state, table, table.placements
                ):
                    # Later rounds were paired from the old outcome: re-pair them.
                    voided = [t.table_id for t in live_tables(out.state) if t.round > table.round]
                else:
                    voided = []
                for table_id_voided in voided:
                    out.emit(
                        e.TableVoided(
                            table_id=table_id_voided,
                            reason=f"depended on the result of {table_id}",
                        )
                    )
                _advance(out, rng)
        case _:
            raise DomainError(
                "tournament/unknown_command", f"not a tournament command: {command!r}"
            )
    return tuple(out.events)


def _through(
    state: TournamentState, table: TableState, placements: tuple[e.Placement, ...]
) -> set[int]:
    """The players a result sends through (the winner, or the top ``k``)."""
    cut = cut_for(state, table) or 1
    return {p.player_id for p in placements if p.place <= cut}


def _check_correction(
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
    if _through(state, table, placements) != _through(state, table, table.placements):
        raise DomainError(
            "tournament/correction_changes_outcome",
            "the tournament is over; this correction would change who went through",
        )


def _final_ranking(rows: tuple[e.StandingRow, ...]) -> tuple[e.StandingRow, ...]:
    """The ranking as published: the winners of points formats are champions too."""
    return tuple(
        msgspec.structs.replace(row, status="champion")
        if row.place == 1 and row.status == "active"
        else row
        for row in rows
    )


class _Emitter:
    def __init__(self, state: TournamentState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)


def standings(state: TournamentState) -> tuple[e.StandingRow, ...]:
    if state.config is None or not state.seeding:
        return ()
    return MODULES[state.config.format].standings(state)


def _advance(out: _Emitter, rng: Rng) -> None:
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
            out.emit(e.TournamentFinished(ranking=_final_ranking(plan.ranking)))
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


# --- evolve -------------------------------------------------------------------------------


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
    return state


__all__ = ["active_ids", "decide", "evolve", "standings", "validate_config"]
