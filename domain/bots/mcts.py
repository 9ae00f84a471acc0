"""``mcts``: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012) with
heuristic priors and progressive widening.

One tree of the bot's information set. Each iteration draws a full state from the view
(``spec.determinize``; later draws re-draw the hidden parts of that first sample with
``spec.resample_hidden``, which is cheaper and, fed only the sample, still knows nothing the
view does not) and walks the tree with the commands legal in that state. At a node, each
command gets a prior once, the one-ply value of its result for the seat that plays it
(``eval.estimates``: as ``greedy`` sees it, or by the game's ``bot_estimate``); only the best ``WIDEN_BASE + sqrt(visits)`` of the
commands legal now are candidates (progressive widening: wide trees such as Azul's or
Carcassonne's are searched where a sensible player would look), and among them UCB picks,
with the prior counted as ``PRIOR_WEIGHT`` virtual visits (or the game's
``bot_prior_weight``) and availability counts (a child
counts as available each time it could have been chosen). The leaf is valued after a short
random rollout (``ROLLOUT_DEPTH``, 0: the value itself) with one reward per seat
(``eval.rewards``: the final ranking if the game ended, otherwise the squashed margin); each
seat in the tree picks what is best for itself. The move played is the root child visited
most.

Chance in ``decide`` (a refill, a drawn tile) is drawn afresh in every iteration, so a node
is a sequence of commands and its statistics average over the outcomes ("open loop").

The root's children are compared on common deals: a child's n-th visit plays on the n-th
sample of the hidden parts and the n-th chance draws, the same for every child. What
separates two moves is then the moves, not the luck of the deals each happened to get: with
the few dozen iterations a Carcassonne move affords, an opponent's reply to a random tile
varied more between deals than the moves' values did between each other. A game can opt out
(``GameSpec.bot_common_deals``): Castles, whose wide choices and costly priors leave a visit
or two per child, so that every child was judged on the same one or two deals; there each
iteration plays the next sample whichever child it visits, as before bots version 2
(against random, on the same 100 seeds: 86 wins with common deals, 95 without).
"""

from __future__ import annotations

import math
from typing import Any

import msgspec

from domain._kernel import DomainError, GameSpec, Rng, View
from domain.bots.eval import estimates, margins, rewards, scale, squash
from domain.bots.policies import apply, seats_of

EXPLORATION = 0.35
"""UCB's exploration constant, for rewards in [0, 1]."""
PRIOR_WEIGHT = 3.0
"""How many visits a command's prior counts as (a game may set its own:
``GameSpec.bot_prior_weight``)."""
WIDEN_BASE = 3
ROLLOUT_DEPTH: dict[str, int] = {}
"""Random commands played after the tree before the state is valued, per game (default 0)."""
SAMPLES = 16
"""Distinct determinizations cycled through (re-drawing costs more than it gains beyond)."""

_key = msgspec.msgpack.encode


class _Node:
    __slots__ = ("avail", "children", "command", "draws", "priors", "seat", "total", "visits")

    def __init__(self, command: Any, seat: int, prior: float, weight: float) -> None:
        self.command = command
        self.seat = seat
        """The seat that played ``command`` to reach this node."""
        self.children: dict[bytes, _Node] = {}
        self.priors: dict[bytes, float] = {}
        self.visits = 0
        self.avail = 0
        self.draws = 0
        """Root children: the iterations begun through it (its next deal's number)."""
        self.total = prior * weight
        """Sum of the rewards of ``seat``, the prior's ``weight`` virtual visits included."""


class _OutOfTime(Exception):
    """The CPU budget ran out in the middle of an iteration: it is dropped (not backed up)."""


