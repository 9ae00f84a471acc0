"""Completion rewards, one test per room type, and the order of several completions."""

from msgspec.structs import replace

from domain._kernel import Rng
from domain.castles import SPEC, data
from domain.castles.commands import (
    ChooseReward,
    InspectStack,
    KeepBonusCard,
    Pass,
    PickTile,
    PlaceFreeCorridor,
    StopPicking,
)
from domain.castles.events import (
    BonusCardKept,
    ExtraTurnGranted,
    FreeCorridorPlaced,
    MarksReceived,
    PointsScored,
    RewardForfeited,
    RewardQueued,
    RoomCompleted,
    SleepingRewardDone,
    TurnStarted,
)
from domain.castles.rules.context import Ctx
from domain.castles.rules.flow import end_turn
from domain.castles.rules.placement import castle_of
from domain.castles.rules.rewards import completed, grant

from .helpers import at_buying, build, buy, grow, joining, of_type, then_state, when


def _completing(state, seat, piece, target):
    """A placement of ``piece`` joined to ``target`` after which ``target`` is complete."""
    placed = state.seats[seat].castle
    for p in joining(state, seat, piece, target):
        if castle_of((*placed, p)).complete(target):
            return p
    raise AssertionError("no completing placement")


def test_a_room_is_complete_when_every_entrance_is_joined():
    # Powder Room has one entrance: joined to the foyer it is complete at once.
    state = at_buying(2, board=(7, 5, 6, 4, 8))
    p = joining(state, 1, 7, 0)[0]
    out = buy(state, 1, 0, p)
    assert RoomCompleted(seat=1, index=1, room_type="utility", downstairs_count=0) in out


def test_an_entrance_facing_a_wall_is_not_complete():
    builds = grow(1, [(1, 0)])  # Buttery, one of its two entrances joined
    c = castle_of(at_buying(2, castles=builds).seats[1].castle)
    assert not c.complete(1)


def test_utility_reward_draw_two_bonus_cards_keep_one():
    state = at_buying(2, board=(7, 5, 6, 4, 8))
    top2 = state.bonus_deck[:2]
    out = buy(state, 1, 0, joining(state, 1, 7, 0)[0])
    assert RewardQueued(seat=1, kind="utility", source=1, cards=top2) in out
    state = then_state(state, out)
    assert SPEC.to_act(state) == (1,)
    assert SPEC.legal_commands(state, 1) == [KeepBonusCard(card=c) for c in top2]
    out = when(state, 1, KeepBonusCard(card=top2[1]))
    assert BonusCardKept(seat=1, source=1, kept=top2[1], returned=top2[0]) in out
    state = then_state(state, out)
    assert top2[1] in state.seats[1].hand and len(state.seats[1].hand) == 3
    assert state.bonus_deck[-1] == top2[0]
    assert SPEC.to_act(state) == (0,), "the turn goes on once the reward is taken"


def test_food_reward_is_an_immediate_extra_turn():
    builds = grow(1, [(1, 0)])  # Buttery (food), one entrance open
    state = at_buying(2, board=(2, 5, 6, 4, 8), castles=builds)
    p = _completing(state, 1, 2, 1)
    out = buy(state, 1, 0, p)
    assert RoomCompleted(seat=1, index=1, room_type="food", downstairs_count=0) in out
    assert ExtraTurnGranted(seat=1) in out
    assert out[-1] == TurnStarted(seat=1, extra=True)
    state = then_state(state, out)
    assert SPEC.to_act(state) == (1,)
    out = when(state, 1, Pass())
    assert out[-1] == TurnStarted(seat=0, extra=False), "then the next player"


def test_outdoor_reward_is_10000_marks():
    builds = grow(1, [(35, 0)])  # Porch (outdoor), two entrances
    state = at_buying(2, board=(7, 5, 6, 4, 8), castles=builds)
    if castle_of(state.seats[1].castle).complete(1):
        raise AssertionError("the porch should have an open entrance")
    p = _completing(state, 1, 7, 1)
    out = buy(state, 1, 0, p)
    assert MarksReceived(seat=1, amount=10000, reason="completed outdoor room") in out


