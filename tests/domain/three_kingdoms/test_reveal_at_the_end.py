"""At the end of the game everything hidden about the kingdoms is public: the hands of
state-development cards (and the deficit-token values) in the views and in the final event."""

from __future__ import annotations

from msgspec.structs import replace

from domain._kernel import Rng, playout
from domain.three_kingdoms import SPEC
from domain.three_kingdoms.events import DevelopmentDrawn, GameEnded

from .support import SHU, WEI, WU, bidding, new_game, of_type, pass_all, with_player

VIEWERS = (None, WEI, WU, SHU)


def finished():
    state = with_player(replace(new_game(), round=12), WU, hand=("abacus", "irrigation"))
    state, events = pass_all(bidding(state))
    assert state.phase == "over"
    return state, of_type(events, GameEnded)[0]


def test_the_final_event_reveals_every_hand_of_state_developments():
    state, ended = finished()
    assert ended.hands == tuple(p.hand for p in state.players)
    assert ended.hands[WU] == ("abacus", "irrigation")
    for viewer in VIEWERS:
        assert SPEC.redact(ended, viewer) == ended


def test_the_view_after_the_end_shows_every_hand_to_everyone():
    state, _ = finished()
    for viewer in VIEWERS:
        seen = SPEC.view(state, viewer)
        assert [p.hand for p in seen.players] == [tuple(sorted(p.hand)) for p in state.players]
        cards = {c.id for c in seen.developments}
        assert {c for p in state.players for c in p.hand} <= cards


def test_hands_stay_hidden_until_the_end():
    state = with_player(replace(new_game(), round=11), WU, hand=("abacus",))
    state, _ = pass_all(bidding(state))
    assert state.phase != "over"
    assert SPEC.view(state, WEI).players[WU].hand is None
    assert SPEC.view(state, None).players[WU].hand is None
    assert SPEC.redact(DevelopmentDrawn(seat=WU, deck="separation", card="abacus"), WEI).card == ""


def test_after_the_end_resampling_keeps_the_revealed_hands():
    state, _ = finished()
    for viewer in VIEWERS:
        other = SPEC.resample_hidden(state, viewer, Rng("after", 0))
        assert [p.hand for p in other.players] == [p.hand for p in state.players]
        assert SPEC.view(other, viewer) == SPEC.view(state, viewer)


def test_a_played_out_game_ends_with_every_hand_in_every_view():
    final, events = playout(SPEC, SPEC.new_setup(3), "reveal")
    ended = of_type(events, GameEnded)[0]
    for viewer in VIEWERS:
        hands = [p.hand for p in SPEC.view(final, viewer).players]
        assert hands == [tuple(sorted(h)) for h in ended.hands]
