"""The Splendor championship format (Korean Splendor championship, see the rules text):
tables of ``table_size`` (4), only first place at a table is a win, every other place is a
loss, and ``lives`` losses (2) eliminate. Rounds go on until the players still in fit on one
table; that final table decides the champion (its winner), and its ranking the podium.

Table sizes: :func:`domain.tournament.pairing.split_sizes` with ``min_table_size`` (default:
the game's minimum): 13 players -> 4+3+3+3 (as many tables of 4 as possible, the rest of 3),
6 -> 3+3, 5 -> 3+2 (two players is still a legal Splendor game and everyone plays; set
``min_table_size`` 3 to get a table of 4 and a bye instead). A table never exceeds
``table_size``, which the game's ``max_players`` bounds. A bye (only when the field cannot be
seated) costs no life and counts as a win.

When fewer players remain than the game needs at a table (a 3-player-only game with two
left), the best-ranked eliminated players fill the final table ("lucky losers").

Pairing: players still in are ranked by losses (fewest first), wins, placement points and
seed, and seated in consecutive groups (so players with the same number of lives meet), then
swapped with nearby-ranked players to avoid repeated meetings. Seat order is drawn.

Ranking: the champion, then the rest of the final table by place, then by the round a player
went out in (later is better), wins, points; ties share a place."""

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
from domain.tournament.standings import player_stats, ranked_rows
from domain.tournament.state import (
    TournamentState,
    active_ids,
    last_live_round,
    live_tables,
    min_table,
    round_complete,
)


def alive(state: TournamentState) -> list[int]:
    """Players still in, best first."""
    config = state.config
    assert config is not None
    stats = player_stats(state)
    seeds = {pid: i for i, pid in enumerate(state.seeding)}
    players = [p for p in active_ids(state) if stats[p].losses < config.lives]
    return sorted(
        players,
        key=lambda p: (stats[p].losses, -stats[p].wins, -stats[p].points, seeds[p]),
    )


def next_round(state: TournamentState, rng: Rng) -> Plan:
    config = state.config
    assert config is not None
    last = last_live_round(state)
    if last is not None and last.label == "final":
        return Finish(standings(state))
    field = alive(state)
    if len(field) <= 1:
        return Finish(standings(state))
    if len(field) <= config.table_size:
        final = fill_final(field, standings(state), state, min_table(config))
        if final is None:
            return Finish(standings(state))
        return NextRound([NewTable(tuple(rng.shuffled(final)))], label="final")
    stats = player_stats(state)
    sizes, byes = split_sizes(len(field), config.table_size, min_table(config))
    bye_players = set(sorted(reversed(field), key=lambda p: stats[p].byes)[:byes])
    seated = [p for p in field if p not in bye_players]
    counts = meet_counts([t.players for t in live_tables(state) if not t.bye])
    rank = {p: i for i, p in enumerate(seated)}
    groups = improve_tables(chunk(seated, sizes), counts, rank=rank, max_rank_gap=config.table_size)
    tables = [NewTable(tuple(rng.shuffled(g))) for g in groups]
    tables += [NewTable((p,), bye=True) for p in field if p in bye_players]
    return NextRound(tables, label=f"round {len(state.rounds) + 1}")


def standings(state: TournamentState) -> tuple[StandingRow, ...]:
    config = state.config
    assert config is not None
    stats = player_stats(state)
    last = last_played(state)
    seeds = {pid: i for i, pid in enumerate(state.seeding)}
    last_round = last_live_round(state)
    final = last_round is not None and last_round.label == "final"
    final_round = last_round.number if last_round is not None and final else -1
    final_done = final and last_round is not None and round_complete(last_round)

    def key(pid: int) -> tuple[int, ...]:
        rnd, place = last.get(pid, (0, 0))
        in_final = rnd == final_round
        return (
            rnd,
            -place if in_final and place else 0,
            config.lives - stats[pid].losses,
            stats[pid].wins,
            stats[pid].points,
        )

    def status(pid: int) -> str:
        rnd, place = last.get(pid, (0, 0))
        if final_done and rnd == final_round and place == 1:
            return "champion"
        if state.players[pid - 1].withdrawn_after is not None:
            return "withdrawn"
        if final_done or stats[pid].losses >= config.lives:
            return "eliminated"
        return "active"

    tiebreaks = {
        pid: (max(0, config.lives - stats[pid].losses), stats[pid].points) for pid in stats
    }
    return ranked_rows(
        state.seeding,
        key,
        stats,
        seeds,
        tiebreaks,
        status,
        points=lambda pid: stats[pid].wins,
    )
