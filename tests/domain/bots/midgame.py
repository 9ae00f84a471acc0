"""A two-player game played by ``greedy`` for some moves: a state to ask the bots about."""

from __future__ import annotations

from typing import Any

from domain._kernel import Rng, decide, start
from domain.bots import decide_for
from domain.registry import GAMES


def greedy_midgame(slug: str, moves: int, seed: str) -> Any:
    spec = GAMES[slug]
    state, log = start(spec, spec.new_setup(2), seed)
    count = len(log)
    for step in range(moves):
        seat = spec.to_act(state)[0]
        command = decide_for("greedy", spec, state, seat, Rng(seed, step, "bot"))
        events = decide(spec, state, seat, command, Rng(seed, count))
        count += len(events)
        for event in events:
            state = spec.evolve(state, event)
    return state
