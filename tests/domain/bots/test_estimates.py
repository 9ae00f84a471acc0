"""``GameSpec.bot_estimate`` and ``bot_prior_weight``: what ``mcts`` values a state by and how
far it trusts the one-ply ranking, per game, without changing ``greedy`` (which the kernel's
auto-play uses and the audit re-decides)."""

from __future__ import annotations

import dataclasses
import math

import msgspec

from domain._kernel import Rng, playout
from domain.bots import Budget, choose
from domain.bots.eval import estimates, margins, values
from domain.bots.policies import apply
from domain.carcassonne import bot
from domain.registry import GAMES
from tests.domain.bots.midgame import greedy_midgame

SPEC = GAMES["carcassonne"]


def _midgame(moves: int):
    return greedy_midgame("carcassonne", moves, "estimates")


def test_a_finished_game_is_estimated_at_its_final_scores() -> None:
    # Rulebook, "End of the game": after the final scoring the scores are the result.
    final, _ = playout(SPEC, SPEC.new_setup(2), "estimates-final")
    scores = {s.seat: float(s.score) for s in SPEC.result(final).ranking}
    assert bot.estimates(final) == [scores[0], scores[1]] == bot.values(final)


def test_a_follower_in_hand_counts_only_while_its_seat_has_turns_left() -> None:
    # Rulebook, "End of the game": the game ends when the last tile is placed, so a follower
    # still in the supply then scores nothing; with one tile left a seat can place one more
    # follower at most, however many it holds.
    state = _midgame(0)  # nothing on the board yet: every follower in hand
    one_left = msgspec.structs.replace(state, deck=())  # only the drawn tile is left
    for seat in range(2):
        assert state.supply[seat] == 7
        assert bot.estimates(state)[seat] == bot.HAND * 7
        assert bot.estimates(one_left)[seat] == bot.HAND * min(1.0, 1 / bot.TAPER) * 1
    # values() counts every follower in hand whatever is left: greedy is unchanged.
    assert bot.values(one_left) == bot.values(state)


def test_an_occupied_city_nearer_closing_is_estimated_higher() -> None:
    # Rulebook, "Scoring a completed city": 2 points a tile and shield, against 1 at the end.
    state = _midgame(20)
    roots = [
        r
        for r, f in enumerate(state.features)
        if f is not None and f.kind == "city" and f.followers and not f.done and f.open > 0
    ]
    assert roots, "the greedy midgame has an open occupied city"
    root = roots[0]
    city = state.features[root]
    seat = city.followers[0].seat
    features = list(state.features)
    features[root] = msgspec.structs.replace(city, open=city.open + 1)
    wider = msgspec.structs.replace(state, features=tuple(features))
    assert bot.estimates(state)[seat] > bot.estimates(wider)[seat]
    assert bot.values(state)[seat] == bot.values(wider)[seat]  # the value cannot tell them apart


def test_only_mcts_uses_the_estimate() -> None:
    state = _midgame(10)
    assert estimates(SPEC, state, 2) == bot.estimates(state)
    assert values(SPEC, state, 2) == bot.values(state)  # greedy's
    plain = dataclasses.replace(SPEC, bot_estimate=None)
    assert estimates(plain, state, 2) == bot.values(state)


def test_a_heavy_prior_weight_plays_the_best_estimated_command() -> None:
    # With priors counted as (almost) endless visits the search cannot overturn the one-ply
    # ranking by the estimate. A Carcassonne command's value does not depend on the hidden
    # order of the pile (only on how many tiles are left), so the ranking can be computed
    # from the true state.
    state = _midgame(16)
    seat = SPEC.to_act(state)[0]
    legal = SPEC.legal_commands(state, seat)
    worth = [
        margins(bot.estimates(apply(SPEC, state, seat, c, Rng("x", i))))[seat]
        for i, c in enumerate(legal)
    ]
    best = max(worth)
    top = {msgspec.msgpack.encode(c) for c, w in zip(legal, worth, strict=True) if w >= best - 1e-9}
    heavy = dataclasses.replace(SPEC, bot_prior_weight=1e9)
    view = SPEC.view(state, seat)
    for n in range(3):
        command = choose("mcts", heavy, view, seat, legal, Rng("heavy", n), Budget(40))
        assert msgspec.msgpack.encode(command) in top
    assert SPEC.bot_prior_weight == bot.PRIOR_WEIGHT > 3
    assert not math.isclose(min(worth), best)  # the ranking had something to choose
