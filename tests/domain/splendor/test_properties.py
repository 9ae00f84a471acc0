"""Properties over random legal playouts: nothing is ever created or lost."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain._kernel import playout, start
from domain.splendor import SplendorOptions
from domain.splendor.data import GEMS_BY_PLAYERS, GOLD_TOKENS, MAX_TOKENS

from .support import SPEC

seeds = st.text(alphabet="0123456789abcdef", min_size=4, max_size=12)


def check_conservation(state) -> None:
    players = state.players
    totals = (GEMS_BY_PLAYERS[players],) * 5 + (GOLD_TOKENS,)
    for kind, total in enumerate(totals):
        held = [s.tokens[kind] for s in state.seats]
        assert min([state.supply[kind], *held]) >= 0
        assert state.supply[kind] + sum(held) == total
    assert sum(totals) == {2: 25, 3: 30, 4: 40}[players]
    cards = [c for deck in state.decks for c in deck]
    cards += [c for row in state.board for c in row if c is not None]
    for s in state.seats:
        cards += [*s.cards, *(r.card for r in s.reserved)]
        assert len(s.reserved) <= 3
    assert sorted(cards) == list(range(1, 91))
    nobles = [*state.nobles, *(n for s in state.seats for n in s.nobles)]
    assert len(nobles) == len(set(nobles)) == players + 1


def run(players: int, seed: str, tie_breaks: str):
    setup = SPEC.new_setup(players, SplendorOptions(tie_breaks=tie_breaks))
    initial, _ = start(SPEC, setup, seed)
    check_conservation(initial)

    def on_step(state, seat, command, events) -> None:
        for other in range(players):
            legal = SPEC.legal_commands(state, other)
            assert bool(legal) == (other in SPEC.to_act(state)), "only the seat to act has moves"
        for event in events:
            state = SPEC.evolve(state, event)
            check_conservation(state)
        if state.phase == "action":
            assert all(sum(s.tokens) <= MAX_TOKENS for s in state.seats), "turn ended above ten"

    return playout(SPEC, setup, seed, on_step=on_step)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("tie_breaks", ["official", "tournament"])
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=seeds)
def test_tokens_and_cards_are_conserved_after_every_event(
    players: int, tie_breaks: str, seed: str
) -> None:
    final, _ = run(players, seed, tie_breaks)
    result = SPEC.result(final)
    assert result is not None
    if final.end_reason == "points":
        assert final.turns % players == 0, "everyone has had the same number of turns"
        assert max(s.points for s in final.seats) >= 15
    if tie_breaks == "tournament":
        assert sorted(s.place for s in result.ranking) == list(range(1, players + 1))
        assert all(len(s.tiebreak) == 4 for s in result.ranking)
    else:
        assert all(len(s.tiebreak) == 1 for s in result.ranking)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shared_contract_also_holds_with_tournament_tie_breaks(players: int) -> None:
    from domain.testing import Checker

    setup = SPEC.new_setup(players, SplendorOptions(tie_breaks="tournament"))
    checker = Checker(SPEC, players, "tournament-seed", deep_every=3)
    final, _ = playout(SPEC, setup, "tournament-seed", on_step=checker)
    assert SPEC.result(final) is not None
    assert checker.steps > 20


def test_a_random_playout_takes_well_under_a_second() -> None:
    import time

    began = time.perf_counter()
    run(4, "timing", "official")
    assert time.perf_counter() - began < 1.0
