"""``mcts`` compares its root's children on common deals (domain/bots/mcts.py): a child's
n-th visit plays on the n-th sample of the hidden parts, the same for every child, so what
separates two moves is the moves and not the luck of their deals."""

from __future__ import annotations

import dataclasses
import importlib

import msgspec

from domain._kernel import Rng
from domain.bots import Budget, choose
from domain.registry import GAMES
from tests.domain.bots.midgame import greedy_midgame


def _midgame(slug: str, moves: int):
    spec = GAMES[slug]
    state = greedy_midgame(slug, moves, f"deals-{slug}")
    return spec, state, spec.to_act(state)[0]


def _root_visits(monkeypatch, spec, state, seat) -> tuple[dict[bytes, list[int]], list[int]]:
    """The samples each root child was played on (its prior first), and every root visit's
    sample in the order of the iterations."""
    samples: list = []

    def first(view, viewer, rng):
        samples.append(spec.determinize(view, viewer, rng))
        return samples[-1]

    def again(sample, viewer, rng):
        samples.append(spec.resample_hidden(sample, viewer, rng))
        return samples[-1]

    traced = dataclasses.replace(spec, determinize=first, resample_hidden=again)
    mcts = importlib.import_module("domain.bots.mcts")
    real = mcts.apply
    legal = spec.legal_commands(state, seat)
    roots = {msgspec.msgpack.encode(c) for c in legal}
    seen: dict[bytes, list[int]] = {}
    order: list[int] = []

    def apply(spec_, on, mover, command, rng):
        key = msgspec.msgpack.encode(command)
        which = [i for i, s in enumerate(samples) if s is on]
        if mover == seat and key in roots and which:
            seen.setdefault(key, []).append(which[0])
            order.append(which[0])
        return real(spec_, on, mover, command, rng)

    monkeypatch.setattr(mcts, "apply", apply)
    choose("mcts", traced, spec.view(state, seat), seat, legal, Rng("deals", 0), Budget(60))
    return seen, order[len(seen) :]  # the first visit of each root command: its prior


def test_every_root_child_is_visited_on_the_same_sequence_of_samples(monkeypatch) -> None:
    spec, state, seat = _midgame("carcassonne", 20)
    seen, _ = _root_visits(monkeypatch, spec, state, seat)
    visited = {key: used[1:] for key, used in seen.items() if len(used) > 1}  # [0]: its prior
    assert len(visited) >= 3
    longest = max(visited.values(), key=len)
    assert len(longest) >= 4
    for used in visited.values():
        assert used == longest[: len(used)]  # each child's n-th visit: the same n-th sample
    assert longest[:4] == [0, 1, 2, 3]


def test_a_game_that_opts_out_plays_each_iteration_on_the_next_sample(monkeypatch) -> None:
    # Castles opts out (GameSpec.bot_common_deals): with a visit or two per child, common
    # deals judged every child on the same one or two deals.
    assert GAMES["castles"].bot_common_deals is False
    spec, state, seat = _midgame("carcassonne", 20)
    spec = dataclasses.replace(spec, bot_common_deals=False)
    _, order = _root_visits(monkeypatch, spec, state, seat)
    assert len(order) >= 40
    assert order == [n % 16 for n in range(len(order))]
