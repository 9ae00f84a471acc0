"""The ``determinize`` property: a game's determinizer (``spec.determinize``), which the
``greedy`` and ``mcts`` bots search over (docs/bots.md), draws states that look to the seat
exactly like the game it is in.

A bot gets its seat's view and nothing else; it draws a whole state from that view and, for
``mcts``, re-draws that sample's hidden parts with ``resample_hidden``. A sample that shows
the seat something else plays another game, and one whose legal commands differ makes the
search drop the bot's real options."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain._kernel import DomainError, GameSpec, Rng, decide, playout
from domain.testing._core import KitFailure, _enc, _require

PROPERTY = "determinize"


def _differs(a: object, b: object) -> str:
    """The top-level fields in which two views differ, for the failure message."""
    names = getattr(a, "__struct_fields__", ())
    fields = [n for n in names if _enc(getattr(a, n)) != _enc(getattr(b, n, None))]
    return ", ".join(fields) if fields else "its type or encoding"


def _legal(spec: GameSpec, state: Any, seat: int) -> set[bytes]:
    # As a set: a sample may hold a hand in another order than the true state (the view
    # sorts it), which lists the same commands in another order.
    return {msgspec.json.encode(c) for c in spec.legal_commands(state, seat)}


def _finish(spec: GameSpec, state: Any, seed: str, seat: int) -> None:
    """Random legal moves from a sample to the end, as the search's rollouts play."""
    for step in range(spec.max_events):
        if spec.result(state) is not None:
            return
        rng = Rng(seed, step, "finish")
        acting = spec.to_act(state)
        _require(acting, PROPERTY, f"a sample of seat {seat}'s view has no result, no seat to act")
        mover = rng.choice(acting)
        commands = spec.legal_commands(state, mover)
        _require(
            commands,
            PROPERTY,
            f"playing on from a sample of seat {seat}'s view, seat {mover} must act but has"
            " no legal command",
        )
        command = rng.choice(commands)
        try:
            events = decide(spec, state, mover, command, Rng(seed, step))
            for event in events:
                state = spec.evolve(state, event)
        except DomainError as error:
            raise KitFailure(
                PROPERTY,
                f"playing on from a sample of seat {seat}'s view, the listed {command!r} was"
                f" refused: {error}",
            ) from None
        except Exception as error:  # the bot's search would crash on this sample
            raise KitFailure(
                PROPERTY, f"playing on from a sample of seat {seat}'s view raised {error!r}"
            ) from error
    raise KitFailure(
        PROPERTY,
        f"random legal moves from a sample of seat {seat}'s view reach no end in"
        f" max_events {spec.max_events}",
    )


def check_sample(
    spec: GameSpec,
    state: Any,
    seat: int,
    rng: Rng,
    *,
    legal_gap: Callable[[Any, int], bool] | None = None,
) -> Any:
    """One sample drawn from ``seat``'s view of ``state``, checked; returns the sample."""
    assert spec.determinize is not None
    view = spec.view(state, seat)
    before = _enc(view)
    try:
        sample = spec.determinize(view, seat, rng.fork("determinize"))
    except Exception as error:  # the bot's move would be a 500
        raise KitFailure(PROPERTY, f"determinize raised {error!r} on seat {seat}'s view") from error
    _require(_enc(view) == before, "mutation", "determinize mutated the view it was given")
    _require(
        isinstance(sample, spec.state_type),
        PROPERTY,
        lambda: f"determinize returned {type(sample).__name__}, not {spec.state_type.__name__}",
    )
    seen = spec.view(sample, seat)
    _require(
        _enc(seen) == before,
        PROPERTY,
        lambda: (
            f"a sample drawn from seat {seat}'s view gives that seat another view"
            f" (differs in: {_differs(view, seen)}); a sample must keep all the seat sees"
        ),
    )
    _require(
        spec.to_act(sample) == spec.to_act(state),
        PROPERTY,
        lambda: (
            f"a sample drawn from seat {seat}'s view has seats {spec.to_act(sample)} to"
            f" act, the game {spec.to_act(state)}"
        ),
    )
    if legal_gap is None or not legal_gap(state, seat):
        true, drawn = _legal(spec, state, seat), _legal(spec, sample, seat)
        _require(
            true == drawn,
            PROPERTY,
            lambda: (
                f"seat {seat}'s legal commands in a sample of its view are not its true"
                f" ones: {len(true - drawn)} missing, {len(drawn - true)} extra"
                f" (e.g. {sorted(true ^ drawn)[0].decode()})"
            ),
        )
    again = spec.resample_hidden(sample, seat, rng.fork("resample"))
    _require(
        _enc(spec.view(again, seat)) == before,
        PROPERTY,
        lambda: (
            f"re-drawing a sample's hidden parts (resample_hidden) changes seat {seat}'s"
            f" view (differs in: {_differs(view, spec.view(again, seat))})"
        ),
    )
    return sample


def check_determinize(
    spec: GameSpec,
    players: int,
    seed: str,
    options: object = None,
    *,
    points: int = 12,
    finish: int = 3,
    legal_gap: Callable[[Any, int], bool] | None = None,
) -> int:
    """At about ``points`` states spread over one random legal game (current rules), for
    every seat: the sample drawn from the seat's view is a state of the game that gives the
    seat exactly that view, with the same seats to act and the seat's legal commands the true
    ones (as a set); re-drawing its hidden parts keeps the view; ``finish`` samples play on
    to the end with random legal moves. ``legal_gap(state, seat)`` names states where a
    documented gap lets the legal commands differ (the rest is still checked). Returns the
    number of samples checked, 0 for a game without a determinizer."""
    if spec.determinize is None:
        return 0
    states: list[Any] = []
    playout(spec, spec.new_setup(players, options), seed, on_step=lambda s, *_: states.append(s))
    checked = finished = 0
    for i in range(0, len(states), max(1, len(states) // points)):
        for seat in range(players):
            sample = check_sample(
                spec, states[i], seat, Rng(seed, i, f"sample{seat}"), legal_gap=legal_gap
            )
            checked += 1
            if finished < finish and seat == i % players:
                _finish(spec, sample, f"{seed}-finish-{i}", seat)
                finished += 1
    return checked
