"""Solo mode: three rooms a round at 2,000/4,000/6,000 in reveal order, leftovers removed,
all payments to the bank, a title for the final score."""

from domain._kernel import Rng
from domain.castles import SPEC, data
from domain.castles.commands import BuyRoom, DiscardBonusCard, Pass
from domain.castles.events import (
    BonusCardDiscarded,
    BuyingStarted,
    GameSetUp,
    RoomBought,
    RoundEnded,
    TilesRevealed,
    TurnStarted,
)

from .helpers import given, joining, of_type, then_state, when


def _solo():
    events = SPEC.start(SPEC.new_setup(1), Rng("solo", 0))
    state = given(*events, players=1)
    out = when(state, 0, DiscardBonusCard(card=state.seats[0].hand[0]))
    return then_state(state, out), events, out


def test_solo_setup_like_three_players_without_favors():
    state, events, _ = _solo()
    assert state.favors == ()
    assert state.prices == (2000, 4000, 6000)
    assert len(events[0].deck) == 33
    assert [len(s) for s in events[0].stacks] == [7] * 5 + [5] * 5
    assert state.seats[0].score == 0 and state.seats[0].money == 15000
    assert len(state.seats[0].hand) == 2


def test_solo_set_up_reveals_no_room_cards_before_the_bonus_choice():
    """Seed, 1명 게임: "준비 단계에서 공간 카드를 공개하지 않으며" (no room cards are revealed
    during set-up): the bonus cards are chosen first, then round 1 reveals its rooms."""
    events = SPEC.start(SPEC.new_setup(1), Rng("solo", 0))
    assert [type(e) for e in events] == [GameSetUp]
    state = given(*events, players=1)
    assert state.round == 0 and not any(o.room for o in state.slots)
    assert not any(offer.room for offer in SPEC.view(state, 0).slots)
    out = when(state, 0, DiscardBonusCard(card=state.seats[0].hand[0]))
    assert [type(e) for e in out] == [BonusCardDiscarded, TilesRevealed, BuyingStarted, TurnStarted]
    assert out[1].round == 1 and len(out[1].tiles) == 3


def test_solo_rules_version_1_games_keep_revealing_at_set_up():
    """Games stored under rules version 1 revealed round 1's rooms during set-up."""
    events = SPEC.start(SPEC.new_setup(1, rules_version="1"), Rng("solo", 0))
    assert [type(e) for e in events] == [GameSetUp, TilesRevealed]


def test_with_several_players_round_1_is_still_revealed_at_set_up():
    events = SPEC.start(SPEC.new_setup(2), Rng("two", 0))
    assert [type(e) for e in events] == [GameSetUp, TilesRevealed]


def test_solo_rooms_are_priced_in_reveal_order():
    state, _, out = _solo()
    revealed = of_type(out, TilesRevealed)[0]
    assert len(revealed.tiles) == 3
    assert tuple(o.room for o in state.slots) == revealed.tiles
    assert out[-1] == TurnStarted(seat=0, extra=False), "no pricing step"
    assert state.phase == "buying"


def test_solo_payments_go_to_the_bank():
    state, _, _ = _solo()
    for slot in range(3):
        room = state.slots[slot].room
        options = joining(state, 0, room, 0)
        if options:
            p = options[0]
            out = when(state, 0, BuyRoom(slot=slot, x=p.x, y=p.y, rotation=p.rot))
            assert of_type(out, RoomBought)[0].paid_to == -1
            after = then_state(state, out)
            assert after.seats[0].money == 15000 - data.prices(1)[slot]
            return
    raise AssertionError("nothing placeable")


def test_solo_unsold_rooms_are_removed_and_three_new_ones_revealed():
    state, _, _ = _solo()
    rooms = tuple(o.room for o in state.slots)
    out = when(state, 0, Pass())
    assert of_type(out, RoundEnded)[0].unsold == rooms
    state = then_state(state, out)
    assert state.removed == 3
    assert not set(o.room for o in state.slots) & set(rooms)
    assert all(o.money == 0 for o in state.slots)
    assert state.builder == 0 and SPEC.to_act(state) == (0,)


def test_solo_result_has_a_title():
    for score, title in (
        (0, "Court Jester"),
        (50, "Court Jester"),
        (51, "Court Official"),
        (71, "Duke"),
        (86, "Crown Prince"),
        (100, "Crown Prince"),
        (101, "King"),
    ):
        assert data.solo_title(score) == title
    from domain._kernel import playout

    final, _ = playout(SPEC, SPEC.new_setup(1), "solo-title")
    result = SPEC.result(final)
    assert result.summary.startswith(data.solo_title(result.ranking[0].score))
