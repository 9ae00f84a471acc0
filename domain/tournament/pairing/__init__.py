"""Pairing: one module per format. Each offers ``next_round(state, rng)`` returning either a
:class:`NextRound` (the tables to open) or a :class:`Finish` (the final ranking), and
``standings(state)`` (the current standings rows). Shared helpers live here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from domain.tournament.events import StandingRow
from domain.tournament.state import TableState, TournamentState, live_tables


@dataclass(frozen=True)
class NewTable:
    players: tuple[int, ...]
    bye: bool = False
    match: str = ""


@dataclass(frozen=True)
class NextRound:
    tables: list[NewTable] = field(default_factory=list)
    label: str = ""


@dataclass(frozen=True)
class Finish:
    ranking: tuple[StandingRow, ...]


Plan = NextRound | Finish


def split_sizes(n: int, size: int, min_size: int) -> tuple[list[int], int]:
    """Table sizes for ``n`` players at tables of at most ``size`` and at least ``min_size``,
    and how many players get a bye.

    The fewest tables, ``ceil(n / size)``, with sizes as equal as possible: 13 players at
    tables of 4 give 4+3+3+3 (as many tables of 4 as possible, the rest tables of 3), 6 give
    3+3, 5 give 3+2. Only when no split fits ``min_size`` (5 players, tables of 4, at least 3
    per table) do the players left over get byes: 4 and one bye."""
    if n <= 0:
        return [], 0
    for seated in range(n, 0, -1):
        tables = -(-seated // size)
        if tables * min_size <= seated:
            q, r = divmod(seated, tables)
            return [q + 1] * r + [q] * (tables - r), n - seated
    return [], n


def fill_final(
    field: list[int], rows: Sequence[StandingRow], state: TournamentState, min_size: int
) -> list[int] | None:
    """The final table: the players still in, topped up with the best-ranked eliminated
    players still present when fewer remain than a game needs (a 3-player game with two
    left). ``None`` when even that cannot seat a game."""
    if len(field) >= min_size:
        return field
    extra = [
        r.player_id
        for r in rows
        if r.player_id not in field and state.players[r.player_id - 1].withdrawn_after is None
    ]
    need = min_size - len(field)
    return field + extra[:need] if len(extra) >= need else None


def pair_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def meet_counts(groups: Sequence[Sequence[int]]) -> Counter[tuple[int, int]]:
    """How often each pair of players sat at the same table."""
    counts: Counter[tuple[int, int]] = Counter()
    for g in groups:
        for i, a in enumerate(g):
            for b in g[i + 1 :]:
                counts[pair_key(a, b)] += 1
    return counts


def _table_cost(table: Sequence[int], counts: Counter[tuple[int, int]]) -> int:
    """Repeated meetings at a table, squared per pair so that a third meeting costs more
    than two second ones."""
    return sum(counts[pair_key(a, b)] ** 2 for i, a in enumerate(table) for b in table[i + 1 :])


def tables_cost(tables: Sequence[Sequence[int]], counts: Counter[tuple[int, int]]) -> int:
    return sum(_table_cost(t, counts) for t in tables)


def improve_tables(
    tables: list[list[int]],
    counts: Counter[tuple[int, int]],
    *,
    rank: dict[int, int] | None = None,
    max_rank_gap: int | None = None,
    max_passes: int = 20,
) -> list[list[int]]:
    """Swap players between tables while that lowers the number of repeated meetings.

    With ``rank`` and ``max_rank_gap`` a swap is only allowed between players whose ranks
    differ by at most the gap (Swiss tables keep players near their standing)."""
    tables = [list(t) for t in tables]
    for _ in range(max_passes):
        improved = False
        for i in range(len(tables)):
            for j in range(i + 1, len(tables)):
                for ai in range(len(tables[i])):
                    for bj in range(len(tables[j])):
                        a, b = tables[i][ai], tables[j][bj]
                        if (
                            rank is not None
                            and max_rank_gap is not None
                            and abs(rank[a] - rank[b]) > max_rank_gap
                        ):
                            continue
                        before = _table_cost(tables[i], counts) + _table_cost(tables[j], counts)
                        if before == 0:
                            continue
                        ti = [*tables[i][:ai], b, *tables[i][ai + 1 :]]
                        tj = [*tables[j][:bj], a, *tables[j][bj + 1 :]]
                        if _table_cost(ti, counts) + _table_cost(tj, counts) < before:
                            tables[i], tables[j] = ti, tj
                            improved = True
        if not improved:
            break
    return tables


def chunk(players: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    out, start = [], 0
    for s in sizes:
        out.append(list(players[start : start + s]))
        start += s
    return out


def first_seats(tables: Iterable[TableState]) -> Counter[int]:
    """How often each player had the first seat at a head-to-head table."""
    return Counter(t.players[0] for t in tables if not t.bye and len(t.players) == 2)


def balance_first_seat(players: tuple[int, ...], firsts: Counter[int]) -> tuple[int, ...]:
    """Head-to-head seat order: whoever started less often starts (the higher-ranked player,
    listed first, on equal counts)."""
    if len(players) == 2 and firsts[players[1]] < firsts[players[0]]:
        return (players[1], players[0])
    return players


def last_played(state: TournamentState) -> dict[int, tuple[int, int]]:
    """Per player: (last round played, place there; a bye is place 1)."""
    out: dict[int, tuple[int, int]] = {}
    for t in live_tables(state):
        if t.bye:
            out[t.players[0]] = (t.round, 1)
        elif t.status == "done":
            for p in t.placements:
                out[p.player_id] = (t.round, p.place)
        else:
            for pid in t.players:
                out[pid] = (t.round, 0)
    return out
