"""Command metrics (service/support/metrics.py): each outcome and code counted under its own
labels, also when their children are reused from the cache."""

from __future__ import annotations

import time

from prometheus_client import REGISTRY

from service.support.metrics import command_outcome


def _value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_each_outcome_is_counted_under_its_own_labels() -> None:
    game = "metrics-test"
    accepted = {"game": game, "outcome": "accepted", "code": ""}
    rejected = {"game": game, "outcome": "rejected", "code": "not_your_turn"}
    for _ in range(3):
        command_outcome(game, "accepted", started=time.perf_counter())
    command_outcome(game, "rejected", "not_your_turn", time.perf_counter())
    command_outcome(game, "rejected", "not_your_turn")  # no latency without a start
    assert _value("gamestate_commands_total", **accepted) == 3
    assert _value("gamestate_commands_total", **rejected) == 2
    latency = "gamestate_command_duration_seconds_count"
    assert _value(latency, game=game, outcome="accepted") == 3
    assert _value(latency, game=game, outcome="rejected") == 1
