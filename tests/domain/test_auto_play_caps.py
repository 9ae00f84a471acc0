"""The kernel's inline auto-play is bounded without a clock (docs/lifecycle.md, "Timeouts"):
``Terms.auto_play_commands`` caps the commands the policy values for one decision and
``auto_play_batch`` the zombie decisions after one decision, the next zombie being due at
once. Games created before the caps (both 0) play and replay as they did."""

from __future__ import annotations

import importlib

import msgspec
import pytest

from domain._kernel import Rng
from domain.lifecycle import MATCHES, Clock, Match, Terms
from domain.lifecycle import commands as c
from domain.lifecycle import events as e
from domain.lifecycle.playout import playout
from domain.lifecycle.terms import AUTO_PLAY_BATCH, AUTO_PLAY_COMMANDS

SLUGS = sorted(MATCHES)
START = 1_700_000_000_000
TURN = 1_000


def _players(match: Match) -> int:
    return 2 if match.min_players <= 2 <= match.max_players else match.min_players


def _first_timeout(match: Match, commands: int):
    terms = Terms(
        clock=Clock(turn_ms=TURN), started_ms=START, auto_play="greedy", auto_play_commands=commands
    )
    setup = match.new_setup(_players(match), terms=terms)
    state = match.initial_state(setup)
    for event in match.start(setup, Rng("caps", 0)):
        state = match.evolve(state, event)
    seat = match.to_act(state)[0]
    return (
        state,
        seat,
        lambda: match.decide(state, None, c.TimeOut(seat=seat), Rng("c", 1), START + TURN),
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_an_auto_played_decision_values_at_most_the_terms_commands(slug, monkeypatch) -> None:
    policies = importlib.import_module("domain.bots.policies")
    real = policies.values
    valued: list[int] = []

    def values(spec, after, players):
        valued.append(players)
        return real(spec, after, players)

    monkeypatch.setattr(policies, "values", values)
    match = MATCHES[slug]
    for cap in (2, 0):
        valued.clear()
        state, seat, time_out = _first_timeout(match, cap)
        legal = match.game.legal_commands(state.rules, seat)
        events = time_out()
        assert isinstance(events[1], e.SeatAutoPlayed)
        assert events[1].command in [msgspec.to_builtins(command) for command in legal]
        if cap:
            assert 1 <= len(valued) <= cap < len(legal), (len(valued), len(legal))
            # Which commands are valued is drawn from the seed: the audit re-decides it.
            assert msgspec.json.encode(time_out()) == msgspec.json.encode(events)
        else:  # a game from before the cap values every command, as it did
            assert len(valued) >= len(legal) - 2  # all but what a sample refuses


def _zombie_playout(match: Match, batch: int) -> list[tuple]:
    """A game nobody plays (every seat a zombie after its first timeout): per decision, the
    command (None: the clock's) and its events."""
    terms = Terms(
        clock=Clock(turn_ms=TURN, zombie_after=1),
        started_ms=START,
        max_events=match.max_events,
        auto_play="random",
        auto_play_batch=batch,
    )
    steps: list[tuple] = []
    state, _ = playout(
        match,
        match.new_setup(_players(match), terms=terms),
        "zombies",
        lambda seat, since: None,
        on_step=lambda state, seat, command, events: steps.append((command, events)),
    )
    assert match.is_over(state)
    return steps


@pytest.mark.parametrize("slug", SLUGS)
def test_zombies_play_at_most_the_batch_after_one_decision_and_go_on_at_once(slug) -> None:
    """Without the cap a game whose every seat is a zombie plays its rest in one batch (one
    request or clock tick: 0.3-2.3 s of a worker's loop measured, bench.auto_play)."""
    match = MATCHES[slug]
    old = _zombie_playout(match, 0)
    played = [sum(isinstance(x, e.SeatAutoPlayed) for x in events) for _, events in old]
    assert max(played) > AUTO_PLAY_BATCH + 1

    steps = _zombie_playout(match, AUTO_PLAY_BATCH)
    seats = _players(match)
    for index, (command, events) in enumerate(steps):
        assert isinstance(command, c.TimeOut)  # nobody acts: every decision is the clock's
        played = sum(isinstance(x, e.SeatAutoPlayed) for x in events)
        assert played <= AUTO_PLAY_BATCH + 1
        timed_out = [x for x in events if isinstance(x, e.TurnTimedOut)]
        if index < seats:  # the first timeouts make the seats zombies one by one
            continue
        # Every seat is a zombie: played on, never timed out again.
        assert not timed_out and played >= 1
        clocks = events[-1]
        if isinstance(clocks, e.ClocksSet):
            # The zombie the cap left to act is due at once, not after a turn.
            assert all(d.deadline == d.since for d in clocks.deciding)
    assert len(steps) > len(old)


def test_new_terms_name_both_caps_and_old_terms_decode_without_them() -> None:
    assert AUTO_PLAY_COMMANDS >= 1 and AUTO_PLAY_BATCH >= 1
    stored = msgspec.json.encode(Terms(auto_play="greedy"))
    assert b"auto_play_commands" not in stored and b"auto_play_batch" not in stored
    old = msgspec.json.decode(stored, type=Terms)
    assert old.auto_play_commands == 0 and old.auto_play_batch == 0