def test_living_reward_scores_the_room_again_printed_and_symbols():
    builds = grow(1, [(4, 0), (16, 1)])  # Lilac Cabinet, Study joined to it
    state = at_buying(2, castles=builds)
    ctx = Ctx(state, Rng("t", 1))
    completed(ctx, 1, 2)
    scored = of_type(ctx.events, PointsScored)[0]
    assert scored.total == 4 + 1
    assert [x.reason for x in scored.lines] == [
        "completed: Study: printed",
        "completed: Study: connected Lilac Cabinet",
    ]


def test_activity_reward_is_5_points():
    builds = grow(1, [(10, 0)])
    state = at_buying(2, castles=builds)
    ctx = Ctx(state, Rng("t", 1))
    completed(ctx, 1, 1)
    assert of_type(ctx.events, PointsScored)[0].total == 5


def _sleeping_and_utility(last=False):
    builds = grow(1, [(22, 0)])  # Dressing Room (sleeping), two entrances
    state = at_buying(2, board=(7, 5, 6, 4, 8), castles=builds, last=last)
    p = _completing(state, 1, 7, 1)
    out = buy(state, 1, 0, p)
    kinds = [e.kind for e in of_type(out, RewardQueued)]
    assert sorted(kinds) == ["sleeping", "utility"]
    return then_state(state, out)


def test_several_completions_the_player_chooses_the_order():
    state = _sleeping_and_utility()
    legal = SPEC.legal_commands(state, 1)
    assert any(isinstance(c, InspectStack) for c in legal)
    assert any(isinstance(c, KeepBonusCard) for c in legal)
    # Utility first, then sleeping.
    state = then_state(
        state, when(state, 1, next(c for c in legal if isinstance(c, KeepBonusCard)))
    )
    assert all(isinstance(c, InspectStack) for c in SPEC.legal_commands(state, 1))


def test_sleeping_reward_look_through_a_stack_and_put_up_to_two_tiles_on_the_deck():
    state = _sleeping_and_utility()
    size = 600
    stack = state.stacks[data.SIZES.index(size)]
    state = then_state(state, when(state, 1, InspectStack(size=size)))
    view = SPEC.view(state, 1)
    assert view.inspected == tuple(sorted(stack))
    assert SPEC.view(state, 0).inspected == ()
    legal = SPEC.legal_commands(state, 1)
    assert set(legal) == {PickTile(room=r) for r in stack} | {StopPicking()}
    first, second = sorted(stack)[:2]
    state = then_state(state, when(state, 1, PickTile(room=first)))
    out = when(state, 1, PickTile(room=second))
    done = of_type(out, SleepingRewardDone)[0]
    assert done.picked == (first, second) and not done.discarded
    state = then_state(state, out)
    assert [t.room for t in state.deck_top] == [first, second]
    assert sorted(state.stacks[data.SIZES.index(size)]) == sorted(set(stack) - {first, second})
    # Others see only that two tiles of size 600 lie on the deck.
    assert [(t.size, t.room) for t in SPEC.view(state, 0).deck_top] == [(600, 0), (600, 0)]
    assert [t.room for t in SPEC.view(state, 1).deck_top] == [first, second]


def test_sleeping_reward_may_put_no_tile():
    state = _sleeping_and_utility()
    state = then_state(state, when(state, 1, InspectStack(size=100)))
    out = when(state, 1, StopPicking())
    assert of_type(out, SleepingRewardDone)[0].picked == ()
    assert then_state(state, out).deck_top == ()


def test_sleeping_reward_in_the_last_round_discards_the_tiles():
    state = _sleeping_and_utility(last=True)
    stack = state.stacks[data.SIZES.index(450)]
    state = then_state(state, when(state, 1, InspectStack(size=450)))
    state = then_state(state, when(state, 1, PickTile(room=stack[0])))
    out = when(state, 1, StopPicking())
    assert of_type(out, SleepingRewardDone)[0].discarded
    state = then_state(state, out)
    assert state.deck_top == () and state.removed == 1
    assert len(state.stacks[data.SIZES.index(450)]) == len(stack) - 1


