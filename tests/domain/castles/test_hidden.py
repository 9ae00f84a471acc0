"""Hidden information: bonus hands, deck and stack orders, sleeping-room picks."""

from domain._kernel import Rng
from domain.castles import SPEC
from domain.castles.commands import DiscardBonusCard, InspectStack, PickTile, StopPicking
from domain.castles.events import (
    BonusCardDiscarded,
    GameSetUp,
    RewardQueued,
    SleepingRewardDone,
    TilePicked,
    TilesRevealed,
)

from .helpers import given, of_type, then_state, when
from .test_rewards import _sleeping_and_utility


def test_set_up_event_hides_orders_and_other_hands():
    events = SPEC.start(SPEC.new_setup(3), Rng("hidden", 0))
    setup = of_type(events, GameSetUp)[0]
    for viewer in (None, 0, 1, 2):
        red = SPEC.redact(setup, viewer)
        assert red.deck == () and red.stacks == () and red.bonus_deck == ()
        for seat, hand in enumerate(red.hands):
            assert hand == (setup.hands[seat] if seat == viewer else ())
    revealed = of_type(events, TilesRevealed)[0]
    assert SPEC.redact(revealed, 0).deck_after == ()
    assert SPEC.redact(revealed, 0).tiles == revealed.tiles


def test_bonus_cards_are_private_until_the_end():
    events = SPEC.start(SPEC.new_setup(2), Rng("hidden", 0))
    state = given(*events, players=2)
    assert SPEC.view(state, 0).seats[1].hand == ()
    assert SPEC.view(state, 0).seats[1].hand_count == 3
    assert SPEC.view(state, 1).seats[1].hand == state.seats[1].hand
    out = when(state, 1, DiscardBonusCard(card=state.seats[1].hand[0]))
    discarded = of_type(out, BonusCardDiscarded)[0]
    assert SPEC.redact(discarded, 0).card == -1
    assert SPEC.redact(discarded, 1).card == discarded.card


def test_sleeping_picks_are_known_only_to_their_owner():
    state = _sleeping_and_utility()
    queued = RewardQueued(seat=1, kind="utility", source=2, cards=(3, 4))
    assert SPEC.redact(queued, 0).cards == (-1, -1)
    state = then_state(state, when(state, 1, InspectStack(size=400)))
    stack = state.stacks[6]
    out = when(state, 1, PickTile(room=stack[0]))
    picked = of_type(out, TilePicked)[0]
    assert SPEC.redact(picked, 0).room == 0 and SPEC.redact(picked, 1).room == stack[0]
    state = then_state(state, out)
    done = of_type(when(state, 1, StopPicking()), SleepingRewardDone)[0]
    assert SPEC.redact(done, 0).picked == (0,)
    assert SPEC.redact(done, 1).picked == (stack[0],)
    assert SPEC.redact(done, 1).stack_after == ()


def test_resampling_hidden_information_leaves_every_view_unchanged():
    state = _sleeping_and_utility()
    state = then_state(state, when(state, 1, InspectStack(size=400)))
    state = then_state(state, when(state, 1, PickTile(room=state.stacks[6][0])))
    for viewer in (None, 0, 1):
        for i in range(5):
            other = SPEC.resample_hidden(state, viewer, Rng("resample", i))
            assert SPEC.view(other, viewer) == SPEC.view(state, viewer)
    changed = SPEC.resample_hidden(state, 0, Rng("resample", 0))
    assert changed.seats[1].hand != state.seats[1].hand or changed.deck != state.deck
