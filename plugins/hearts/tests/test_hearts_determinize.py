"""The determinizer (RULES.md, "Hidden information"): a whole state drawn from one seat's view,
for the service's ``mcts`` bot. Every sample is a state of the game that gives the seat
exactly its view and keeps every fact it knows; what it draws depends on the view alone."""

from __future__ import annotations

from collections import Counter

import msgspec
from hearts import SPEC
from hearts.data import deck_for
from hearts_support import dealt, given, pass_, play

from domain import Rng, playout

HANDS = ("2C 3C 4C", "AH KH QH", "AS KS QS", "AD KD QD")


def _sample(state, seat: int, n: int = 0):
    return SPEC.determinize(SPEC.view(state, seat), seat, Rng("det", n, str(seat)))


def _cards_in_play(state) -> Counter:
    """Every card once: in a hand, in a pass not yet exchanged, or played this hand."""
    cards = Counter(c for s in state.seats for c in s.hand)
    if state.phase == "passing":
        cards.update(c for s in state.seats for c in s.passed)
    cards.update(p.card for t in state.tricks for p in t.plays)
    cards.update(p.card for p in state.trick)
    return cards


def test_samples_over_random_games_are_whole_states_with_exactly_the_view() -> None:
    """At decisions of random games of 3, 4 and 5 and every option set, for every seat: the
    sample's view is the seat's, each card of the pack is in it once, the passes agree with
    what each receiver got, and the seat's legal commands are the true ones."""
    checked = 0
    for players in (3, 4, 5):
        for v, options in enumerate((SPEC.options_type(), *SPEC.variants)):

            def check(state, _seat, _command, _events, players=players) -> None:
                nonlocal checked
                checked += 1
                if checked % 3:
                    return
                for seat in range(players):
                    sample = _sample(state, seat, checked)
                    assert SPEC.view(sample, seat) == SPEC.view(state, seat)
                    deck = Counter(deck_for(players))
                    assert _cards_in_play(sample) == deck, (state.phase, seat)
                    if sample.phase == "playing" and sample.direction != "hold":
                        for s in sample.seats:
                            assert sample.seats[s.passed_to].received == s.passed
                    legal = SPEC.legal_commands(state, seat)
                    assert SPEC.legal_commands(sample, seat) == legal

            setup = SPEC.new_setup(players, options)
            playout(SPEC, setup, f"det-{players}-{v}", on_step=check)
    assert checked > 1500


def test_a_finished_game_and_one_not_dealt_are_sampled_with_their_views() -> None:
    for players in (3, 4, 5):
        setup = SPEC.new_setup(players)
        final, _ = playout(SPEC, setup, f"over-{players}")
        for state in (SPEC.initial_state(setup), final):
            for seat in range(players):
                sample = _sample(state, seat)
                assert SPEC.view(sample, seat) == SPEC.view(state, seat)
        for s in sample.seats:  # the last hand's passes agree, the seat's included
            assert s.passed_to is None or sample.seats[s.passed_to].received == s.passed


def test_the_cards_a_seat_passed_stay_with_their_receiver() -> None:
    state = given(*dealt(*HANDS, direction="left"))
    for seat, cards in enumerate(HANDS):
        state, _ = pass_(state, seat, cards)
    for n in range(20):
        sample = _sample(state, 0, n)
        assert {"2C", "3C", "4C"} <= set(sample.seats[1].hand)
        assert sample.seats[3].passed == state.seats[3].passed  # what seat 0 received
        assert sample.seats[1].received == ("2C", "3C", "4C")


def test_voids_shown_by_not_following_suit_are_kept() -> None:
    leads = ("2C 3C 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D", "4C 5C 6C 7C 8C 9C TC JC QC KC AC 8H 9H")
    state, _ = play(given(*dealt(*leads)), "2C", "4C", "7D", "AS")
    for n in range(20):
        sample = _sample(state, 0, n)
        for seat in (2, 3):
            assert not any(card[1] == "C" for card in sample.seats[seat].hand)


def test_the_leader_of_the_first_trick_holds_the_lowest_club() -> None:
    state = given(*dealt("AH", "2C"))  # a hold hand: seat 1 leads
    assert state.current == 1
    for n in range(20):
        assert "2C" in _sample(state, 0, n).seats[1].hand


def test_a_sample_depends_on_the_view_alone_and_varies_with_the_seed() -> None:
    state = given(*dealt(*HANDS, direction="hold"))
    twin = SPEC.resample_hidden(state, 0, Rng("twin", 0))
    assert twin.seats[2].hand != state.seats[2].hand
    enc = msgspec.msgpack.encode
    assert enc(_sample(state, 0)) == enc(_sample(twin, 0))
    assert _sample(state, 0, 1).seats[2].hand != _sample(state, 0, 2).seats[2].hand
