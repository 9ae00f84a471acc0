"""Hidden information (hands, decks) and random playouts of whole games."""

from __future__ import annotations

import time

import msgspec

from domain._kernel import Rng, fold, playout, start
from domain.three_kingdoms import SPEC
from domain.three_kingdoms.events import DevelopmentDrawn, GameSetUp

from .support import SHU, WEI, WU, new_game


def test_hands_are_private_and_their_deck_counts_public():
    state = new_game()
    view = SPEC.view(state, WEI)
    assert view.players[WEI].hand == tuple(sorted(state.players[WEI].hand))
    assert view.players[WU].hand is None and view.players[SHU].hand is None
    assert view.players[WU].hand_unification == 1 and view.players[WU].hand_separation == 1
    assert SPEC.view(state, None).players[WEI].hand is None


def test_set_up_event_is_redacted_for_other_seats():
    _, events = start(SPEC, SPEC.new_setup(3), "x")
    setup = next(e for e in events if isinstance(e, GameSetUp))
    seen = SPEC.redact(setup, WU)
    assert seen.players[WU].hand == setup.players[WU].hand
    assert set(seen.players[WEI].hand) == {""}
    assert set(seen.unification) == {""} and set(seen.general_decks[0]) == {""}


def test_drawn_card_is_hidden_from_others():
    event = DevelopmentDrawn(seat=SHU, deck="unification", card="abacus")
    assert SPEC.redact(event, WEI).card == ""
    assert SPEC.redact(event, None).card == ""
    assert SPEC.redact(event, SHU).card == "abacus"


def test_resampling_hidden_information_changes_decks_but_not_the_view():
    state = new_game()
    other = SPEC.resample_hidden(state, WEI, Rng("r", 0))
    assert SPEC.view(other, WEI) == SPEC.view(state, WEI)
    assert other.players[WEI].hand == state.players[WEI].hand
    assert (other.unification, other.separation, other.general_decks) != (
        state.unification,
        state.separation,
        state.general_decks,
    )


def test_random_playouts_end_with_a_full_ranking_and_replay_identically():
    setup = SPEC.new_setup(3)
    reasons = set()
    for seed in ("a1", "b2", "c3", "d4", "e5", "f6"):
        final, events = playout(SPEC, setup, seed)
        result = SPEC.result(final)
        assert sorted(s.seat for s in result.ranking) == [0, 1, 2]
        stored = [msgspec.json.decode(msgspec.json.encode(e), type=SPEC.event_type) for e in events]
        assert msgspec.msgpack.encode(fold(SPEC, setup, stored)) == msgspec.msgpack.encode(final)
        reasons.add(final.ended)
    assert reasons <= {"last_round", "development", "emperor", "fifth_general"}


def test_a_random_playout_of_12_rounds_is_fast():
    setup = SPEC.new_setup(3)
    began = time.perf_counter()
    for seed in range(10):
        final, _ = playout(SPEC, setup, f"speed{seed}")
        assert final.phase == "over"
    assert (time.perf_counter() - began) / 10 < 0.5


def test_view_lists_generals_in_play_with_current_stats_and_only_visible_cards():
    from msgspec.structs import replace

    from .support import with_player

    state = with_player(new_game(), WU, generals=("sun_jian", "lu_meng"))
    lu_meng = next(g for g in SPEC.view(state, WEI).generals if g.id == "lu_meng")
    assert lu_meng.administration == 2
    lu_meng = next(g for g in SPEC.view(replace(state, round=4), WEI).generals if g.id == "lu_meng")
    assert lu_meng.administration == 4
    own = {c.id for c in SPEC.view(state, WEI).developments}
    assert own == set(state.players[WEI].hand)
    assert {c.id for c in SPEC.view(state, None).developments} == set()
