"""Standings: per-player statistics folded from the tables, and the ranked tables.

Points-based formats (round robin, Swiss, Swiss tables) rank by match points, then the
configured tie-breaks (default: Buchholz = sum of the opponents' match points, then game
points = the sum of one's own reported scores), then the seed. Players still tied after every
tie-break share a place (competition ranking: 1, 1, 3). A bye is a win: first-place points.

Elimination formats rank by how far a player got (see :mod:`.pairing.elimination`,
:mod:`.pairing.tables`, :mod:`.pairing.championship`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from domain.tournament.events import StandingRow
from domain.tournament.state import (
    TournamentState,
    live_tables,
    placement_points,
    points_table,
)


@dataclass
class Stats:
    player_id: int
    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[int] = field(default_factory=list)
    places: list[tuple[int, int, int]] = field(default_factory=list)
    """(round, place, table size) per table played."""


def player_stats(state: TournamentState) -> dict[int, Stats]:
    config = state.config
    assert config is not None
    stats = {p.player_id: Stats(p.player_id) for p in state.players}
    first_points = points_table(config, max(config.table_size, 2))[0]
    for t in live_tables(state):
        if t.status != "done":
            continue
        if t.bye:
            s = stats[t.players[0]]
            s.byes += 1
            s.wins += 1
            s.points += first_points
            continue
        pts = placement_points(config, t.placements)
        for p in t.placements:
            s = stats[p.player_id]
            s.games += 1
            s.points += pts[p.player_id]
            s.game_points += p.score
            s.places.append((t.round, p.place, len(t.placements)))
            tied_first = sum(1 for q in t.placements if q.place == 1) > 1
            if p.place == 1 and not tied_first:
                s.wins += 1
            elif p.place == 1:
                s.draws += 1
            else:
                s.losses += 1
            s.opponents.extend(q.player_id for q in t.placements if q.player_id != p.player_id)
    return stats


def tiebreak_values(state: TournamentState, stats: dict[int, Stats]) -> dict[int, tuple[int, ...]]:
    config = state.config
    assert config is not None
    out: dict[int, tuple[int, ...]] = {}
    for pid, s in stats.items():
        values = []
        for name in config.tiebreaks:
            if name == "buchholz":
                values.append(sum(stats[o].points for o in s.opponents))
            elif name == "opponent_scores":
                values.append(sum(stats[o].game_points for o in s.opponents))
            elif name == "game_points":
                values.append(s.game_points)
            elif name == "wins":
                values.append(s.wins)
        out[pid] = tuple(values)
    return out


def status_of(state: TournamentState, pid: int) -> str:
    return "withdrawn" if state.players[pid - 1].withdrawn_after is not None else "active"


def ranked_rows(
    ids: Iterable[int],
    key: Callable[[int], tuple[int, ...]],
    stats: dict[int, Stats],
    seed_order: dict[int, int],
    tiebreaks: dict[int, tuple[int, ...]],
    status: Callable[[int], str],
    points: Callable[[int], int] | None = None,
) -> tuple[StandingRow, ...]:
    """Rows sorted by ``key`` (higher is better), then seed; equal keys share a place."""
    ordered = sorted(ids, key=lambda pid: (tuple(-v for v in key(pid)), seed_order.get(pid, pid)))
    rows: list[StandingRow] = []
    previous: tuple[int, ...] | None = None
    for index, pid in enumerate(ordered):
        k = key(pid)
        place = rows[-1].place if rows and k == previous else index + 1
        previous = k
        s = stats[pid]
        rows.append(
            StandingRow(
                place=place,
                player_id=pid,
                points=points(pid) if points else s.points,
                tiebreaks=tiebreaks.get(pid, ()),
                wins=s.wins,
                draws=s.draws,
                losses=s.losses,
                byes=s.byes,
                game_points=s.game_points,
                status=status(pid),
            )
        )
    return tuple(rows)


def points_standings(state: TournamentState) -> tuple[StandingRow, ...]:
    """Match points, then the configured tie-breaks."""
    stats = player_stats(state)
    tbs = tiebreak_values(state, stats)
    seeds = {pid: i for i, pid in enumerate(state.seeding)}
    ids = list(state.seeding) or [p.player_id for p in state.players]
    return ranked_rows(
        ids,
        lambda pid: (stats[pid].points, *tbs[pid]),
        stats,
        seeds,
        tbs,
        lambda pid: status_of(state, pid),
    )
