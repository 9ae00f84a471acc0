"""Swiss system.

Head-to-head (Dutch style): players are ranked by the standings (points, tie-breaks, seed).
Taking the highest-ranked unpaired player each time, the preferred opponent is the one in the
middle of what is left of their score group (top half meets bottom half: 1-5, 2-6, 3-7, 4-8 in
a group of eight), then the rest of the group, then lower groups (a floater goes down).
A depth-first search backtracks so that no pair meets twice while that is avoidable; only when
no rematch-free pairing exists (or the search budget runs out on a huge field) are rematches
allowed, as few as the search finds.

With an odd field the bye (a win) goes to the lowest-ranked player who has not had one and
whose removal leaves a rematch-free pairing; only if none does may a player get a second bye.
At each table the player who had the first seat less often sits first (seat 0).

Tables of more than two: see :func:`domain.tournament.pairing.tables.swiss_tables`.

``rounds`` rounds are played (default ``ceil(log2(n))``, or ``ceil(log_N(n))`` for tables of
N, at least 1)."""

from __future__ import annotations

from domain._kernel import Rng
from domain.tournament.pairing import (
    Finish,
    NewTable,
    NextRound,
    Plan,
    balance_first_seat,
    first_seats,
    pair_key,
)
from domain.tournament.pairing.tables import swiss_tables
from domain.tournament.standings import player_stats, points_standings
from domain.tournament.state import TournamentState, active_ids, live_tables, min_table

SEARCH_BUDGET = 50_000


def total_rounds(state: TournamentState) -> int:
    config = state.config
    assert config is not None
    if config.rounds:
        return config.rounds
    n, k, rounds, reach = len(state.seeding), max(2, config.table_size), 0, 1
    while reach < n:
        reach *= k
        rounds += 1
    return max(1, rounds)


def standings(state: TournamentState):
    return points_standings(state)


def next_round(state: TournamentState, rng: Rng) -> Plan:
    config = state.config
    assert config is not None
    active = active_ids(state)
    if len(state.rounds) >= total_rounds(state) or len(active) < 2:
        return Finish(points_standings(state))
    if config.table_size > 2:
        if len(active) < min_table(config):
            return Finish(points_standings(state))
        return NextRound(swiss_tables(state, active, rng))
    rows = points_standings(state)
    ranked = [r.player_id for r in rows if r.player_id in set(active)]
    stats = player_stats(state)
    points = {pid: stats[pid].points for pid in ranked}
    met = {
        pair_key(t.players[0], t.players[1])
        for t in live_tables(state)
        if not t.bye and len(t.players) == 2
    }
    had_bye = {pid for pid in ranked if stats[pid].byes}
    pairs, bye = pair_round(ranked, points, met, had_bye)
    firsts = first_seats(live_tables(state))
    tables = [NewTable(balance_first_seat((a, b), firsts)) for a, b in pairs]
    if bye is not None:
        tables.append(NewTable((bye,), bye=True))
    return NextRound(tables)


def pair_round(
    ranked: list[int],
    points: dict[int, int],
    met: set[tuple[int, int]],
    had_bye: set[int],
    budget: int = SEARCH_BUDGET,
) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs (higher-ranked first) and the bye, for players ranked best first.

    Tries 0, 1, 2... rematches; with an odd field, every bye candidate (lowest-ranked without
    a bye first) at each level. The search shares one node budget; once it is spent, the
    pairing falls back to the greedy Dutch order (rematches allowed), so a huge field never
    stalls."""
    if len(ranked) % 2 == 0:
        byes: list[int | None] = [None]
    else:
        byes = [p for p in reversed(ranked) if p not in had_bye]
        byes += [p for p in reversed(ranked) if p in had_bye]
    left = budget
    for allowed in range(len(ranked) // 2 + 1):
        for index, bye in enumerate(byes):
            rest = [p for p in ranked if p != bye]
            share = max(200, left // (len(byes) - index))
            pairs, used = pair_players(rest, points, met, allowed, min(share, left))
            left -= used
            if pairs is not None:
                return pairs, bye
            if left <= 0:
                break
        if left <= 0:
            break
    bye = byes[0]
    rest = [p for p in ranked if p != bye]
    pairs, _ = pair_players(rest, points, met, len(rest) // 2, 1 << 62)
    assert pairs is not None, "pairing with unlimited rematches cannot fail"
    return pairs, bye


def pair_players(
    ranked: list[int],
    points: dict[int, int],
    met: set[tuple[int, int]],
    allowed_rematches: int,
    budget: int,
) -> tuple[list[tuple[int, int]] | None, int]:
    """Depth-first Dutch pairing with at most ``allowed_rematches`` rematches (or ``None``),
    and the number of search nodes used."""
    nodes = 0

    def candidates(rest: list[int]) -> list[int]:
        top = rest[0]
        group = [p for p in rest if points[p] == points[top]]
        half = len(group) // 2
        ordered = [p for p in group[half:] + group[1:half] if p != top]
        return ordered + [p for p in rest[1:] if points[p] != points[top]]

    def search(rest: list[int], allowed: int) -> list[tuple[int, int]] | None:
        nonlocal nodes
        if not rest:
            return []
        top = rest[0]
        for opponent in candidates(rest):
            nodes += 1
            if nodes > budget:
                return None
            rematch = pair_key(top, opponent) in met
            if rematch and allowed == 0:
                continue
            remaining = [p for p in rest if p not in (top, opponent)]
            found = search(remaining, allowed - rematch)
            if found is not None:
                return [(top, opponent), *found]
            if nodes > budget:
                return None
        return None

    return search(list(ranked), allowed_rematches), nodes
