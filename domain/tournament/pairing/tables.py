"""Multi-player tables (3-5 player games): Swiss tables and table elimination.

Table sizes come from :func:`domain.tournament.pairing.split_sizes`: the fewest tables, sizes
as equal as possible (13 at tables of 4: 4+3+3+3), never below ``min_table_size`` (default:
the game's minimum); players who cannot be seated get a bye.

Swiss tables: players ranked by the standings (placement points, e.g. 4/2/1/0, then the
tie-breaks) sit in consecutive groups (the top players together), then players of nearby rank
(at most one table size apart) are swapped between tables while that lowers the number of
repeated meetings. Seat order at a table is drawn with the Rng and recorded. A bye (only when
the field cannot be seated) goes to the lowest-ranked player with the fewest byes and is worth
first-place points.

Table elimination: round 1 seats the seeding snake-wise (seed 1, 2, 3, 4 at tables 1-4, then
5-8 back from table 4...), so strong players are spread. The top ``advance_top_k`` of every
table advance (a bye advances; ties across the cut are refused when results are entered),
and the survivors are seated the same way, ranked by the place they just took, then points,
then seed. As soon as the survivors fit on one table (``<= table_size``), that table is the
final and its ranking decides the podium (topped up with the best eliminated players when
fewer remain than the game needs). Ranking: the later a player went out the better;
among those out in the same round, the better place at their table, then points."""

from __future__ import annotations

from domain._kernel import Rng
from domain.tournament.events import StandingRow
from domain.tournament.pairing import (
    Finish,
    NewTable,
    NextRound,
    Plan,
    chunk,
    fill_final,
    improve_tables,
    last_played,
    meet_counts,
    split_sizes,
)
from domain.tournament.standings import player_stats, points_standings, ranked_rows
from domain.tournament.state import (
    TournamentState,
    active_ids,
    last_live_round,
    live_tables,
    min_table,
    round_complete,
)


def swiss_tables(state: TournamentState, active: list[int], rng: Rng) -> list[NewTable]:
    config = state.config
    assert config is not None
    rows = points_standings(state)
    present = set(active)
    ranked = [r.player_id for r in rows if r.player_id in present]
    stats = player_stats(state)
    sizes, byes = split_sizes(len(ranked), config.table_size, min_table(config))
    bye_players = set(sorted(reversed(ranked), key=lambda p: stats[p].byes)[:byes])
    seated = [p for p in ranked if p not in bye_players]
    counts = meet_counts([t.players for t in live_tables(state) if not t.bye])
    rank = {p: i for i, p in enumerate(seated)}
    groups = improve_tables(chunk(seated, sizes), counts, rank=rank, max_rank_gap=config.table_size)
    out = [NewTable(tuple(rng.shuffled(g))) for g in groups]
    return out + [NewTable((p,), bye=True) for p in ranked if p in bye_players]


def snake(players: list[int], sizes: list[int]) -> list[list[int]]:
    """Deal ranked players to tables 1..t, then t..1, and so on, skipping full tables."""
    tables: list[list[int]] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    direction, i = 1, 0
    for p in players:
        while len(tables[order[i]]) >= sizes[order[i]]:
            i, direction = _step(i, direction, len(order))
        tables[order[i]].append(p)
        i, direction = _step(i, direction, len(order))
    return tables


def _step(i: int, direction: int, n: int) -> tuple[int, int]:
    if n == 1:
        return 0, direction
    nxt = i + direction
    if 0 <= nxt < n:
        return nxt, direction
    return i, -direction


def _cut(state: TournamentState, round_number: int, size: int) -> int:
    config = state.config
    assert config is not None
    if state.rounds[round_number - 1].label == "final":
        return 1
    return min(config.advance_top_k, size - 1)


def survivors(state: TournamentState) -> list[int]:
    """Who goes on after the last round, best first."""
    stats = player_stats(state)
    seeds = {pid: i for i, pid in enumerate(state.seeding)}
    active = set(active_ids(state))
    last = last_live_round(state)
    assert last is not None
    through: list[tuple[int, int, int, int]] = []
    for t in last.tables:
        if t.status != "done":
            continue
        if t.bye:
            through.append((1, -stats[t.players[0]].points, seeds[t.players[0]], t.players[0]))
            continue
        cut = _cut(state, last.number, len(t.players))
        for p in t.placements:
            if p.place <= cut:
                through.append(
                    (p.place, -stats[p.player_id].points, seeds[p.player_id], p.player_id)
                )
    return [pid for *_, pid in sorted(through) if pid in active]


def next_round(state: TournamentState, rng: Rng) -> Plan:
    config = state.config
    assert config is not None
    last = last_live_round(state)
    if last is not None and last.label == "final":
        return Finish(standings(state))
    field = active_ids(state) if last is None else survivors(state)
    if len(field) <= 1:
        return Finish(standings(state))
    if len(field) <= config.table_size:
        final = fill_final(field, standings(state), state, min_table(config))
        if final is None:
            return Finish(standings(state))
        return NextRound([NewTable(tuple(rng.shuffled(final)))], label="final")
    sizes, byes = split_sizes(len(field), config.table_size, min_table(config))
    bye_players = field[:byes]
    seated = field[byes:]
    groups = snake(seated, sizes)
    tables = [NewTable(tuple(rng.shuffled(g))) for g in groups]
    tables += [NewTable((p,), bye=True) for p in bye_players]
    return NextRound(tables, label=f"round {len(state.rounds) + 1}")


def standings(state: TournamentState) -> tuple[StandingRow, ...]:
    stats = player_stats(state)
    last = last_played(state)
    seeds = {pid: i for i, pid in enumerate(state.seeding)}
    last_round = last_live_round(state)
    finished_final = (
        last_round is not None and last_round.label == "final" and round_complete(last_round)
    )
    going_on = set(survivors(state)) if last_round is not None else set(state.seeding)
    if last_round is not None and not round_complete(last_round):
        going_on = {p for t in last_round.tables if t.status != "void" for p in t.players}

    def key(pid: int) -> tuple[int, ...]:
        rnd, place = last.get(pid, (0, 0))
        return (rnd, -place if place else 0, stats[pid].points)

    def status(pid: int) -> str:
        rnd, place = last.get(pid, (0, 0))
        if finished_final and last_round is not None and rnd == last_round.number and place == 1:
            return "champion"
        if state.players[pid - 1].withdrawn_after is not None:
            return "withdrawn"
        if finished_final or pid not in going_on:
            return "eliminated"
        return "active"

    return ranked_rows(state.seeding, key, stats, seeds, {}, status)
