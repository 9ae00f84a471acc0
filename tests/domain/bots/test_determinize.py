"""The determinizer property, for every game that has one: each sample is a state that gives
the bot's seat exactly its view, with the same legal commands, and that plays on to the end."""

from __future__ import annotations

import msgspec
import pytest

from domain import GAMES
from domain._kernel import Rng, decide, playout

WITH = sorted(slug for slug, spec in GAMES.items() if spec.determinize is not None)


def _enc(value: object) -> bytes:
    return msgspec.msgpack.encode(value)


def _finish(spec, state, seed: str) -> None:
    """Random legal moves from ``state`` to the end of the game."""
    for step in range(spec.max_events):
        seats = spec.to_act(state)
        if not seats or spec.result(state) is not None:
            assert spec.result(state) is not None
            return
        rng = Rng(seed, step, "finish")
        seat = rng.choice(seats)
        command = rng.choice(spec.legal_commands(state, seat))
        for event in decide(spec, state, seat, command, Rng(seed, step)):
            state = spec.evolve(state, event)
    raise AssertionError("no end")


def test_the_five_games_have_a_determinizer() -> None:
    assert sorted(GAMES) == WITH


@pytest.mark.parametrize("slug", WITH)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_give_exactly_the_view(slug: str, players: int) -> None:
    spec = GAMES[slug]
    if not spec.min_players <= players <= spec.max_players:
        pytest.skip("player count")
    variants = (spec.options_type(), *spec.variants)
    for v, options in enumerate(variants):
        setup = spec.new_setup(players, options)
        states: list = []
        playout(
            spec, setup, f"det-{slug}-{players}-{v}", on_step=lambda s, *_, a=states: a.append(s)
        )
        checked = 0
        for i in range(0, len(states), max(1, len(states) // 6)):
            state = states[i]
            for seat in range(players):
                view = spec.view(state, seat)
                sample = spec.determinize(view, seat, Rng("sample", i, str(seat)))
                assert isinstance(sample, spec.state_type)
                assert _enc(spec.view(sample, seat)) == _enc(view)
                assert spec.to_act(sample) == spec.to_act(state)
                assert _enc(spec.legal_commands(sample, seat)) == _enc(
                    spec.legal_commands(state, seat)
                )
                if seat == 0 and checked < 3:
                    _finish(spec, sample, f"finish-{i}")
                    checked += 1
