"""Reserving (face up or blind, limit three, gold) and buying (bonuses, gold, refills)."""

from __future__ import annotations

import msgspec

from domain.splendor.commands import BuyCard, BuyReserved, ReserveCard, ReserveFromDeck
from domain.splendor.data import CARDS, CARDS_BY_LEVEL
from domain.splendor.events import CardBought, CardReserved, TurnEnded

from .support import (
    SPEC,
    cards_where,
    gems,
    given,
    owns,
    refused,
    reserved,
    set_up,
    turn,
    types,
    when,
)

BLUE_THREE = 2  # level 1, white bonus, costs three blue
assert CARDS[BLUE_THREE].cost == (0, 3, 0, 0, 0)
assert CARDS_BY_LEVEL[1][:4] == (1, 2, 3, 4)
BLUE_BONUS = cards_where(1, lambda c: c.bonus == "blue")
RED_BONUS = cards_where(1, lambda c: c.bonus == "red")


def _encoded(commands) -> set[bytes]:
    return {msgspec.json.encode(c) for c in commands}


def test_reserving_a_face_up_card_takes_one_gold_and_refills_the_slot() -> None:
    state = given(set_up())
    events = when(state, 0, ReserveCard(level=1, slot=1))
    assert events == (
        CardReserved(seat=0, level=1, slot=1, card=2, gold=1, replacement=5),
        TurnEnded(seat=0, next_seat=1, final_round=False),
    )
    after = given(set_up(), *events)
    assert after.board[0] == (1, 5, 3, 4)
    assert after.decks[0][0] == 6
    assert after.seats[0].tokens == (0, 0, 0, 0, 0, 1)
    assert after.supply[5] == 4
    assert [r.card for r in after.seats[0].reserved] == [2]


def test_reserving_is_allowed_without_gold_but_gives_none() -> None:
    state = given(set_up(), reserved(1, 90, gold=5), turn(1))
    assert state.supply[5] == 0
    (event, _) = when(state, 0, ReserveCard(level=2, slot=0))
    assert event.gold == 0


def test_at_most_three_reserved_cards() -> None:
    state = given(set_up(), reserved(0, 80), reserved(0, 81), reserved(0, 82), turn(0), turn(1))
    assert refused(state, 0, ReserveCard(level=1, slot=0)) == "splendor/reserve_limit"
    assert refused(state, 0, ReserveFromDeck(level=1)) == "splendor/reserve_limit"
    legal = SPEC.legal_commands(state, 0)
    assert not [c for c in legal if isinstance(c, ReserveCard | ReserveFromDeck)]
    # Buying one of them makes room again.
    history = [set_up(), reserved(0, 80), reserved(0, 2), reserved(0, 82), gems(0, blue=3)]
    history += [turn(0), turn(1)]
    bought = when(given(*history), 0, BuyReserved(index=1))
    history += [*bought, turn(1)]
    assert len(given(*history).seats[0].reserved) == 2
    assert types(when(given(*history), 0, ReserveFromDeck(level=1)))[0] == "CardReserved"


def test_blind_reserve_takes_the_top_card_of_a_deck_unseen() -> None:
    state = given(set_up())
    top = state.decks[1][0]
    events = when(state, 0, ReserveFromDeck(level=2))
    assert events[0] == CardReserved(seat=0, level=2, slot=None, card=top, gold=1)
    after = given(set_up(), *events)
    assert after.decks[1][0] != top and len(after.decks[1]) == 25
    assert after.board == state.board
    assert after.seats[0].reserved[0].blind


def test_reserving_from_an_empty_deck_is_refused() -> None:
    state = given(set_up(empty_decks=(3,)))
    assert refused(state, 0, ReserveFromDeck(level=3)) == "splendor/deck_empty"
    assert ReserveFromDeck(level=3) not in SPEC.legal_commands(state, 0)
    assert refused(state, 0, ReserveFromDeck(level=4)) == "splendor/no_such_level"


def test_buying_pays_the_cost_minus_card_bonuses() -> None:
    state = given(set_up(), owns(0, BLUE_BONUS[0]), owns(0, BLUE_BONUS[1]), gems(0, blue=1))
    buys = [c for c in SPEC.legal_commands(state, 0) if isinstance(c, BuyCard)]
    assert BuyCard(level=1, slot=1) in buys
    events = when(state, 0, BuyCard(level=1, slot=1))
    assert events[0] == CardBought(
        seat=0,
        card=2,
        level=1,
        bonus="white",
        points=0,
        paid=(0, 1, 0, 0, 0, 0),
        slot=1,
        replacement=5,
    )
    after = given(
        set_up(), owns(0, BLUE_BONUS[0]), owns(0, BLUE_BONUS[1]), gems(0, blue=1), *events
    )
    assert after.seats[0].tokens == (0,) * 6
    assert after.supply[1] == 4
    assert after.seats[0].bonuses[0] == 1


