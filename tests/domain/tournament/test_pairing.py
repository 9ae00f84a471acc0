"""Pairing properties, checked with hypothesis over field sizes and random results."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from domain._kernel import Rng
from domain.tournament import commands as c
from domain.tournament.pairing import split_sizes
from domain.tournament.pairing.elimination import bracket_size, build_bracket, seed_positions
from domain.tournament.pairing.round_robin import circle_round
from domain.tournament.pairing.swiss import pair_round
from tests.domain.tournament.sim import Sim

seeds = st.text(alphabet="0123456789abcdef", min_size=1, max_size=8)


# --- table splitting ----------------------------------------------------------------------


@given(st.integers(1, 200), st.integers(2, 6), st.integers(2, 6))
def test_split_sizes_seats_everyone_it_can_within_bounds(n: int, size: int, min_size: int) -> None:
    min_size = min(min_size, size)
    sizes, byes = split_sizes(n, size, min_size)
    assert sum(sizes) + byes == n
    assert all(min_size <= s <= size for s in sizes)
    assert max(sizes, default=0) - min(sizes, default=0) <= 1
    if n >= min_size:
        # The fewest tables that can seat the field, and byes only when no split fits.
        assert byes == 0 or -(-n // size) * min_size > n


def test_split_sizes_examples() -> None:
    assert split_sizes(13, 4, 3) == ([4, 3, 3, 3], 0)
    assert split_sizes(12, 4, 2) == ([4, 4, 4], 0)
    assert split_sizes(6, 4, 2) == ([3, 3], 0)
    assert split_sizes(7, 4, 3) == ([4, 3], 0)
    assert split_sizes(5, 4, 2) == ([3, 2], 0)
    assert split_sizes(5, 4, 3) == ([4], 1)
    assert split_sizes(1, 4, 2) == ([], 1)


# --- round robin --------------------------------------------------------------------------


@given(st.integers(2, 30))
def test_circle_method_every_pair_meets_exactly_once(n: int) -> None:
    players = list(range(1, n + 1))
    rounds = n - 1 if n % 2 == 0 else n
    met: list[tuple[int, int]] = []
    for r in range(rounds):
        pairs = circle_round(players, r)
        seen = [p for pair in pairs for p in pair if p]
        assert sorted(seen) == players  # everyone plays or sits out once per round
        met += [tuple(sorted(p)) for p in pairs if 0 not in p]
    assert sorted(met) == sorted(itertools.combinations(players, 2))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 12), seeds)
def test_round_robin_tournament_every_pair_meets_exactly_once(n: int, seed: str) -> None:
    sim = Sim(n, format="round_robin", seed=seed)
    sim.do(c.StartTournament())
    sim.play(Rng(seed, 1))
    pairs = [tuple(sorted(t.players)) for r in sim.state.rounds for t in r.tables if not t.bye]
    assert sorted(pairs) == sorted(itertools.combinations(range(1, n + 1), 2))
    for r in sim.state.rounds:
        _everyone_once(r, n, set(range(1, n + 1)))


def _everyone_once(rnd, n: int, present: set[int] | None = None) -> None:
    seated = [p for t in rnd.tables if t.status != "void" for p in t.players]
    assert len(seated) == len(set(seated)), f"someone sits twice in round {rnd.number}"
    if present is not None:
        assert set(seated) == present


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([(9, 3, 4), (8, 4, 3), (6, 3, 3), (12, 4, 4), (7, 3, 3)]), seeds)
def test_round_robin_tables_spread_meetings_evenly(case: tuple[int, int, int], seed: str) -> None:
    n, k, rounds = case
    sim = Sim(n, format="round_robin", table_size=k, max_players=k, rounds=rounds, seed=seed)
    sim.do(c.StartTournament())
    sim.play(Rng(seed, 1))
    assert len(sim.state.rounds) == rounds
    counts: dict[tuple[int, int], int] = {}
    for r in sim.state.rounds:
        _everyone_once(r, n, set(range(1, n + 1)))
        for t in r.tables:
            for a, b in itertools.combinations(sorted(t.players), 2):
                counts[(a, b)] = counts.get((a, b), 0) + 1
    # Nobody meets anybody twice while fresh opponents remain for such small fields.
    if n == 9 and k == 3:
        assert max(counts.values()) == 1 and len(counts) == 36
    assert max(counts.values()) <= 2, (case, counts)


# --- Swiss --------------------------------------------------------------------------------


def _rematch_free_pairing_exists(players: list[int], met: set[tuple[int, int]]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if (min(first, other), max(first, other)) in met:
            continue
        if _rematch_free_pairing_exists(rest[:i] + rest[i + 1 :], met):
            return True
    return False


def _rematch_free_round_exists(players: list[int], met: set[tuple[int, int]]) -> bool:
    if len(players) % 2 == 0:
        return _rematch_free_pairing_exists(players, met)
    return any(
        _rematch_free_pairing_exists([p for p in players if p != bye], met) for bye in players
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 11), st.integers(1, 9), seeds, st.booleans())
def test_swiss_pairs_everyone_once_without_avoidable_rematches(
    n: int, rounds: int, seed: str, ties: bool
) -> None:
    rounds = min(rounds, max(1, n - 2)) if n > 2 else 1
    sim = Sim(n, format="swiss", rounds=rounds, seed=seed)
    sim.do(c.StartTournament())
    rng = Rng(seed, 99)
    met: set[tuple[int, int]] = set()
    byes: list[int] = []
    while sim.state.status == "running":
        rnd = sim.state.rounds[-1]
        players = list(range(1, n + 1))
        _everyone_once(rnd, n, set(players))
        pairs = [tuple(sorted(t.players)) for t in rnd.tables if not t.bye]
        bye = [t.players[0] for t in rnd.tables if t.bye]
        assert len(bye) == n % 2
        if _rematch_free_round_exists(players, met):
            assert not any(p in met for p in pairs), f"avoidable rematch in round {rnd.number}"
        if bye and len(byes) < n:
            # The bye goes to someone who has not had one, while such a player exists.
            assert bye[0] not in byes or all(p in byes for p in players)
        met.update(pairs)
        byes += bye
        for t in rnd.tables:
            if t.status == "open":
                sim.do(
                    c.RecordResult(
                        table_id=t.table_id, placements=sim.random_placements(t, rng, ties)
                    )
                )
    assert len(sim.state.rounds) == rounds
    assert sim.state.ranking[0].place == 1


def test_swiss_pairs_top_half_against_bottom_half_of_a_score_group() -> None:
    ranked = list(range(1, 9))
    pairs, bye = pair_round(ranked, dict.fromkeys(ranked, 0), set(), set())
    assert pairs == [(1, 5), (2, 6), (3, 7), (4, 8)] and bye is None


def test_swiss_floats_down_and_avoids_rematch() -> None:
    ranked = [1, 2, 3, 4, 5, 6]
    points = {1: 4, 2: 4, 3: 4, 4: 2, 5: 2, 6: 0}
    met = {(1, 2)}
    pairs, _ = pair_round(ranked, points, met, set())
    assert (1, 3) in pairs  # 1 may not meet 2 again: next in the score group
    assert (2, 4) in pairs  # 2 floats down to the next group
    assert (5, 6) in pairs


def test_swiss_bye_goes_to_lowest_ranked_without_one() -> None:
    ranked = [1, 2, 3, 4, 5]
    pairs, bye = pair_round(ranked, dict.fromkeys(ranked, 0), set(), {5})
    assert bye == 4
    assert sorted(p for pair in pairs for p in pair) == [1, 2, 3, 5]


# --- elimination --------------------------------------------------------------------------


def test_seed_positions_standard_order() -> None:
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]


@given(st.integers(2, 70))
def test_bracket_byes_go_to_top_seeds(n: int) -> None:
    size = bracket_size(n)
    assert size >= n and size < 2 * n
    first = [m for m in build_bracket(n, False, False) if m.round == 1]
    byes = [
        int(a.split(":")[1])
        for m in first
        for a, b in ((m.a, m.b), (m.b, m.a))
        if int(b.split(":")[1]) > n
    ]
    assert sorted(byes) == list(range(1, size - n + 1))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 24), seeds, st.booleans())
def test_single_elimination_ends_with_one_champion(n: int, seed: str, random_seeding: bool) -> None:
    sim = Sim(
        n,
        format="single_elimination",
        seeding="random" if random_seeding else "ranked",
        seed=seed,
    )
    sim.do(c.StartTournament())
    sim.play(Rng(seed, 1))
    for r in sim.state.rounds:
        _everyone_once(r, n)
    ranking = sim.state.ranking
    assert [r.status for r in ranking].count("champion") == 1
    assert ranking[0].place == 1 and ranking[1].place == 2
    champion = ranking[0].player_id
    losses = {p: 0 for p in range(1, n + 1)}
    for r in sim.state.rounds:
        for t in r.tables:
            if not t.bye:
                for p in t.placements:
                    losses[p.player_id] += p.place != 1
    assert losses[champion] == 0
    assert all(losses[p] == 1 for p in losses if p != champion)
    # Real matches: n - 1 (each eliminates one player).
    real = [t for r in sim.state.rounds for t in r.tables if not t.bye]
    assert len(real) == n - 1


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 20), seeds, st.booleans())
def test_double_elimination_never_eliminates_after_one_loss(n: int, seed: str, reset: bool) -> None:
    sim = Sim(n, format="double_elimination", grand_final_reset=reset, seed=seed)
    sim.do(c.StartTournament())
    sim.play(Rng(seed, 1))
    losses = dict.fromkeys(range(1, n + 1), 0)
    for r in sim.state.rounds:
        _everyone_once(r, n)
        for t in r.tables:
            if not t.bye:
                for p in t.placements:
                    losses[p.player_id] += p.place != 1
    ranking = sim.state.ranking
    champion = ranking[0].player_id
    assert ranking[0].status == "champion"
    assert losses[champion] <= 1
    for row in ranking[1:]:
        assert row.status == "eliminated"
        if reset:
            assert losses[row.player_id] >= 2, f"player {row.player_id} out after one loss"
        else:
            assert losses[row.player_id] >= 1
    one_loss = [p for p in losses if p != champion and losses[p] < 2]
    if not reset:
        # Without a reset only the winners-bracket champion can go out after a single loss.
        assert len(one_loss) <= 1
