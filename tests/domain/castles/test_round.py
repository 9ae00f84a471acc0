"""Set-up, the Master Builder's reveal and pricing, buying, payments, end of round."""

import pytest

from domain._kernel import DomainError, Rng
from domain.castles import SPEC, data
from domain.castles.commands import BuyCorridor, BuyRoom, DiscardBonusCard, Pass, SetPrice
from domain.castles.events import (
    BonusCardDiscarded,
    BuyingStarted,
    CorridorBought,
    Passed,
    PriceSet,
    RoomBought,
    RoundEnded,
    TilesRevealed,
    TurnStarted,
)
from domain.castles.rules.context import Ctx
from domain.castles.rules.flow import begin_round
from domain.castles.state import DeckTile

from .helpers import at_buying, build, given, joining, of_type, setup_event, then_state, when


def _started(n: int):
    setup = SPEC.new_setup(n)
    events = SPEC.start(setup, Rng("round", 0))
    return given(*events, players=n), events


def test_setup_gives_15000_marks_a_foyer_and_three_bonus_cards():
    state, _ = _started(3)
    for s in state.seats:
        assert s.money == 15000
        assert [p.piece for p in s.castle] == [data.FOYER]
        assert len(s.hand) == 3
    assert state.phase == "setup"
    assert SPEC.to_act(state) == (0, 1, 2)


def test_keep_two_bonus_cards_the_third_goes_under_the_deck():
    state, _ = _started(2)
    card = state.seats[1].hand[0]
    legal = SPEC.legal_commands(state, 1)
    assert sorted(c.card for c in legal) == sorted(state.seats[1].hand)
    events = when(state, 1, DiscardBonusCard(card=card))
    assert events == [BonusCardDiscarded(seat=1, card=card)]
    after = then_state(state, events)
    assert len(after.seats[1].hand) == 2
    assert after.bonus_deck[-1] == card
    assert SPEC.to_act(after) == (0,)


def test_score_track_starts_at_zero_for_the_builder_then_clockwise():
    for seed in range(8):
        events = SPEC.start(SPEC.new_setup(4), Rng(f"track{seed}", 0))
        state = given(*events, players=4)
        b = state.builder
        assert [state.seats[(b + i) % 4].score for i in range(4)] == [0, 1, 2, 3]


def test_the_first_master_builder_is_chosen_at_random():
    builders = {
        given(*SPEC.start(SPEC.new_setup(4), Rng(f"b{seed}", 0)), players=4).builder
        for seed in range(40)
    }
    assert builders == {0, 1, 2, 3}


def test_first_round_reveals_a_tile_for_every_price_slot():
    for n in (2, 3, 4):
        state, events = _started(n)
        revealed = of_type(events, TilesRevealed)[0]
        assert len(revealed.tiles) == len(data.prices(n)) == n + 3
        assert len(state.pool) == n + 3


def _reveal(state, seed="r"):
    ctx = Ctx(state, Rng(seed, 1))
    begin_round(ctx)
    return ctx.events


def test_builder_reveals_cards_for_empty_slots_and_takes_matching_tiles():
    state = given(setup_event(2, deck=(200, 300, 100, 600, 150, 100, 100)))
    revealed = of_type(_reveal(state), TilesRevealed)[0]
    assert revealed.cards == (200, 300, 100, 600, 150)
    assert [data.PIECES[t].size for t in revealed.tiles] == [200, 300, 100, 600, 150]
    assert revealed.tiles[0] == state.stacks[data.SIZES.index(200)][0], "the top tile"
    assert revealed.deck_count_after == 2
    assert not revealed.last_round


def test_a_card_of_an_exhausted_size_is_replaced_by_another_card():
    stacks = list(given(setup_event(2)).stacks)
    stacks[data.SIZES.index(200)] = ()
    state = given(setup_event(2, deck=(200, 100, 100, 100, 100, 100, 100), stacks=tuple(stacks)))
    revealed = of_type(_reveal(state), TilesRevealed)[0]
    assert revealed.cards == (200, 100, 100, 100, 100, 100)
    assert len(revealed.tiles) == 5
    assert revealed.used_after == revealed.cards


def test_tiles_put_on_the_deck_come_out_before_cards():
    state = given(setup_event(2, deck=(100,) * 10))
    from msgspec.structs import replace

    state = replace(state, deck_top=(DeckTile(room=70, owner=1), DeckTile(room=71, owner=0)))
    revealed = of_type(_reveal(state), TilesRevealed)[0]
    assert revealed.tiles[:2] == (70, 71)
    assert revealed.from_deck_top == 2
    assert len(revealed.cards) == 3


