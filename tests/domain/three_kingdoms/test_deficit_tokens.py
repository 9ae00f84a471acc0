"""Valued deficit tokens: scoring line 9 ("the sum of the points of the deficit tokens in each
player's supply"), a face-down pool from the content pack, drawn in order, hidden from the
other kingdoms until the end."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from msgspec.structs import replace

from domain._kernel import Rng, start
from domain.three_kingdoms import SPEC, ThreeKingdomsOptions
from domain.three_kingdoms.data import load_pack
from domain.three_kingdoms.events import DeficitTokensDrawn, GameEnded, GameSetUp, PlayerChanged
from domain.three_kingdoms.rules.common import Ctx
from domain.three_kingdoms.rules.scoring import score_cards
from domain.three_kingdoms.validation import parse_pack

from .support import SHU, WEI, WU, bidding, new_game, of_type, pass_all, with_player
from .test_content_pack import refused, standard


def standard_pool() -> Counter:
    return Counter(
        t.value for t in load_pack("standard").tracks.deficit_tokens for _ in range(t.count)
    )


def test_the_standard_pack_defines_a_provisional_valued_pool():
    tokens = load_pack("standard").tracks.deficit_tokens
    assert {t.value: t.count for t in tokens} == {-1: 18, -2: 8, -3: 4}
    assert all(t.provisional for t in tokens)


def test_the_pool_is_shuffled_at_set_up_and_hidden_from_everyone():
    first = new_game("one")
    assert Counter(first.deficit_pool) == standard_pool()
    assert first.deficit_pool != new_game("two").deficit_pool
    _, events = start(SPEC, SPEC.new_setup(3), "one")
    setup = of_type(events, GameSetUp)[0]
    assert setup.deficit_pool == first.deficit_pool
    for viewer in (None, WEI, WU, SHU):
        assert SPEC.redact(setup, viewer).deficit_pool == (0,) * len(first.deficit_pool)
    assert SPEC.view(first, WEI).deficit_pool_left == len(first.deficit_pool)


def test_tribe_decay_deficit_token_is_drawn_from_the_top_of_the_pool():
    state = with_player(new_game(), WU, tribe=1)
    top = state.deficit_pool[0]
    state, events = pass_all(bidding(state))
    drawn = of_type(events, DeficitTokensDrawn)
    assert drawn == [DeficitTokensDrawn(seat=WU, values=(top,))]
    assert state.players[WU].deficits == 1 and state.players[WU].deficit_values == (top,)
    assert len(state.deficit_pool) == sum(standard_pool().values()) - 1


def test_each_unpaid_rice_or_gold_draws_one_valued_deficit_token():
    state = with_player(new_game(), WEI, support=4, rice=0, gold=0)  # 2 rice due, 0 paid
    pool = state.deficit_pool
    state, events = pass_all(bidding(state))
    upkeep = next(
        e for e in events if isinstance(e, PlayerChanged) and e.seat == WEI and e.reason == "upkeep"
    )
    assert upkeep.delta.deficits == 2
    assert of_type(events, DeficitTokensDrawn) == [DeficitTokensDrawn(seat=WEI, values=pool[:2])]
    assert state.players[WEI].deficit_values == pool[:2]


def test_deficit_tokens_score_the_sum_of_their_values():
    state = with_player(new_game(), WEI, deficits=3, deficit_values=(-1, -3, -2))
    state = with_player(state, WU, deficits=0, deficit_values=())
    state = with_player(state, SHU, deficits=1, deficit_values=(-3,))
    wei, wu, shu = score_cards(state)
    assert (wei.deficits, wu.deficits, shu.deficits) == (-6, 0, -3)


def test_deficit_tokens_taken_after_the_pool_ran_out_are_worth_the_pack_value():
    state = replace(new_game(), deficit_pool=(-3,))
    ctx = Ctx(state)
    ctx.change(WU, "upkeep", deficits=3)
    ctx.take_deficits(WU, 3)
    assert of_type(ctx.events, DeficitTokensDrawn) == [DeficitTokensDrawn(seat=WU, values=(-3,))]
    assert ctx.state.deficit_pool == ()
    assert score_cards(ctx.state)[WU].deficits == -3 + 2 * -1


def test_the_owner_sees_its_deficit_values_and_the_others_only_the_count():
    event = DeficitTokensDrawn(seat=WU, values=(-2, -1))
    assert SPEC.redact(event, WU) == event
    assert SPEC.redact(event, WEI).values == (0, 0)
    assert SPEC.redact(event, None).values == (0, 0)
    state = with_player(new_game(), WU, deficits=2, deficit_values=(-2, -1))
    assert SPEC.view(state, WU).players[WU].deficit_values == (-2, -1)
    for viewer in (WEI, SHU, None):
        seen = SPEC.view(state, viewer).players[WU]
        assert seen.deficit_values is None and seen.deficits == 2


def test_every_deficit_value_is_public_once_the_game_is_over():
    state = with_player(
        replace(new_game(), round=12), WU, tribe=1, deficits=1, deficit_values=(-2,)
    )
    state, events = pass_all(bidding(state))
    ended = of_type(events, GameEnded)[0]
    assert ended.deficit_values[WU] == state.players[WU].deficit_values
    assert len(state.players[WU].deficit_values) == 2
    for viewer in (None, WEI, WU, SHU):
        assert SPEC.view(state, viewer).players[WU].deficit_values == (
            state.players[WU].deficit_values
        )
        assert SPEC.redact(ended, viewer) == ended
    other = SPEC.resample_hidden(state, None, Rng("r", 0))
    assert [p.deficit_values for p in other.players] == [p.deficit_values for p in state.players]


def test_resampling_redraws_unseen_deficit_values_consistently():
    state = with_player(new_game(), WEI, deficits=1, deficit_values=(-1,))
    state = with_player(state, WU, deficits=2, deficit_values=(-3, -3))
    state = with_player(state, SHU, deficits=1, deficit_values=(-2,))
    state = replace(state, deficit_pool=state.deficit_pool[4:])
    unseen = Counter(state.deficit_pool) + Counter((-3, -3, -2))
    changed = False
    for seed in range(8):
        other = SPEC.resample_hidden(state, WEI, Rng("r", seed))
        assert other.players[WEI].deficit_values == (-1,)
        assert [len(p.deficit_values) for p in other.players] == [1, 2, 1]
        assert (
            Counter(other.deficit_pool)
            + Counter(other.players[WU].deficit_values)
            + Counter(other.players[SHU].deficit_values)
            == unseen
        )
        assert SPEC.view(other, WEI) == SPEC.view(state, WEI)
        changed |= other.players[WU].deficit_values != (-3, -3)
    assert changed


def test_a_pack_without_a_valued_pool_keeps_minus_one_per_token(monkeypatch):
    from domain.three_kingdoms import data, rules

    doc = standard()
    doc["name"] = "plain"
    del doc["tracks"]["deficit_tokens"]
    plain = parse_pack(json.dumps(doc).encode())
    original = data.load_pack

    def fake(name: str):
        return plain if name == "plain" else original(name)

    monkeypatch.setattr(data, "load_pack", fake)
    monkeypatch.setattr(rules, "load_pack", fake)
    data.catalog.cache_clear()
    try:
        setup = SPEC.new_setup(3, ThreeKingdomsOptions(content_pack="plain"))
        state, events = start(SPEC, setup, "plain")
        assert state.deficit_pool == () and of_type(events, GameSetUp)[0].deficit_pool == ()
        state = with_player(replace(state, round=12), WU, tribe=1)
        state, events = pass_all(bidding(state))
        assert not of_type(events, DeficitTokensDrawn)
        assert state.players[WU].deficits == 1 and state.players[WU].deficit_values == ()
        assert state.scores[WU].deficits == -1
    finally:
        data.catalog.cache_clear()


@pytest.mark.parametrize(
    ("tokens", "message"),
    [
        # The range table of docs/content-packs.md: a value is -99..-1, a count 1..200.
        ([{"value": 1, "count": 3}], "value is 1, outside its range -99..-1"),
        ([{"value": 0, "count": 3}], "value is 0, outside its range -99..-1"),
        ([{"value": -1, "count": 0}], "count is 0, outside its range 1..200"),
        ([{"value": -1, "count": 2}, {"value": -1, "count": 3}], "once"),
    ],
)
def test_an_invalid_deficit_pool_is_refused(tokens, message):
    doc = standard()
    doc["tracks"]["deficit_tokens"] = tokens
    assert message in refused(doc).detail
