"""Stalemate (RULES.md, "End of game"): a full board that no castle can use ends the game.

When every price slot holds a room that no seat can place and no seat can place any stairs or
hallway left, a full board reveals nothing, the deck never moves and the last round never
comes; the game then ends at the end of that round and is scored as usual. Anything that could
still change the board, a castle or the deck keeps the game going."""

import random

import msgspec

from domain._kernel import Rng, decide, fold, start
from domain.castles import SPEC, data
from domain.castles.commands import Pass
from domain.castles.events import GameEnded, RoundEnded, TilesRevealed
from domain.castles.rules.placement import any_placement, castle_of

from .helpers import at_buying, buying_events, grow, of_type, then_state, when

DOWNSTAIRS = (13, 14, 15, 58, 66)
"""Downstairs rooms: placeable only from the dark end of a stairs, so never from a foyer."""


def _everyone_passes(state):
    events = []
    for seat in (1, 0):
        out = when(state, seat, Pass())
        events += out
        state = then_state(state, out)
    return state, events


def test_stalemate_a_full_board_no_castle_can_use_ends_the_game_and_is_scored():
    state = at_buying(2, board=DOWNSTAIRS, stairs=0, hallways=0)
    state, events = _everyone_passes(state)
    assert of_type(events, RoundEnded)
    ended = of_type(events, GameEnded)
    assert len(ended) == 1 and ended[0].reason == "stalemate"
    assert state.phase == "over" and SPEC.to_act(state) == ()
    assert state.end_reason == "stalemate"
    result = SPEC.result(state)
    assert result is not None and result.summary.startswith("stalemate")
    assert [s.seat for s in result.ranking] == [1, 0]
    # Scored as usual: start positions 0 and 1, plus 2 points for 20,000 marks each.
    assert [f.total for f in ended[0].final] == [2, 3]
    assert not of_type(events, TilesRevealed)


def test_stalemate_is_recorded_in_the_event_and_replays_from_it():
    prefix = buying_events(2, DOWNSTAIRS, stairs=0, hallways=0)
    state, events = _everyone_passes(at_buying(2, board=DOWNSTAIRS, stairs=0, hallways=0))
    assert fold(SPEC, SPEC.new_setup(2), [*prefix, *events]) == state
    data_ = msgspec.to_builtins(events[-1])
    assert data_["reason"] == "stalemate"
    assert msgspec.convert(data_, SPEC.event_type) == events[-1]


def test_a_deck_ending_stores_its_game_ended_event_exactly_as_before():
    state = at_buying(2, last=True)
    state, events = _everyone_passes(state)
    ended = of_type(events, GameEnded)[0]
    assert ended.reason == "deck" and state.end_reason == "deck"
    stored = msgspec.to_builtins(ended)
    assert "reason" not in stored
    assert msgspec.convert(stored, SPEC.event_type) == ended
    assert SPEC.result(state).summary == ""


def test_stalemate_in_the_last_round_is_an_ordinary_deck_ending():
    state = at_buying(2, board=DOWNSTAIRS, stairs=0, hallways=0, last=True)
    _, events = _everyone_passes(state)
    assert of_type(events, GameEnded)[0].reason == "deck"


def test_no_stalemate_while_a_stairs_is_left_to_buy():
    state = at_buying(2, board=DOWNSTAIRS, stairs=1, hallways=0)
    state, events = _everyone_passes(state)
    assert not of_type(events, GameEnded)
    assert state.phase == "pricing"


def test_no_stalemate_while_one_seat_can_place_a_room_on_offer():
    castles = grow(1, [(data.STAIRS, 0)], stairs=0, hallways=0)
    state = at_buying(2, board=DOWNSTAIRS, castles=castles, stairs=0, hallways=0)
    assert any_placement(castle_of(state.seats[1].castle), DOWNSTAIRS[0])
    state, events = _everyone_passes(state)
    assert not of_type(events, GameEnded)
    assert state.phase == "pricing"


def test_no_stalemate_while_a_placeable_room_is_only_too_dear_for_now():
    board = (4, *DOWNSTAIRS[1:])
    state = at_buying(2, board=board, stairs=0, hallways=0, money=0)
    assert not any(c for c in SPEC.legal_commands(state, 1) if c != Pass())
    state, events = _everyone_passes(state)
    assert not of_type(events, GameEnded)
    assert state.phase == "pricing"


def test_no_stalemate_while_an_empty_slot_lets_the_deck_advance():
    state = at_buying(2, board=DOWNSTAIRS[:4], stairs=0, hallways=0)
    state, events = _everyone_passes(state)
    assert not of_type(events, GameEnded)
    revealed = of_type(events, TilesRevealed)[0]
    assert revealed.cards and revealed.deck_count_after == len(state.deck)


def test_stalemate_ends_the_golden_2_10_random_game():
    """The reported game: a random bot (``random.Random(seed)`` picking a seat, then one of its
    legal commands) fills the board with downstairs rooms neither castle can place once every
    stairs and hallway is gone; it used to pass forever with 2 room cards left in the deck."""
    seed = "golden-2-10"
    bot = random.Random(seed)
    state, log = start(SPEC, SPEC.new_setup(2), seed)
    log = list(log)
    for _ in range(1000):
        seats = SPEC.to_act(state)
        if not seats:
            break
        seat = bot.choice(seats)
        command = bot.choice(SPEC.legal_commands(state, seat))
        new = decide(SPEC, state, seat, command, Rng(seed, len(log)))
        state = then_state(state, new)
        log += new
    assert state.phase == "over"
    assert log[-1] == GameEnded(hands=log[-1].hands, final=log[-1].final, reason="stalemate")
    assert state.deck and state.stairs == 0 and state.hallways == 0
    assert all(data.PIECES[o.room].type == "downstairs" for o in state.slots)
    assert SPEC.result(state) is not None