def test_when_the_deck_runs_short_used_cards_are_reshuffled_and_it_is_the_last_round():
    from msgspec.structs import replace

    state = replace(given(setup_event(2, deck=(100, 200))), used=(300, 350, 400))
    revealed = of_type(_reveal(state), TilesRevealed)[0]
    assert revealed.reshuffled
    assert revealed.last_round
    assert len(revealed.tiles) == 5
    assert sorted(revealed.cards) == sorted(revealed.cards)
    assert sorted(revealed.cards[:2]) == [100, 200]
    assert sorted(revealed.cards[2:] + revealed.deck_after) == [100, 200, 300, 350, 400]


def test_deck_running_out_exactly_makes_the_last_round():
    state = given(setup_event(2, deck=(100,) * 5))
    revealed = of_type(_reveal(state), TilesRevealed)[0]
    assert revealed.last_round and not revealed.reshuffled


def test_builder_prices_every_room_one_per_slot():
    state, _ = _started(2)
    for seat in range(2):
        state = then_state(
            state, when(state, seat, DiscardBonusCard(card=state.seats[seat].hand[0]))
        )
    b = state.builder
    assert state.phase == "pricing" and SPEC.to_act(state) == (b,)
    legal = SPEC.legal_commands(state, b)
    assert len(legal) == 5 * 5
    rooms = [o.room for o in state.pool]
    for i, room in enumerate(rooms):
        out = when(state, b, SetPrice(room=room, slot=4 - i))
        state = then_state(state, out)
    assert [o.room for o in state.slots] == rooms[::-1]
    assert of_type(out, BuyingStarted)[0].order == (1 - b, b)
    assert of_type(out, TurnStarted)[0].seat == 1 - b
    with pytest.raises(DomainError):
        when(state, 1 - b, SetPrice(room=rooms[0], slot=0))


def test_one_room_per_price_slot():
    state, _ = _started(2)
    for seat in range(2):
        state = then_state(
            state, when(state, seat, DiscardBonusCard(card=state.seats[seat].hand[0]))
        )
    b = state.builder
    room = state.pool[0].room
    state = then_state(state, when(state, b, SetPrice(room=room, slot=2)))
    with pytest.raises(DomainError) as refused:
        when(state, b, SetPrice(room=state.pool[0].room, slot=2))
    assert refused.value.code == "castles/slot_taken"


def test_unsold_rooms_from_earlier_rounds_are_priced_again_with_their_marks():
    events = [
        setup_event(2),
        TilesRevealed(
            round=1,
            builder=0,
            tiles=(4, 5, 6, 7, 8),
            cards=(),
            from_deck_top=0,
            reshuffled=False,
            deck_after=(100,) * 20,
            deck_count_after=20,
            used_after=(),
            last_round=False,
        ),
        BonusCardDiscarded(seat=0, card=2),
        BonusCardDiscarded(seat=1, card=5),
        *[PriceSet(seat=0, room=r, slot=i) for i, r in enumerate((4, 5, 6, 7, 8))],
        BuyingStarted(order=(1, 0)),
        TurnStarted(seat=1, extra=False),
    ]
    state = given(*events)
    state = then_state(state, when(state, 1, Pass()))
    out = when(state, 0, Pass())
    ended = of_type(out, RoundEnded)[0]
    assert ended.unsold == (4, 5, 6, 7, 8) and ended.next_builder == 1
    state = then_state(state, out)
    # Next round: nothing was sold, so nothing new; every room waits for the new builder,
    # each with 1,000 on it.
    assert state.builder == 1 and state.phase == "pricing"
    assert sorted(o.room for o in state.pool) == [4, 5, 6, 7, 8]
    assert all(o.money == 1000 for o in state.pool)
    state = then_state(state, when(state, 1, SetPrice(room=8, slot=0)))
    assert state.slots[0].room == 8 and state.slots[0].money == 1000


def test_buyer_pays_the_master_builder():
    state = at_buying(2, board=(4, 5, 6, 7, 8))
    placement = joining(state, 1, 4, 0)[0]
    out = when(state, 1, BuyRoom(slot=0, x=placement.x, y=placement.y, rotation=placement.rot))
    bought = of_type(out, RoomBought)[0]
    assert (bought.price, bought.paid_to, bought.room) == (4000, 0, 4)
    after = then_state(state, out)
    assert after.seats[1].money == 11000 and after.seats[0].money == 19000
    assert after.seats[1].castle[-1].piece == 4
    assert after.slots[0].room == 0
    assert SPEC.to_act(after) == (0,)


