"""The ``random`` and ``greedy`` policies, and the helpers the search shares with them."""

from __future__ import annotations

from typing import Any

from domain._kernel import DomainError, GameSpec, Rng, View
from domain.bots.eval import values


def random_policy(
    spec: GameSpec, view: View, seat: int, legal: list[Any], rng: Rng, budget: Any
) -> Any:
    return rng.choice(legal)


def apply(spec: GameSpec, state: Any, seat: int, command: Any, rng: Rng) -> Any:
    """The state after a legal command (chance, such as a refill, drawn from ``rng``)."""
    for event in spec.decide(state, seat, command, rng):
        state = spec.evolve(state, event)
    return state


def greedy(spec: GameSpec, view: View, seat: int, legal: list[Any], rng: Rng, budget: Any) -> Any:
    """One ply: every legal command applied to one state drawn from the view, the one whose
    result is worth most to the seat (its ``eval.values`` minus the best other seat's) played;
    ties broken at random. Without a determinizer there is no state: a random command.

    Under a CPU budget (a clock and ``cpu_ms``: a bot seat's move) the commands are valued in
    a random order until it runs out, and the best of those valued is played: one ply of a
    wide Castles choice scores the castle for each command, 0.8 s for one move measured.
    With a ``commands`` cap (the kernel's auto-play in new games) at most that many, drawn in
    the same random order; with neither (auto-play in games from before the cap) all."""
    if spec.determinize is None:
        return rng.choice(legal)
    clock = getattr(budget, "clock", None)
    cpu_ms = getattr(budget, "cpu_ms", None)
    deadline = None if clock is None or cpu_ms is None else clock() + cpu_ms / 1000.0
    cap = getattr(budget, "commands", None)
    sample = spec.determinize(view, seat, rng.fork("sample"))
    players = seats_of(spec, sample)
    best: list[Any] = []
    best_score = float("-inf")
    order = list(enumerate(legal))
    if deadline is not None or cap is not None:  # a cut must not always leave the tail
        order = rng.fork("order").shuffled(order)
    if cap is not None:
        order = order[: max(1, cap)]
    for index, command in order:
        if deadline is not None and best and clock() >= deadline:  # type: ignore[misc]
            break
        try:
            after = apply(spec, sample, seat, command, rng.fork(f"ply{index}"))
        except DomainError:  # a sample may miss what the view cannot tell (docs/bots.md)
            continue
        every = values(spec, after, players)
        others = [v for s, v in enumerate(every) if s != seat]
        score = every[seat] - (max(others) if others else 0.0)
        if score > best_score + 1e-9:
            best, best_score = [command], score
        elif score >= best_score - 1e-9:
            best.append(command)
    return rng.choice(best or legal)


def seats_of(spec: GameSpec, state: Any) -> int:
    """How many seats the game has (states name it ``players``; otherwise its ranking)."""
    players = getattr(state, "players", None)
    if isinstance(players, int):
        return players
    if isinstance(players, tuple):
        return len(players)
    assert spec.provisional_result is not None, "a bot needs provisional_result"
    return len(spec.provisional_result(state).ranking)