class _Search:
    def __init__(
        self, spec: GameSpec, seat: int, players: int, clock: Any, deadline: float | None
    ) -> None:
        self.spec = spec
        self.clock = clock
        self.deadline = deadline
        self.seat = seat
        self.players = players
        self.scale = scale(spec)
        self.depth = ROLLOUT_DEPTH.get(spec.slug, 0)
        self.weight = PRIOR_WEIGHT if spec.bot_prior_weight is None else spec.bot_prior_weight

    def prior(self, state: Any, mover: int, command: Any, rng: Rng) -> float:
        try:
            after = apply(self.spec, state, mover, command, rng)
        except DomainError:  # legal for the true state, not in this sample: tried last
            return 0.0
        if self.spec.result(after) is not None:
            return rewards(self.spec, after, self.players)[mover]
        return squash(margins(estimates(self.spec, after, self.players))[mover], self.scale)

    def candidates(self, node: _Node, state: Any, mover: int, commands: list, rng: Rng) -> list:
        """The commands legal now that the node may try, best prior first."""
        priors = node.priors
        keyed = []
        late = False
        for index, command in enumerate(commands):
            key = _key(command)
            prior = priors.get(key)
            if prior is None:
                if late:  # out of time: the rest untried, not valued (nor kept)
                    keyed.append((0.0, key, command))
                    continue
                prior = priors[key] = self.prior(state, mover, command, rng.fork(f"p{index}"))
                # After every prior: one can cost milliseconds (a Castles prior scores the
                # castle), and a check every eighth let a move overrun its cap by 360 ms.
                if self.deadline is not None:
                    late = self.clock() >= self.deadline
            keyed.append((prior, key, command))
        keyed.sort(key=lambda entry: entry[0], reverse=True)
        width = WIDEN_BASE + int(math.sqrt(node.visits))
        return keyed[:width]

    def iterate(
        self, root: _Node, state: Any, legal: list, rng: Rng, deal: Any, number: int
    ) -> None:
        """One iteration (the ``number``-th); ``state`` and ``rng`` serve the root's priors,
        and below the root the chosen child's next deal (``deal(n)``: its n-th sample and
        chance draws), or the iteration's own (``deal(number)``) in a game that does not
        compare on common deals (``GameSpec.bot_common_deals``)."""
        spec = self.spec
        node = root
        path = [root]
        step = 0
        while spec.result(state) is None:
            acting = spec.to_act(state)
            if not acting:
                break
            if node is not root and self.deadline is not None and self.clock() >= self.deadline:
                raise _OutOfTime
            mover = self.seat if node is root else acting[0]
            commands = legal if node is root else spec.legal_commands(state, mover)
            if not commands:
                break
            chosen = None
            best = float("-inf")
            expanded = False
            for prior, key, command in self.candidates(node, state, mover, commands, rng):
                child = node.children.get(key)
                if child is None:
                    if not expanded:  # the best untried candidate, at once
                        chosen = _Node(command, mover, prior, self.weight)
                        node.children[key] = chosen
                        expanded = True
                        best = float("inf")
                    continue
                child.avail += 1
                if expanded:
                    continue
                ucb = child.total / (child.visits + self.weight) + EXPLORATION * math.sqrt(
                    math.log(child.avail + 1) / (child.visits + 1)
                )
                if ucb > best:
                    chosen, best = child, ucb
            assert chosen is not None
            if expanded:
                chosen.avail += 1
            if node is root:
                state, rng = deal(chosen.draws if spec.bot_common_deals else number)
                chosen.draws += 1
            state = apply(spec, state, mover, chosen.command, rng.fork(f"s{step}"))
            path.append(chosen)
            node = chosen
            step += 1
            if expanded:
                break
        for r in range(self.depth):
            if spec.result(state) is not None:
                break
            acting = spec.to_act(state)
            if not acting:
                break
            mover = acting[0] if len(acting) == 1 else rng.choice(acting)
            commands = spec.legal_commands(state, mover)
            if not commands:
                break
            state = apply(spec, state, mover, rng.choice(commands), rng.fork(f"r{r}"))
        reward = rewards(spec, state, self.players, estimate=True)
        for visited in path:
            visited.visits += 1
            visited.total += reward[visited.seat]


def mcts(spec: GameSpec, view: View, seat: int, legal: list[Any], rng: Rng, budget: Any) -> Any:
    assert spec.determinize is not None
    clock = budget.clock
    deadline = None
    if clock is not None and budget.cpu_ms is not None:
        deadline = clock() + budget.cpu_ms / 1000.0
    first = spec.determinize(view, seat, rng.fork("determinize"))
    search = _Search(spec, seat, seats_of(spec, first), clock, deadline)
    samples = [first]

    def deal(number: int) -> tuple[Any, Rng]:
        slot = number % SAMPLES
        while slot >= len(samples):
            samples.append(spec.resample_hidden(first, seat, rng.fork(f"sample{len(samples)}")))
        return samples[slot], rng.fork(f"deal{number}")

    root = _Node(None, seat, 0.0, search.weight)
    root_keys = {_key(c) for c in legal}
    for iteration in range(max(1, budget.playouts)):
        if deadline is not None and iteration and clock() >= deadline:  # type: ignore[misc]
            break
        try:
            search.iterate(root, first, legal, rng.fork("root"), deal, iteration)
        except _OutOfTime:
            break
        except DomainError:
            # A root command the sample does not allow (a gap a game's determinizer
            # documents): the iteration is lost, the search goes on.
            continue
    best = max(
        (child for key, child in root.children.items() if key in root_keys),
        key=lambda c: (c.visits, c.total),
        default=None,
    )
    return best.command if best is not None else rng.choice(legal)
