"""Whole tournaments played in the domain with random results, for every format, plus
corrections, withdrawals, tie-breaks, validation and replay."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain._kernel import DomainError, Rng
from domain.tournament import TOURNAMENT
from domain.tournament import commands as c
from domain.tournament import events as e
from domain.tournament.commands import TournamentCommand
from domain.tournament.events import Placement, TournamentEvent
from tests.domain.tournament.sim import Sim

seeds = st.text(alphabet="0123456789abcdef", min_size=1, max_size=8)

FORMATS = {
    "round_robin": {},
    "round_robin_tables": dict(format="round_robin", table_size=4, max_players=4),
    "swiss": {},
    "swiss_tables": dict(format="swiss", table_size=4, max_players=4),
    "single_elimination": {},
    "double_elimination": {},
    "table_elimination": dict(table_size=4, max_players=4, advance_top_k=2),
    "championship": dict(table_size=4, max_players=4),
}


def _config(name: str) -> dict:
    config = dict(FORMATS[name])
    config.setdefault("format", name)
    return config


def check_replay_and_round_trip(sim: Sim) -> None:
    assert msgspec.json.encode(sim.replayed()) == msgspec.json.encode(sim.state)
    decoder = msgspec.json.Decoder(TournamentEvent)
    for event in sim.events:
        assert decoder.decode(msgspec.json.encode(event)) == event
        assert event.__struct_config__.tag.startswith("tournament.")


@settings(max_examples=12, deadline=None)
@pytest.mark.parametrize("name", sorted(FORMATS))
@given(n=st.integers(2, 17), seed=seeds)
def test_a_random_tournament_finishes_with_a_winner(name: str, n: int, seed: str) -> None:
    config = _config(name)
    if config.get("table_size", 2) > 2 and n < 3:
        n = 3
    sim = Sim(n, seed=seed, **config)
    sim.do(c.StartTournament())
    sim.play(Rng(seed, 7), ties=config["format"] in ("round_robin", "swiss"))
    assert sim.state.status == "finished"
    ranking = sim.state.ranking
    assert sorted(r.player_id for r in ranking) == list(range(1, n + 1))
    assert ranking[0].place == 1 and ranking[0].status == "champion"
    if config["format"] not in ("round_robin", "swiss"):
        assert [r.place for r in ranking].count(1) == 1
    for rnd in sim.state.rounds:
        seated = [p for t in rnd.tables for p in t.players]
        assert len(seated) == len(set(seated))
        assert rnd.completed
    assert isinstance(sim.events[-1], e.TournamentFinished)
    check_replay_and_round_trip(sim)
    view = TOURNAMENT.view(sim.state)
    assert msgspec.json.decode(msgspec.json.encode(view), type=type(view)) == view


# --- the Splendor championship format ------------------------------------------------------


def test_championship_with_13_players_falls_back_to_tables_of_3_and_two_losses_eliminate() -> None:
    sim = Sim(13, format="championship", game="splendor", table_size=4, max_players=4)
    sim.do(c.StartTournament())
    first = sim.state.rounds[0]
    assert sorted((len(t.players) for t in first.tables), reverse=True) == [4, 3, 3, 3]
    rng = Rng("championship", 0)
    while sim.state.status == "running":
        current = sim.state.rounds[-1]
        losses_before = {p.player_id: 0 for p in sim.state.players}
        for r in sim.state.rounds[:-1]:
            for t in r.tables:
                if not t.bye:
                    for p in t.placements:
                        losses_before[p.player_id] += p.place != 1
        seated = {p for t in current.tables for p in t.players}
        # Exactly the players with fewer than two losses play on.
        assert seated == {p for p, n in losses_before.items() if n < 2}
        if current.label == "final":
            assert len(seated) <= 4 and len(current.tables) == 1
        else:
            assert len(seated) > 4
        for t in current.tables:
            if t.status == "open":
                sim.do(
                    c.RecordResult(table_id=t.table_id, placements=sim.random_placements(t, rng))
                )
    final = sim.state.rounds[-1]
    assert final.label == "final"
    winner = next(p.player_id for p in final.tables[0].placements if p.place == 1)
    assert sim.state.ranking[0].player_id == winner
    assert sim.state.ranking[0].status == "champion"
    # Round 1 makes no one lose twice: round 2 has all 13 players again, 4+3+3+3.
    second = sim.state.rounds[1]
    assert sorted((len(t.players) for t in second.tables), reverse=True) == [4, 3, 3, 3]
    check_replay_and_round_trip(sim)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 40), lives=st.integers(1, 3), size=st.sampled_from([3, 4]), seed=seeds)
def test_championship_lives_are_lost_only_by_not_winning(
    n: int, lives: int, size: int, seed: str
) -> None:
    sim = Sim(n, format="championship", table_size=size, max_players=4, lives=lives, seed=seed)
    sim.do(c.StartTournament())
    rng = Rng(seed, 5)
    while sim.state.status == "running":
        current = sim.state.rounds[-1]
        losses = dict.fromkeys(range(1, n + 1), 0)
        for r in sim.state.rounds[:-1]:
            for t in r.tables:
                if not t.bye:
                    for p in t.placements:
                        losses[p.player_id] += p.place != 1
        seated = {p for t in current.tables for p in t.players}
        assert seated == {p for p, k in losses.items() if k < lives}
        assert all(len(t.players) <= size for t in current.tables)
        assert (current.label == "final") == (len(seated) <= size)
        for t in sim.open_tables():
            sim.do(c.RecordResult(table_id=t.table_id, placements=sim.random_placements(t, rng)))
    assert sim.state.ranking[0].status == "champion"
    check_replay_and_round_trip(sim)


def test_championship_first_place_only_counts_and_ties_for_first_are_refused() -> None:
    sim = Sim(8, format="championship", table_size=4, max_players=4)
    sim.do(c.StartTournament())
    t = sim.state.rounds[0].tables[0]
    a, b, x, y = t.players
    with pytest.raises(DomainError) as err:
        sim.do(
            c.RecordResult(
                table_id=t.table_id,
                placements=(
                    Placement(player_id=a, place=1),
                    Placement(player_id=b, place=1),
                    Placement(player_id=x, place=3),
                    Placement(player_id=y, place=4),
                ),
            )
        )
    assert err.value.code == "tournament/tie_at_cut"


def test_championship_five_left_split_3_and_2_or_4_and_a_bye() -> None:
    from domain.tournament.pairing import split_sizes

    assert split_sizes(5, 4, 2) == ([3, 2], 0)  # default: the game's minimum (Splendor: 2)
    assert split_sizes(5, 4, 3) == ([4], 1)  # with min_table_size 3


# --- corrections ---------------------------------------------------------------------------


def _win(sim: Sim, table_id: str, winner: int, correct: bool = False):
    t = next(t for r in sim.state.rounds for t in r.tables if t.table_id == table_id)
    loser = next(p for p in t.players if p != winner)
    placements = (Placement(player_id=winner, place=1), Placement(player_id=loser, place=2))
    if correct:
        return sim.do(c.CorrectResult(table_id=table_id, placements=placements, reason="typo"))
    return sim.do(c.RecordResult(table_id=table_id, placements=placements))


def _table(sim: Sim, match: str):
    return next(
        t for r in sim.state.rounds for t in r.tables if t.match == match and t.status != "void"
    )


def test_single_elimination_correction_voids_and_recreates_dependent_matches() -> None:
    sim = Sim(8, format="single_elimination")
    sim.do(c.StartTournament())
    for m, w in (("W1-1", 1), ("W1-2", 4), ("W1-3", 2), ("W1-4", 3)):
        _win(sim, _table(sim, m).table_id, w)
    semi = _table(sim, "W2-1")
    assert set(semi.players) == {1, 4}
    _win(sim, semi.table_id, 1)
    # The organiser finds that seed 8 actually beat seed 1 in round 1.
    events = _win(sim, _table(sim, "W1-1").table_id, 8, correct=True)
    assert isinstance(events[0], e.ResultCorrected)
    assert [ev.table_id for ev in events if isinstance(ev, e.TableVoided)] == [semi.table_id]
    assert _table(sim, "W2-2").status == "open"  # the other semi-final is untouched
    _win(sim, _table(sim, "W2-2").table_id, 2)
    replay = _table(sim, "W2-1")
    assert set(replay.players) == {8, 4} and replay.table_id != semi.table_id
    _win(sim, replay.table_id, 8)
    _win(sim, _table(sim, "W3-1").table_id, 8)
    assert sim.state.status == "finished"
    assert sim.state.ranking[0].player_id == 8
    check_replay_and_round_trip(sim)


def test_double_elimination_correction_voids_losers_bracket_match_too() -> None:
    sim = Sim(4, format="double_elimination")
    sim.do(c.StartTournament())
    _win(sim, _table(sim, "W1-1").table_id, 1)  # 1 v 4
    _win(sim, _table(sim, "W1-2").table_id, 2)  # 2 v 3
    upper, lower = _table(sim, "W2-1"), _table(sim, "L1-1")
    assert set(upper.players) == {1, 2} and set(lower.players) == {4, 3}
    assert upper.round == lower.round == 2
    _win(sim, lower.table_id, 3)
    events = _win(sim, _table(sim, "W1-1").table_id, 4, correct=True)
    voided = {ev.table_id for ev in events if isinstance(ev, e.TableVoided)}
    assert voided == {upper.table_id, lower.table_id}
    # Round 2 has nothing left to play, so round 3 re-creates both matches.
    started = [ev for ev in events if isinstance(ev, e.RoundStarted)]
    assert [ev.round for ev in started] == [3]
    assert {t.match: set(t.players) for t in started[0].tables} == {
        "W2-1": {4, 2},
        "L1-1": {1, 3},
    }
    sim.play(Rng("x", 1))
    assert sim.state.status == "finished"
    check_replay_and_round_trip(sim)


def test_corrections_after_the_end_revise_the_ranking() -> None:
    sim = Sim(4, format="swiss", rounds=2)
    sim.do(c.StartTournament())
    sim.play(Rng("end", 1))
    t = sim.state.rounds[-1].tables[0]
    flipped = tuple(
        Placement(player_id=p.player_id, place=3 - p.place, score=p.score) for p in t.placements
    )
    events = sim.do(c.CorrectResult(table_id=t.table_id, placements=flipped, reason="typo"))
    assert [type(ev) for ev in events] == [e.ResultCorrected, e.RankingRevised]
    assert sim.state.ranking == events[-1].ranking
    sim = Sim(4, format="single_elimination")
    sim.do(c.StartTournament())
    sim.play(Rng("end", 1))
    final = _table(sim, "W2-1")
    winner = sim.state.ranking[0].player_id
    loser = next(p for p in final.players if p != winner)
    with pytest.raises(DomainError) as err:
        _win(sim, final.table_id, loser, correct=True)
    assert err.value.code == "tournament/correction_changes_outcome"
    rescored = tuple(msgspec.structs.replace(p, score=p.score + 5) for p in final.placements)
    events = sim.do(c.CorrectResult(table_id=final.table_id, placements=rescored))
    assert isinstance(events[-1], e.RankingRevised)
    assert sim.state.ranking[0].player_id == winner


def test_round_robin_withdrawal_gives_later_opponents_a_bye() -> None:
    sim = Sim(6, format="round_robin")
    sim.do(c.StartTournament())
    first, *rest = sim.open_tables()
    for t in rest:
        _win(sim, t.table_id, t.players[0])
    sim.do(c.WithdrawPlayer(player_id=6))  # before round 2 is paired
    _win(sim, first.table_id, first.players[0])
    rng = Rng("rr", 1)
    while sim.state.status == "running":
        rnd = sim.state.rounds[-1]
        assert all(6 not in t.players for t in rnd.tables)
        assert sum(1 for t in rnd.tables if t.bye) == 1
        for t in sim.open_tables():
            sim.do(c.RecordResult(table_id=t.table_id, placements=sim.random_placements(t, rng)))
    assert len(sim.state.rounds) == 5


def test_round_robin_alternates_the_first_seat() -> None:
    from collections import Counter

    sim = Sim(10, format="round_robin")
    sim.do(c.StartTournament())
    sim.play(Rng("seat", 1))
    firsts = Counter(t.players[0] for r in sim.state.rounds for t in r.tables if not t.bye)
    assert {firsts[p] for p in range(1, 11)} <= {4, 5}


def test_a_big_swiss_pairs_quickly_without_rematches() -> None:
    from collections import Counter

    sim = Sim(101, format="swiss", rounds=8)
    sim.do(c.StartTournament())
    sim.play(Rng("big", 1))
    seen = Counter(
        tuple(sorted(t.players)) for r in sim.state.rounds for t in r.tables if not t.bye
    )
    assert max(seen.values()) == 1
    byes = [t.players[0] for r in sim.state.rounds for t in r.tables if t.bye]
    assert len(byes) == len(set(byes)) == 8


@settings(max_examples=25, deadline=None)
@pytest.mark.parametrize(
    "fmt", ["single_elimination", "double_elimination", "championship", "table_elimination"]
)
@given(n=st.integers(2, 14), seed=seeds)
def test_random_corrections_still_end_well(fmt: str, n: int, seed: str) -> None:
    from domain.tournament.pairing.elimination import tables_to_void

    bracket = fmt.endswith("_elimination") and fmt != "table_elimination"
    extra = {} if bracket else {"table_size": 4, "max_players": 4}
    sim = Sim(n, format=fmt, seed=seed, **extra)
    sim.do(c.StartTournament())
    rng = Rng(seed, 3)
    corrections = 0
    for _ in range(3000):
        if sim.state.status != "running":
            break
        done = [t for r in sim.state.rounds for t in r.tables if t.status == "done" and not t.bye]
        if done and corrections < 6 and rng.below(4) == 0:
            corrections += 1
            t = rng.choice(done)
            order = [p.player_id for p in sorted(t.placements, key=lambda p: p.place)]
            order = [order[1], order[0], *order[2:]]
            placements = tuple(Placement(player_id=pid, place=i + 1) for i, pid in enumerate(order))
            sim.do(c.CorrectResult(table_id=t.table_id, placements=placements))
            if bracket:  # nothing live contradicts the bracket any more
                assert tables_to_void(sim.state) == []
            continue
        t = sim.open_tables()[0]
        sim.do(c.RecordResult(table_id=t.table_id, placements=sim.random_placements(t, rng)))
    assert sim.state.status == "finished"
    assert [r.status for r in sim.state.ranking].count("champion") == 1
    losses = dict.fromkeys(range(1, n + 1), 0)
    for r in sim.state.rounds:
        live = [t for t in r.tables if t.status != "void"]
        seated = [p for t in live for p in t.players]
        assert len(seated) == len(set(seated))
        for t in live:
            if not t.bye:
                for p in t.placements:
                    losses[p.player_id] += p.place != 1
    champion = sim.state.ranking[0].player_id
    if bracket:
        assert losses[champion] <= (0 if fmt == "single_elimination" else 1)
    check_replay_and_round_trip(sim)


def test_correction_in_swiss_changes_standings_not_past_pairings() -> None:
    sim = Sim(4, format="swiss", rounds=2)
    sim.do(c.StartTournament())
    r1 = sim.state.rounds[0].tables
    for t in r1:
        _win(sim, t.table_id, t.players[0])
    assert len(sim.state.rounds) == 2
    before = sim.state.rounds[1]
    events = _win(sim, r1[0].table_id, r1[0].players[1], correct=True)
    assert [type(ev) for ev in events] == [e.ResultCorrected]
    assert sim.state.rounds[1] == before
    rows = {r.player_id: r for r in TOURNAMENT.standings(sim.state)}
    assert rows[r1[0].players[1]].points == 2 and rows[r1[0].players[0]].points == 0


@pytest.mark.parametrize("fmt", ["championship", "table_elimination"])
def test_correction_of_an_earlier_round_re_pairs_the_later_rounds(fmt: str) -> None:
    extra = {"advance_top_k": 2} if fmt == "table_elimination" else {}
    sim = Sim(13, format=fmt, table_size=4, max_players=4, **extra)
    sim.do(c.StartTournament())
    rng = Rng("c", 1)
    for t in sim.state.rounds[0].tables:
        sim.do(c.RecordResult(table_id=t.table_id, placements=sim.random_placements(t, rng)))
    second = sim.state.rounds[1]
    first_open = second.tables[0]
    sim.do(
        c.RecordResult(
            table_id=first_open.table_id, placements=sim.random_placements(first_open, rng)
        )
    )
    t = next(t for t in sim.state.rounds[0].tables if len(t.players) == 4)
    # A score-only correction changes nothing else.
    rescored = tuple(msgspec.structs.replace(p, score=p.score + 1) for p in t.placements)
    assert [
        type(ev) for ev in sim.do(c.CorrectResult(table_id=t.table_id, placements=rescored))
    ] == [e.ResultCorrected]
    # Swapping places across the cut changes who went through: round 2 is re-paired.
    cut = 2 if fmt == "table_elimination" else 1
    swap = {cut: cut + 1, cut + 1: cut}
    swapped = tuple(
        Placement(player_id=p.player_id, place=swap.get(p.place, p.place)) for p in t.placements
    )
    events = sim.do(c.CorrectResult(table_id=t.table_id, placements=swapped))
    voided = {ev.table_id for ev in events if isinstance(ev, e.TableVoided)}
    assert voided == {x.table_id for x in second.tables}
    started = [ev for ev in events if isinstance(ev, e.RoundStarted)]
    assert [ev.round for ev in started] == [3]
    new_winner = next(p.player_id for p in swapped if p.place == cut)
    old_winner = next(p.player_id for p in t.placements if p.place == cut)
    seated = {p for table in started[0].tables for p in table.players}
    assert new_winner in seated
    if fmt == "table_elimination":
        assert old_winner not in seated
    sim.play(rng)
    assert sim.state.status == "finished"
    check_replay_and_round_trip(sim)


# --- withdrawals ---------------------------------------------------------------------------


def test_withdrawn_player_plays_no_further_swiss_rounds() -> None:
    sim = Sim(6, format="swiss", rounds=3)
    sim.do(c.StartTournament())
    sim.do(c.WithdrawPlayer(player_id=3))
    # Still seated in round 1: the organiser resolves that table.
    t = TOURNAMENT.current_table(sim.state, 3)
    assert t is not None
    other = next(p for p in t.players if p != 3)
    sim.do(
        c.ResolveTable(
            table_id=t.table_id,
            placements=(Placement(player_id=other, place=1), Placement(player_id=3, place=2)),
            reason="player 3 withdrew",
        )
    )
    assert any(isinstance(ev, e.TableResolved) for ev in sim.events)
    sim.play(Rng("w", 1))
    for r in sim.state.rounds[1:]:
        assert all(3 not in t.players for t in r.tables)
        assert sum(len(t.players) for t in r.tables) == 5  # four play, one bye
    row = next(r for r in sim.state.ranking if r.player_id == 3)
    assert row.status == "withdrawn"


def test_withdrawal_before_start_and_in_a_bracket_gives_walkovers() -> None:
    sim = Sim(5, format="single_elimination")
    sim.do(c.WithdrawPlayer(player_id=5))
    sim.do(c.StartTournament())
    assert sim.state.seeding == (1, 2, 3, 4)
    _win(sim, _table(sim, "W1-1").table_id, 1)  # 1 v 4
    sim.do(c.WithdrawPlayer(player_id=3))  # 2 v 3 is live: resolved by the organiser
    t = _table(sim, "W1-2")
    sim.do(
        c.ResolveTable(
            table_id=t.table_id,
            placements=(Placement(player_id=2, place=1), Placement(player_id=3, place=2)),
            reason="withdrew",
        )
    )
    final = _table(sim, "W2-1")
    sim.do(c.WithdrawPlayer(player_id=2))
    with pytest.raises(DomainError):
        sim.do(c.WithdrawPlayer(player_id=2))
    # The final was already open; the organiser gives it to 1.
    sim.do(
        c.ResolveTable(
            table_id=final.table_id,
            placements=(Placement(player_id=1, place=1), Placement(player_id=2, place=2)),
            reason="withdrew",
        )
    )
    assert sim.state.status == "finished" and sim.state.ranking[0].player_id == 1


def test_withdrawn_player_in_a_bracket_is_a_walkover_for_the_next_opponent() -> None:
    sim = Sim(4, format="single_elimination")
    sim.do(c.StartTournament())
    _win(sim, _table(sim, "W1-1").table_id, 1)
    sim.do(c.WithdrawPlayer(player_id=1))
    _win(sim, _table(sim, "W1-2").table_id, 2)
    assert sim.state.status == "finished"
    final = sim.state.rounds[-1].tables
    assert final[0].bye and final[0].players == (2,)
    assert sim.state.ranking[0].player_id == 2


# --- standings and tie-breaks --------------------------------------------------------------


def _state_from(tables_by_round, results, **config):
    sim = Sim(4, format="swiss", rounds=5, **config)
    events = [
        e.TournamentStarted(seeding=(1, 2, 3, 4)),
    ]
    for number, tables in enumerate(tables_by_round, start=1):
        events.append(
            e.RoundStarted(
                round=number,
                tables=tuple(
                    e.Table(table_id=f"r{number}t{i + 1}", players=players)
                    for i, players in enumerate(tables)
                ),
            )
        )
        for i, placements in enumerate(results[number - 1]):
            events.append(
                e.ResultRecorded(
                    table_id=f"r{number}t{i + 1}",
                    placements=tuple(
                        Placement(player_id=p, place=place, score=score)
                        for p, place, score in placements
                    ),
                )
            )
    state = sim.state
    for ev in events:
        state = TOURNAMENT.evolve(state, ev)
    return state


def test_points_then_buchholz_then_game_points() -> None:
    state = _state_from(
        [((1, 2), (3, 4)), ((1, 3), (2, 4))],
        [
            [((1, 1, 10), (2, 2, 5)), ((3, 1, 7), (4, 1, 7))],
            [((3, 1, 9), (1, 2, 3)), ((2, 1, 8), (4, 2, 1))],
        ],
    )
    rows = {r.player_id: r for r in TOURNAMENT.standings(state)}
    assert [r.player_id for r in TOURNAMENT.standings(state)] == [3, 1, 2, 4]
    assert rows[3].points == 3 and rows[1].points == 2 and rows[2].points == 2
    assert rows[1].tiebreaks == (5, 13)  # Buchholz: 2 (2) + 3 (3); game points 13
    assert rows[2].tiebreaks == (3, 13)
    assert rows[3].draws == 1 and rows[4].draws == 1


def test_game_points_break_a_buchholz_tie_and_full_ties_share_a_place() -> None:
    state = _state_from(
        [((1, 2), (3, 4))],
        [[((1, 1, 10), (2, 2, 5)), ((3, 1, 7), (4, 2, 5))]],
    )
    rows = TOURNAMENT.standings(state)
    assert [r.player_id for r in rows] == [1, 3, 2, 4]
    assert [r.place for r in rows] == [1, 2, 3, 3]
    state = _state_from(
        [((1, 2), (3, 4))],
        [[((1, 1, 10), (2, 2, 5)), ((3, 1, 7), (4, 2, 5))]],
        tiebreaks=("opponent_scores",),
    )
    rows = TOURNAMENT.standings(state)
    assert [(r.player_id, r.tiebreaks) for r in rows] == [
        (1, (5,)),
        (3, (5,)),
        (2, (10,)),
        (4, (7,)),
    ]
    assert [r.place for r in rows] == [1, 1, 3, 4]


def test_placement_points_at_tables_of_four_and_three() -> None:
    sim = Sim(
        7, format="swiss", table_size=4, max_players=4, rounds=1, placement_points=(4, 2, 1, 0)
    )
    sim.do(c.StartTournament())
    tables = sim.state.rounds[0].tables
    assert sorted(len(t.players) for t in tables) == [3, 4]
    for t in tables:
        sim.do(
            c.RecordResult(
                table_id=t.table_id,
                placements=tuple(
                    Placement(player_id=p, place=i + 1) for i, p in enumerate(t.players)
                ),
            )
        )
    points = {}
    for t in tables:
        for i, p in enumerate(t.players):
            points[p] = ([4, 2, 1, 0] if len(t.players) == 4 else [4, 2, 0])[i]
    assert {r.player_id: r.points for r in sim.state.ranking} == points


# --- duplicate seeds, view, validation ------------------------------------------------------


def test_duplicate_mode_gives_every_table_of_a_round_the_same_drawn_seed() -> None:
    sim = Sim(8, format="swiss", rounds=3, duplicate=True)
    sim.do(c.StartTournament())
    sim.play(Rng("d", 1))
    seeds_by_round = [{t.seed for t in r.tables if not t.bye} for r in sim.state.rounds]
    assert all(len(s) == 1 and "" not in s for s in seeds_by_round)
    assert len(set.union(*seeds_by_round)) == 3
    # The seed is the games' secret: public only once the round is over.
    sim = Sim(8, format="swiss", rounds=3, duplicate=True)
    sim.do(c.StartTournament())
    assert sim.state.rounds[0].tables[0].seed
    assert all(t.seed == "" for t in TOURNAMENT.view(sim.state).rounds[0].tables)
    started = next(ev for ev in sim.events if isinstance(ev, e.RoundStarted))
    assert all(t.seed == "" for t in TOURNAMENT.redact(started).tables)
    for t in sim.open_tables():
        _win(sim, t.table_id, t.players[0])
    assert TOURNAMENT.view(sim.state).rounds[0].tables[0].seed


def test_random_seeding_is_drawn_with_the_rng_and_recorded() -> None:
    a = Sim(16, format="single_elimination", seeding="random", seed="one")
    b = Sim(16, format="single_elimination", seeding="random", seed="two")
    a.do(c.StartTournament())
    b.do(c.StartTournament())
    assert sorted(a.state.seeding) == list(range(1, 17))
    assert a.state.seeding != b.state.seeding
    started = next(ev for ev in a.events if isinstance(ev, e.TournamentStarted))
    assert started.seeding == a.state.seeding


def test_view_shows_each_player_their_current_table_and_game() -> None:
    sim = Sim(5, format="swiss", rounds=2)
    sim.do(c.StartTournament())
    view = TOURNAMENT.view(sim.state)
    assert len(view.awaiting_game) == 2
    table_id = view.awaiting_game[0]
    sim.do(c.AttachGame(table_id=table_id, game_id="game-42"))
    view = TOURNAMENT.view(sim.state)
    table = next(t for t in view.rounds[0].tables if t.table_id == table_id)
    for pid in table.players:
        pv = view.players[pid - 1]
        assert pv.current_table == table_id and pv.current_game == "game-42"
    bye = next(t for t in view.rounds[0].tables if t.bye)
    assert view.players[bye.players[0] - 1].current_table is None
    with pytest.raises(DomainError) as err:
        sim.do(c.AttachGame(table_id=table_id, game_id="other"))
    assert err.value.code == "tournament/game_already_attached"


@pytest.mark.parametrize(
    ("config", "code"),
    [
        (dict(format="knockout"), "tournament/unknown_format"),
        (dict(format="swiss", name=" "), "tournament/invalid_name"),
        (dict(format="swiss", game_options_json="[1]"), "tournament/invalid_game_options"),
        (dict(format="swiss", game_options_json="{"), "tournament/invalid_game_options"),
        (dict(format="swiss", table_size=5, max_players=4), "tournament/invalid_table_size"),
        (
            dict(format="single_elimination", table_size=3, max_players=4),
            "tournament/head_to_head_only",
        ),
        (dict(format="swiss", placement_points=(1, 2)), "tournament/invalid_placement_points"),
        (
            dict(format="championship", lives=0, table_size=4, max_players=4),
            "tournament/invalid_lives",
        ),
        (
            dict(format="table_elimination", table_size=4, max_players=4, advance_top_k=4),
            "tournament/invalid_advance_top_k",
        ),
        (dict(format="swiss", seeding="alphabetical"), "tournament/invalid_seeding"),
        (dict(format="swiss", tiebreaks=("buchholz", "buchholz")), "tournament/invalid_tiebreaks"),
        (dict(format="swiss", rounds=-1), "tournament/invalid_rounds"),
        (dict(format="single_elimination", rounds=3), "tournament/rounds_not_applicable"),
        (
            dict(format="championship", rounds=2, table_size=4, max_players=4),
            "tournament/rounds_not_applicable",
        ),
        (dict(format="swiss", min_players=3, max_players=2), "tournament/invalid_player_range"),
    ],
)
def test_invalid_configurations_are_refused(config: dict, code: str) -> None:
    with pytest.raises(DomainError) as err:
        Sim(0, **config)
    assert err.value.code == code


def test_command_errors() -> None:
    sim = Sim(3, format="swiss")
    with pytest.raises(DomainError) as err:
        sim.do(c.CreateTournament(name="again", game="toy", format="swiss"))
    assert err.value.code == "tournament/already_created"
    with pytest.raises(DomainError) as err:
        sim.do(c.RegisterPlayer(name="P1"))
    assert err.value.code == "tournament/duplicate_name"
    with pytest.raises(DomainError) as err:
        sim.do(c.RecordResult(table_id="r1t1", placements=()))
    assert err.value.code == "tournament/not_started"
    sim.do(c.StartTournament())
    with pytest.raises(DomainError) as err:
        sim.do(c.RegisterPlayer(name="late"))
    assert err.value.code == "tournament/registration_closed"
    t = sim.open_tables()[0]
    a, b = t.players
    for placements, code in [
        ((Placement(player_id=a, place=1),), "tournament/placements_mismatch"),
        (
            (Placement(player_id=a, place=1), Placement(player_id=b, place=3)),
            "tournament/invalid_places",
        ),
        (
            (Placement(player_id=a, place=2), Placement(player_id=b, place=2)),
            "tournament/invalid_places",
        ),
    ]:
        with pytest.raises(DomainError) as err:
            sim.do(c.RecordResult(table_id=t.table_id, placements=placements))
        assert err.value.code == code
    with pytest.raises(DomainError) as err:
        sim.do(c.RecordResult(table_id="nope", placements=()))
    assert err.value.code == "tournament/unknown_table"
    bye = next(t for t in sim.state.rounds[0].tables if t.bye)
    with pytest.raises(DomainError) as err:
        sim.do(c.RecordResult(table_id=bye.table_id, placements=()))
    assert err.value.code == "tournament/bye_table"
    with pytest.raises(DomainError) as err:
        sim.do(c.CorrectResult(table_id=t.table_id, placements=()))
    assert err.value.code == "tournament/no_result"
    draw = (Placement(player_id=a, place=1), Placement(player_id=b, place=1))
    sim.do(c.RecordResult(table_id=t.table_id, placements=draw, source="manual"))
    with pytest.raises(DomainError) as err:
        sim.do(c.RecordResult(table_id=t.table_id, placements=draw))
    assert err.value.code == "tournament/result_already_recorded"


def test_not_enough_players_and_elimination_draws() -> None:
    sim = Sim(1, format="swiss")
    with pytest.raises(DomainError) as err:
        sim.do(c.StartTournament())
    assert err.value.code == "tournament/not_enough_players"
    sim = Sim(2, format="single_elimination")
    sim.do(c.StartTournament())
    t = sim.open_tables()[0]
    with pytest.raises(DomainError) as err:
        sim.do(
            c.RecordResult(
                table_id=t.table_id,
                placements=tuple(Placement(player_id=p, place=1) for p in t.players),
            )
        )
    assert err.value.code == "tournament/tie_at_cut"


def test_commands_round_trip_through_json() -> None:
    decoder = msgspec.json.Decoder(TournamentCommand)
    for command in [
        c.CreateTournament(name="x", game="splendor", format="championship", table_size=4),
        c.RegisterPlayer(name="A", rating=1500),
        c.WithdrawPlayer(player_id=2),
        c.StartTournament(),
        c.AttachGame(table_id="r1t1", game_id="g1"),
        c.RecordResult(table_id="r1t1", placements=(Placement(player_id=1, place=1, score=3),)),
        c.CorrectResult(table_id="r1t1", placements=(), reason="typo"),
        c.ResolveTable(table_id="r1t1", placements=(), reason="left"),
    ]:
        assert decoder.decode(msgspec.json.encode(command)) == command
    with pytest.raises(msgspec.ValidationError):
        decoder.decode(b'{"type": "tournament.start", "extra": 1}')


@settings(max_examples=15, deadline=None)
@pytest.mark.parametrize("fmt", ["championship", "table_elimination", "swiss", "round_robin"])
@given(n=st.integers(3, 20), seed=seeds)
def test_a_three_player_only_game_never_gets_a_smaller_table(fmt: str, n: int, seed: str) -> None:
    # Three Kingdoms Redux seats exactly three: leftovers get byes, and a final short of
    # players is topped up with the best eliminated ones.
    sim = Sim(n, format=fmt, table_size=3, min_players=3, max_players=3, seed=seed)
    sim.do(c.StartTournament())
    sim.play(Rng(seed, 2))
    for r in sim.state.rounds:
        for t in r.tables:
            assert t.bye or len(t.players) == 3
    assert sim.state.ranking[0].status == "champion"
    check_replay_and_round_trip(sim)


def test_placements_from_a_game_result_map_seats_to_players() -> None:
    from domain._kernel import Result, rank

    result = Result(ranking=rank([(0, 10, ()), (1, 15, ()), (2, 10, ())]))
    placements = TOURNAMENT.placements_from_result((7, 3, 5), result)
    assert sorted((p.player_id, p.place, p.score) for p in placements) == [
        (3, 1, 15),
        (5, 2, 10),
        (7, 2, 10),
    ]