def test_corridor_reward_a_free_hallway_or_stairs_placed_at_once():
    builds = grow(1, [(data.STAIRS, 0)])  # stairs: light end on the foyer, dark end open
    state = at_buying(2, board=(13, 5, 6, 4, 8), castles=builds)
    p = _completing(state, 1, 13, 1)  # Bottomless Pit on the dark end completes the stairs
    out = buy(state, 1, 0, p)
    assert RoomCompleted(seat=1, index=1, room_type="corridor", downstairs_count=0) in out
    assert RewardQueued(seat=1, kind="corridor", source=1) in out
    state = then_state(state, out)
    legal = SPEC.legal_commands(state, 1)
    assert legal and all(isinstance(c, PlaceFreeCorridor) for c in legal)
    money = state.seats[1].money
    hallway = next(c for c in legal if c.piece == data.HALLWAY)
    out = when(state, 1, hallway)
    assert of_type(out, FreeCorridorPlaced)
    after = then_state(state, out)
    assert after.seats[1].money == money
    assert after.hallways == state.hallways - 1
    assert after.seats[1].castle[-1].piece == data.HALLWAY


def test_corridor_reward_only_once_per_turn():
    state = replace(at_buying(2), corridor_used=True)
    ctx = Ctx(state, Rng("t", 1))
    grant(ctx, 1, "corridor", 0, 0)
    assert ctx.events == [
        RewardForfeited(seat=1, kind="corridor", source=0, reason="once per turn", queued=False)
    ]


def test_corridor_reward_again_in_a_food_extra_turn():
    state = replace(at_buying(2), corridor_used=True, extra_turns=1)
    ctx = Ctx(state, Rng("t", 1))
    end_turn(ctx)
    assert ctx.s.corridor_used is False and ctx.s.current == 1


def _downstairs_second():
    builds = grow(1, [(data.STAIRS, 0), (data.DARK_HALLWAY, 1)])
    first = RoomCompleted(seat=1, index=2, room_type="downstairs", downstairs_count=1)
    state = at_buying(2, board=(14, 5, 6, 4, 8), castles=(*builds, first))
    assert state.seats[1].downstairs_completed == 1
    p = joining(state, 1, 14, 2)[0]  # The Hole (one entrance) on the downstairs hallway
    out = buy(state, 1, 0, p)
    return state, out


def test_downstairs_reward_every_even_completion_chooses_another_reward():
    _, out = _downstairs_second()
    assert RoomCompleted(seat=1, index=3, room_type="downstairs", downstairs_count=2) in out
    assert RewardQueued(seat=1, kind="downstairs", source=3) in out


def test_downstairs_reward_odd_completion_gives_nothing():
    builds = grow(1, [(data.STAIRS, 0), (data.DARK_HALLWAY, 1)])
    state = at_buying(2, board=(14, 5, 6, 4, 8), castles=builds)
    out = buy(state, 1, 0, joining(state, 1, 14, 2)[0])
    assert RoomCompleted(seat=1, index=3, room_type="downstairs", downstairs_count=1) in out
    assert not of_type(out, RewardQueued)


def test_downstairs_reward_choices_and_living_scores_the_downstairs_room_again():
    state, out = _downstairs_second()
    state = then_state(state, out)
    legal = SPEC.legal_commands(state, 1)
    rewards = {c.reward for c in legal}
    assert rewards >= {"living", "activity", "sleeping", "outdoor", "utility", "food"}
    assert "downstairs" not in rewards
    out = when(state, 1, ChooseReward(reward="living", room=3))
    scored = of_type(out, PointsScored)[0]
    assert scored.total == 3, "The Hole: 3 printed, no sleeping room"
    out = when(state, 1, ChooseReward(reward="activity", room=3))
    assert of_type(out, PointsScored)[0].total == 5
    out = when(state, 1, ChooseReward(reward="food", room=3))
    assert ExtraTurnGranted(seat=1) in out


def test_reward_state_is_hidden_from_others_in_views():
    state = _sleeping_and_utility()
    mine = SPEC.view(state, 1).pending
    theirs = SPEC.view(state, 0).pending
    assert any(p.cards for p in mine)
    assert not any(p.cards for p in theirs)


def test_given_build_helper_is_plain():
    assert build(1, 1, 0, 0, 0).price == 0
