"""Bot policies over the one game API: ``random``, ``greedy`` and ``mcts``.

A policy decides from what its seat would see over HTTP and nothing else: the seat's view
(``spec.view(state, seat)``) and its legal commands. It may draw full states from the view
with the game's ``determinize`` (hidden parts drawn at random among those the view allows)
and search over them; it never receives the true state. ``decide_for`` is the one place that
holds a true state, and it hands the policy only the view and the legal commands.

Pure like the rest of the domain: randomness only from the ``Rng`` passed in; a CPU-time
budget is read through the clock callable in :class:`Budget` (the caller's, e.g.
``time.process_time``), never from a clock of the domain's own. With a playout budget alone
(no clock) a decision is a function of (policy, view, legal commands, seed).

A game without ``determinize`` gets ``random`` and ``greedy`` only (``policies_for``), and
its ``greedy`` has no state to look one ply ahead in: it plays like ``random`` (documented
in docs/bots.md; the five built-in games all have a determinizer).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain._kernel import GameSpec, Rng, View
from domain.bots.mcts import mcts
from domain.bots.policies import greedy, random_policy


@dataclass(frozen=True)
class Budget:
    """How long a policy may think: at most ``playouts`` playouts (MCTS iterations) and, with
    a ``clock`` (seconds, e.g. ``time.process_time``), at most ``cpu_ms`` of it. ``commands``
    caps the commands ``greedy`` values (those it values are drawn from its seed): a bound
    without a clock, for the kernel's inline auto-play."""

    playouts: int = 300
    cpu_ms: float | None = None
    clock: Callable[[], float] | None = None
    commands: int | None = None


Policy = Callable[[GameSpec, View, int, list[Any], Rng, Budget], Any]
"""``policy(spec, view, seat, legal, rng, budget) -> one of legal``."""

POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy, "mcts": mcts}
VERSION = "4"
"""Bumped when a policy's decisions change for the same inputs (recorded with bot moves):
"2", ``mcts`` compares the root's children on common deals; "3", except in a game that opts
out (``GameSpec.bot_common_deals``: Castles); "4", ``mcts`` values by a game's
``bot_estimate`` and weighs its priors by ``bot_prior_weight`` (Carcassonne; the weight
also Three Kingdoms)."""


def policies_for(spec: GameSpec) -> tuple[str, ...]:
    """The policies a game supports: ``mcts`` needs the game's determinizer."""
    if spec.determinize is None:
        return ("random", "greedy")
    return tuple(POLICIES)


def choose(
    policy: str,
    spec: GameSpec,
    view: View,
    seat: int,
    legal: list[Any],
    rng: Rng,
    budget: Budget | None = None,
) -> Any:
    """The command ``policy`` plays for ``seat`` from its view and legal commands."""
    if policy not in policies_for(spec):
        raise ValueError(f"{spec.slug} has no {policy!r} bot: {', '.join(policies_for(spec))}")
    if not legal:
        raise ValueError(f"seat {seat} has no legal command")
    if len(legal) == 1:
        return legal[0]
    return POLICIES[policy](spec, view, seat, legal, rng, budget or Budget())


def decide_for(
    policy: str, spec: GameSpec, state: Any, seat: int, rng: Rng, budget: Budget | None = None
) -> Any:
    """Play ``seat`` from a true state: only its view and its legal commands go further."""
    return choose(
        policy,
        spec,
        spec.view(state, seat),
        seat,
        spec.legal_commands(state, seat),
        rng,
        budget,
    )


__all__ = ["POLICIES", "VERSION", "Budget", "Policy", "choose", "decide_for", "policies_for"]