def test_master_builder_buys_last_and_pays_the_bank():
    state = at_buying(2, board=(4, 5, 6, 7, 8))
    state = then_state(state, when(state, 1, Pass()))
    assert SPEC.to_act(state) == (0,)
    p = joining(state, 0, 5, 0)[0]
    out = when(state, 0, BuyRoom(slot=1, x=p.x, y=p.y, rotation=p.rot))
    assert of_type(out, RoomBought)[0].paid_to == -1
    after = then_state(state, out)
    assert after.seats[0].money == 15000 - 6000
    assert after.seats[1].money == 20000


def test_stairs_or_hallway_cost_3000_paid_to_the_builder():
    state = at_buying(2)
    corridor = [c for c in SPEC.legal_commands(state, 1) if isinstance(c, BuyCorridor)]
    assert {c.piece for c in corridor} == {data.STAIRS, data.HALLWAY}
    out = when(state, 1, corridor[0])
    bought = of_type(out, CorridorBought)[0]
    assert (bought.price, bought.paid_to) == (3000, 0)
    after = then_state(state, out)
    assert after.seats[1].money == 12000 and after.seats[0].money == 18000
    assert (after.stairs, after.hallways) != (state.stairs, state.hallways)


def test_pass_takes_5000_from_the_bank():
    state = at_buying(2)
    out = when(state, 1, Pass())
    assert of_type(out, Passed)[0].income == 5000
    after = then_state(state, out)
    assert after.seats[1].money == 20000 and after.seats[0].money == 15000


def test_unsold_room_marks_go_to_its_buyer():
    state = at_buying(2)
    from msgspec.structs import replace

    slots = list(state.slots)
    slots[0] = replace(slots[0], money=2000)
    state = replace(state, slots=tuple(slots))
    p = joining(state, 1, 4, 0)[0]
    out = when(state, 1, BuyRoom(slot=0, x=p.x, y=p.y, rotation=p.rot))
    assert of_type(out, RoomBought)[0].money_taken == 2000
    assert then_state(state, out).seats[1].money == 15000 - 4000 + 2000


def test_marks_on_a_room_count_towards_its_price():
    state = at_buying(2, money=3000)
    from msgspec.structs import replace

    assert not any(isinstance(c, BuyRoom) and c.slot == 0 for c in SPEC.legal_commands(state, 1))
    slots = list(state.slots)
    slots[0] = replace(slots[0], money=1000)
    state = replace(state, slots=tuple(slots))
    assert any(isinstance(c, BuyRoom) and c.slot == 0 for c in SPEC.legal_commands(state, 1))


def test_cannot_buy_what_you_cannot_pay_for():
    state = at_buying(2, money=5000)
    p = joining(state, 1, 6, 0)[0]
    with pytest.raises(DomainError) as refused:
        when(state, 1, BuyRoom(slot=1, x=p.x, y=p.y, rotation=p.rot))
    assert refused.value.code == "castles/cannot_afford"


def test_a_room_that_cannot_be_placed_cannot_be_bought():
    # A downstairs room with no stairs in the castle has nowhere to go.
    state = at_buying(2, board=(31, 5, 6, 7, 8))
    assert not any(isinstance(c, BuyRoom) and c.slot == 0 for c in SPEC.legal_commands(state, 1))
    with pytest.raises(DomainError) as refused:
        when(state, 1, BuyRoom(slot=0, x=-5, y=0, rotation=0))
    assert refused.value.code in ("castles/floor_mismatch", "castles/not_connected")


def test_the_master_builder_role_passes_left_after_the_round():
    state = at_buying(3, board=(4, 5, 6, 7, 8, 9), builder=1)
    assert SPEC.to_act(state) == (2,)
    state = then_state(state, when(state, 2, Pass()))
    state = then_state(state, when(state, 0, Pass()))
    assert SPEC.to_act(state) == (1,)
    out = when(state, 1, Pass())
    assert of_type(out, RoundEnded)[0].next_builder == 2
    assert then_state(state, out).builder == 2


def test_seats_not_to_act_are_refused():
    state = at_buying(2)
    assert SPEC.legal_commands(state, 0) == []
    from domain._kernel import decide

    with pytest.raises(DomainError) as refused:
        decide(SPEC, state, 0, Pass(), Rng("x", 1))
    assert refused.value.code == "not_your_turn"


def test_given_castles_build_events():
    state = at_buying(2, castles=(build(1, 1, 3, 1, 0),))
    assert [p.piece for p in state.seats[1].castle] == [0, 1]
