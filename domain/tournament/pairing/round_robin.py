"""Round robin.

Head-to-head: the circle method over the seeding (seed 1 fixed, the others rotate); with an
odd field one player sits out each round (a bye). Every pair meets exactly once in ``n - 1``
rounds (``n`` with an odd field). A withdrawn player's later opponents get a bye. Seat order
alternates so that everyone has the first seat in half their games (within one).

Tables of N: ``rounds`` rounds (default ``ceil((n - 1) / (N - 1))``, the fewest in which
everyone could meet everyone). Each round is built greedily so that pairs who met least sit
together, then improved by swaps that lower the number of repeated meetings: every pair meets
as evenly as the heuristic finds (exactly once when a resolvable design is found)."""

from __future__ import annotations

from domain._kernel import Rng
from domain.tournament.pairing import (
    Finish,
    NewTable,
    NextRound,
    Plan,
    improve_tables,
    meet_counts,
    pair_key,
    split_sizes,
    tables_cost,
)
from domain.tournament.standings import player_stats, points_standings
from domain.tournament.state import TournamentState, active_ids, live_tables, min_table

ATTEMPTS = 24
"""Greedy restarts per round for tables of N (fewer for big fields, see table_round)."""


def circle_round(seeding: list[int], r: int) -> list[tuple[int, int]]:
    """Round ``r`` (0-based) of the circle method; 0 stands for nobody (a bye)."""
    players = list(seeding) + ([0] if len(seeding) % 2 else [])
    m = len(players)
    rest = players[1:]
    shift = r % (m - 1)
    rotated = rest[-shift:] + rest[:-shift] if shift else rest
    arr = [players[0], *rotated]
    pairs = [(arr[i], arr[m - 1 - i]) for i in range(m // 2)]
    if r % 2:
        # The fixed player alternates; every other pair keeps its orientation, which gives
        # everyone the first seat in half their games (within one).
        pairs[0] = (pairs[0][1], pairs[0][0])
    return pairs


def total_rounds(state: TournamentState) -> int:
    config = state.config
    assert config is not None
    n = len(state.seeding)
    if config.table_size <= 2:
        return n - 1 if n % 2 == 0 else n
    return config.rounds or max(1, -(-(n - 1) // (config.table_size - 1)))


def standings(state: TournamentState):
    return points_standings(state)


def next_round(state: TournamentState, rng: Rng) -> Plan:
    config = state.config
    assert config is not None
    done = len(state.rounds)
    active = active_ids(state)
    if done >= total_rounds(state) or len(active) < 2:
        return Finish(points_standings(state))
    if config.table_size <= 2:
        tables = []
        for a, b in circle_round(list(state.seeding), done):
            present = tuple(p for p in (a, b) if p and p in active)
            if len(present) == 2:
                tables.append(NewTable(present))
            elif len(present) == 1:
                tables.append(NewTable(present, bye=True))
        return NextRound(tables)
    if len(active) < min_table(config):
        return Finish(points_standings(state))
    return NextRound(table_round(state, active, rng))


def table_round(state: TournamentState, active: list[int], rng: Rng) -> list[NewTable]:
    config = state.config
    assert config is not None
    min_size = max(2, config.min_table_size or config.min_players)
    sizes, byes = split_sizes(len(active), config.table_size, min_size)
    stats = player_stats(state)
    # Byes go to those with the fewest byes, last in the seeding first.
    bye_order = sorted(reversed(active), key=lambda p: stats[p].byes)
    bye_players = set(bye_order[:byes])
    seated = [p for p in active if p not in bye_players]
    counts = meet_counts([t.players for t in live_tables(state) if not t.bye])
    best: list[list[int]] | None = None
    best_cost = -1
    attempts = ATTEMPTS if len(seated) <= 16 else max(2, ATTEMPTS * 16 // len(seated) // 2)
    for attempt in range(attempts):
        order = rng.shuffled(seated) if attempt else list(seated)
        tables: list[list[int]] = [[] for _ in sizes]
        for p in order:
            options = [i for i in range(len(sizes)) if len(tables[i]) < sizes[i]]
            i = min(options, key=lambda i: (sum(counts[pair_key(p, q)] ** 2 for q in tables[i]), i))
            tables[i].append(p)
        tables = improve_tables(tables, counts)
        cost = tables_cost(tables, counts)
        if best is None or cost < best_cost:
            best, best_cost = tables, cost
        if cost == 0:
            break
    assert best is not None
    out = [NewTable(tuple(rng.shuffled(t))) for t in best]
    out += [NewTable((p,), bye=True) for p in active if p in bye_players]
    return out