def test_gold_is_a_wildcard_for_any_shortfall() -> None:
    state = given(set_up(), reserved(0, 60), gems(0, blue=2))
    buys = [c for c in SPEC.legal_commands(state, 0) if isinstance(c, BuyCard) and c.slot == 1]
    assert buys == [BuyCard(level=1, slot=1, gold_blue=1)]
    assert when(state, 0, buys[0])[0].paid == (0, 2, 0, 0, 0, 1)
    assert refused(state, 0, BuyCard(level=1, slot=1)) == "splendor/cannot_afford"
    assert refused(state, 0, BuyCard(level=1, slot=1, gold_blue=2)) == "splendor/not_enough_gold"
    assert refused(state, 0, BuyCard(level=1, slot=1, gold_red=1)) == "splendor/gold_beyond_cost"


def test_a_player_may_choose_to_spend_gold_while_holding_the_colour() -> None:
    state = given(set_up(), reserved(0, 60), reserved(0, 61), gems(0, blue=3))
    buys = [c for c in SPEC.legal_commands(state, 0) if isinstance(c, BuyCard) and c.slot == 1]
    assert _encoded(buys) == _encoded(
        [
            BuyCard(level=1, slot=1),
            BuyCard(level=1, slot=1, gold_blue=1),
            BuyCard(level=1, slot=1, gold_blue=2),
        ]
    )
    assert when(state, 0, buys[2])[0].paid == (0, 1, 0, 0, 0, 2)


def test_buying_a_reserved_card() -> None:
    card = 2
    state = given(set_up(), reserved(0, card), gems(0, blue=3), turn(0), turn(1))
    events = when(state, 0, BuyReserved(index=0))
    assert events[0] == CardBought(
        seat=0, card=card, level=1, bonus="white", points=0, paid=(0, 3, 0, 0, 0, 0), index=0
    )
    after = given(set_up(), reserved(0, card), gems(0, blue=3), turn(0), turn(1), *events)
    assert after.seats[0].reserved == ()
    assert after.seats[0].cards == (card,)


def test_only_your_own_reserved_cards_can_be_bought() -> None:
    state = given(set_up(), reserved(1, 2), gems(0, blue=3))
    assert refused(state, 0, BuyReserved(index=0)) == "splendor/no_such_reserved_card"
    assert not [c for c in SPEC.legal_commands(state, 0) if isinstance(c, BuyReserved)]


def test_bought_face_up_card_is_replaced_from_its_deck() -> None:
    state = given(set_up(), gems(0, blue=3))
    events = when(state, 0, BuyCard(level=1, slot=1))
    after = given(set_up(), gems(0, blue=3), *events)
    assert after.board[0][1] == 5
    assert len(after.decks[0]) == 35


def test_an_empty_deck_leaves_the_slot_empty() -> None:
    state = given(set_up(empty_decks=(1,)), gems(0, blue=3))
    events = when(state, 0, BuyCard(level=1, slot=1))
    assert events[0].replacement is None
    after = given(set_up(empty_decks=(1,)), gems(0, blue=3), *events)
    assert after.board[0] == (1, None, 3, 4)
    assert SPEC.view(after, None).board[0][1] is None
    assert refused(after, 1, BuyCard(level=1, slot=1)) == "splendor/empty_slot"
    assert refused(after, 1, ReserveCard(level=1, slot=1)) == "splendor/empty_slot"
    legal = SPEC.legal_commands(after, 1)
    assert not [
        c for c in legal if isinstance(c, ReserveCard | BuyCard) and c.slot == 1 and c.level == 1
    ]


def test_no_such_slot_is_refused() -> None:
    state = given(set_up())
    assert refused(state, 0, ReserveCard(level=1, slot=4)) == "splendor/no_such_slot"
    assert refused(state, 0, BuyCard(level=0, slot=0)) == "splendor/no_such_slot"
    assert types(when(state, 0, ReserveCard(level=3, slot=3))) == ["CardReserved", "TurnEnded"]
