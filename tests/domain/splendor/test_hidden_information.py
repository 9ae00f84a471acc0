"""Deck order is hidden from everyone; a blind reserve from everyone but its owner."""

from __future__ import annotations

import msgspec

from domain._kernel import Rng
from domain.splendor.commands import ReserveCard, ReserveFromDeck
from domain.splendor.data import CARDS_BY_LEVEL
from domain.splendor.events import CardReserved, GameEnded, GameSetUp

from .support import SPEC, given, set_up, when

X, Y = CARDS_BY_LEVEL[3][4], CARDS_BY_LEVEL[3][5]


def _game(top: int, second: int):
    """Seat 0 reserves the top of the level-3 deck unseen; the two decks differ only in the
    order of their first two cards."""
    base = set_up()
    rest = tuple(c for c in base.decks[2] if c not in (top, second))
    setup_event = msgspec.structs.replace(
        base, decks=(base.decks[0], base.decks[1], (top, second, *rest))
    )
    events = [setup_event]
    events += when(given(*events), 0, ReserveFromDeck(level=3))
    return events, given(*events)


def _seen_by(viewer, events, state) -> bytes:
    feed = [SPEC.redact(e, viewer) for e in events]
    return msgspec.json.encode([SPEC.view(state, viewer), feed])


def test_others_and_spectators_cannot_learn_a_blind_reserve_before_the_end() -> None:
    events_x, state_x = _game(X, Y)
    events_y, state_y = _game(Y, X)
    assert state_x.seats[0].reserved[0].card == X
    assert state_y.seats[0].reserved[0].card == Y
    for viewer in (1, None):
        assert _seen_by(viewer, events_x, state_x) == _seen_by(viewer, events_y, state_y)
        reserved = SPEC.view(state_x, viewer).seats[0].reserved[0]
        assert (reserved.level, reserved.blind, reserved.card) == (3, True, None)
        redacted = SPEC.redact(events_x[1], viewer)
        assert isinstance(redacted, CardReserved) and redacted.card is None
    # The owner sees it, in the view and in the feed.
    assert SPEC.view(state_x, 0).seats[0].reserved[0].card.id == X
    assert SPEC.redact(events_x[1], 0).card == X
    assert _seen_by(0, events_x, state_x) != _seen_by(0, events_y, state_y)


def test_deck_order_is_redacted_for_everyone_including_the_players() -> None:
    events, _ = _game(X, Y)
    for viewer in (0, 1, None):
        redacted = SPEC.redact(events[0], viewer)
        assert isinstance(redacted, GameSetUp)
        assert redacted.decks == ((), (), ())
        assert redacted.board == events[0].board
        assert redacted.deck_sizes == (36, 26, 16)


def test_face_up_reserves_are_public() -> None:
    state = given(set_up())
    events = when(state, 0, ReserveCard(level=2, slot=0))
    after = given(set_up(), *events)
    for viewer in (1, None):
        assert SPEC.redact(events[0], viewer) == events[0]
        assert SPEC.view(after, viewer).seats[0].reserved[0].card.id == state.board[1][0]


def test_the_blind_reserve_is_shown_once_the_game_is_over() -> None:
    _, state = _game(X, Y)
    over = SPEC.evolve(state, GameEnded(reason="points", scores=(0, 0)))
    assert SPEC.view(over, 1).seats[0].reserved[0].card.id == X
    assert SPEC.view(over, None).seats[0].reserved[0].card.id == X


def test_resampling_redraws_what_the_viewer_cannot_see_and_nothing_else() -> None:
    _, state = _game(X, Y)
    redrawn = {
        SPEC.resample_hidden(state, 1, Rng("r", i)).seats[0].reserved[0].card for i in range(20)
    }
    assert len(redrawn) > 1 and redrawn <= set(CARDS_BY_LEVEL[3]) - set(state.board[2])
    for i in range(5):
        other = SPEC.resample_hidden(state, 1, Rng("r", i))
        assert SPEC.view(other, 1) == SPEC.view(state, 1)
        assert sorted(other.decks[2] + (other.seats[0].reserved[0].card,)) == sorted(
            state.decks[2] + (X,)
        )
        own = SPEC.resample_hidden(state, 0, Rng("r", i))
        assert own.seats[0].reserved[0].card == X
        assert SPEC.view(own, 0) == SPEC.view(state, 0)
