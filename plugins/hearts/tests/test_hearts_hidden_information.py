"""What each viewer sees (RULES.md, "Hidden information"): views, redacted events and the
re-drawing of hidden cards."""

from __future__ import annotations

from hearts import SPEC
from hearts.events import CardsPassed, HandDealt, PassCompleted
from hearts_support import dealt, given, pass_, play

from domain import Rng, playout

HANDS = ("2C 3C 4C", "AH KH QH", "AS KS QS", "AD KD QD")


def _passed_left() -> tuple:
    state = given(*dealt(*HANDS, direction="left"))
    log = []
    for seat, cards in enumerate(HANDS):
        state, events = pass_(state, seat, cards)
        log.extend(events)
    return state, log


def test_a_seat_sees_its_own_hand_and_never_another() -> None:
    state = given(*dealt(*HANDS, direction="left"))
    view = SPEC.view(state, 1)
    assert view.hand == state.seats[1].hand
    assert [s.cards_in_hand for s in view.seats] == [13] * 4
    encoded = repr(SPEC.view(state, 1))
    assert not any(card in encoded for card in state.seats[0].hand)


def test_a_spectator_sees_no_hand() -> None:
    state = given(*dealt(*HANDS, direction="left"))
    view = SPEC.view(state, None)
    assert view.hand is None and view.passed == () and view.received == ()
    encoded = repr(view)
    assert not any(card in encoded for s in state.seats for card in s.hand)


def test_a_seat_sees_the_cards_it_passed_at_once_and_received_after_the_exchange() -> None:
    state = given(*dealt(*HANDS, direction="left"))
    state, _ = pass_(state, 0, HANDS[0])
    mine = SPEC.view(state, 0)
    assert mine.passed == ("2C", "3C", "4C") and mine.passed_to == 1
    assert SPEC.view(state, 1).received == () and SPEC.view(state, 1).seats[0].has_passed
    state, _ = _passed_left()
    assert SPEC.view(state, 1).received == ("2C", "3C", "4C")
    assert SPEC.view(state, 1).received_from == 0
    assert SPEC.view(state, 0).received == ("QD", "KD", "AD")


def test_the_deal_and_the_pass_are_redacted_for_other_viewers() -> None:
    _, log = _passed_left()
    deal = dealt(*HANDS, direction="left")[0]
    for viewer in (None, 0, 1, 2, 3):
        seen = SPEC.redact(deal, viewer)
        assert isinstance(seen, HandDealt)
        assert [bool(h) for h in seen.hands] == [seat == viewer for seat in range(4)]
    passed = next(e for e in log if isinstance(e, CardsPassed) and e.seat == 0)
    assert SPEC.redact(passed, 0) == passed
    assert SPEC.redact(passed, 1).cards == () and SPEC.redact(passed, None).cards == ()
    completed = next(e for e in log if isinstance(e, PassCompleted))
    assert SPEC.redact(completed, 1).received == ((), ("2C", "3C", "4C"), (), ())
    assert SPEC.redact(completed, None).received == ((), (), (), ())


def test_resampling_keeps_the_view_and_redeals_other_hands() -> None:
    state, _ = _passed_left()
    for viewer in (None, 0, 1, 2, 3):
        other = SPEC.resample_hidden(state, viewer, Rng("r", 0))
        assert SPEC.view(other, viewer) == SPEC.view(state, viewer)
    other = SPEC.resample_hidden(state, 0, Rng("r", 0))
    assert other.seats[0] == state.seats[0]
    assert other.seats[2].hand != state.seats[2].hand


def test_resampling_keeps_the_cards_the_viewer_passed_with_their_receiver() -> None:
    state, _ = _passed_left()
    for n in range(20):
        other = SPEC.resample_hidden(state, 0, Rng("r", n))
        assert {"2C", "3C", "4C"} <= set(other.seats[1].hand)


def test_resampling_respects_voids_shown_by_not_following_suit() -> None:
    leads = ("2C 3C 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D", "4C 5C 6C 7C 8C 9C TC JC QC KC AC 8H 9H")
    state, _ = play(given(*dealt(*leads)), "2C", "4C", "7D", "AS")
    # Seats 2 and 3 showed they hold no club; seat 0 saw it and holds 3C itself.
    for n in range(20):
        other = SPEC.resample_hidden(state, 0, Rng("r", n))
        for seat in (2, 3):
            assert not any(card[1] == "C" for card in other.seats[seat].hand)
        assert SPEC.view(other, 0) == SPEC.view(state, 0)


def test_resampling_before_the_exchange_hides_the_others_pending_passes() -> None:
    state = given(*dealt(*HANDS, direction="left"))
    state, _ = pass_(state, 2, HANDS[2])
    other = SPEC.resample_hidden(state, 0, Rng("r", 3))
    assert other.seats[2].passed != state.seats[2].passed
    assert len(other.seats[2].passed) == 3 and len(other.seats[2].hand) == 10
    assert SPEC.view(other, 0) == SPEC.view(state, 0)


def test_resampling_over_random_games_keeps_every_fact_a_viewer_knows() -> None:
    """At every decision of random games: the re-drawn state has the same cards in play, the
    viewer's view, its passed cards with their receiver until played, and every seat void in
    a suit it did not follow."""
    checked = 0
    for players in (3, 4, 5):

        def check(state, seat, command, events, players=players) -> None:
            nonlocal checked
            if state.phase != "playing":
                return
            checked += 1
            for viewer in (None, *range(players)):
                other = SPEC.resample_hidden(state, viewer, Rng(f"v{viewer}", checked))
                assert SPEC.view(other, viewer) == SPEC.view(state, viewer)
                assert sorted(c for s in other.seats for c in s.hand) == sorted(
                    c for s in state.seats for c in s.hand
                )
                if viewer is not None and state.seats[viewer].passed_to is not None:
                    me = state.seats[viewer]
                    kept = set(me.passed) & set(state.seats[me.passed_to].hand)
                    assert kept <= set(other.seats[me.passed_to].hand)
                for trick in (*(t.plays for t in state.tricks), state.trick):
                    for follow in trick[1:]:
                        if follow.card[1] != trick[0].card[1] and follow.seat != viewer:
                            assert all(
                                c[1] != trick[0].card[1] for c in other.seats[follow.seat].hand
                            )

        playout(SPEC, SPEC.new_setup(players), f"resample-{players}", on_step=check)
    assert checked > 300
