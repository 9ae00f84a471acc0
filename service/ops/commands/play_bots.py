"""``gamestate play GAME --bots mcts,random``: the service's bot policies (``domain.bots``,
docs/bots.md) take the first seats; the seats after them are played by the command's random
client as usual.

In-process the policies play with the rules alone, each move under the level's budget (CPU
time read with ``time.process_time``, as the service's bot workers do), deciding from the
seat's view only (``decide_for``). Over HTTP the game is created with bot seats (``{"bot",
"level"}``) and the server plays them; a game of bots alone needs the admin key. Each game's
id (over HTTP) and its outcome go to stderr; the summary table to stdout as for any play."""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Any

from service.games.bots import LEVELS


class BotsError(ValueError):
    """A bad ``--bots`` list (exit code 2)."""


def parse_bots(text: str | None, spec: Any, players: int) -> list[str]:
    """The policies of the first seats, from ``mcts,random``; checked against the game."""
    if not text:
        return []
    from domain.bots import policies_for

    bots = [name.strip() for name in text.split(",") if name.strip()]
    available = policies_for(spec)
    for name in bots:
        if name not in available:
            raise BotsError(f"{spec.slug} has no {name!r} bot (it has {', '.join(available)})")
    if len(bots) > players:
        raise BotsError(f"--bots names {len(bots)} seats of {players}")
    return bots


def play_in_process(
    slug: str, players: int, seed: str, bots: list[str], level: int
) -> tuple[list[dict[str, Any]], int, Counter]:
    """One game: seat i < len(bots) plays ``bots[i]``, the others uniformly random moves."""
    import msgspec

    from domain._kernel import Rng, decide
    from domain.bots import Budget, decide_for
    from domain.registry import GAMES

    spec = GAMES[slug]
    setup = spec.new_setup(players)
    state = spec.initial_state(setup)
    for event in spec.start(setup, Rng(seed, 0)):
        state = spec.evolve(state, event)
    playouts, cpu_ms = LEVELS[level]
    budget = Budget(playouts=playouts, cpu_ms=cpu_ms, clock=time.process_time)
    steps = 0
    while spec.result(state) is None:
        seat = spec.to_act(state)[0]
        rng = Rng(seed, steps + 1, f"bot-{seat}")
        if seat < len(bots):
            command = decide_for(bots[seat], spec, state, seat, rng, budget)
        else:
            command = rng.choice(spec.legal_commands(state, seat))
        for event in decide(spec, state, seat, command, Rng(seed, steps + 1)):
            state = spec.evolve(state, event)
        steps += 1
    ranking = msgspec.to_builtins(spec.result(state).ranking)
    print(f"game {seed}: {outcome(ranking, bots)}", file=sys.stderr)
    return ranking, steps, Counter()


def seats_body(players: int, bots: list[str], level: int) -> list[dict[str, Any]]:
    """A create body's seats: the bots first, then named seats for the command's client."""
    return [
        {"bot": bots[i], "level": level} if i < len(bots) else {"name": f"bot{i}"}
        for i in range(players)
    ]


def outcome(ranking: list[dict[str, Any]], bots: list[str]) -> str:
    def who(seat: int) -> str:
        return f"seat {seat} ({bots[seat] if seat < len(bots) else 'random client'})"

    ordered = sorted(ranking, key=lambda s: (s["place"], s["seat"]))
    return ", ".join(f"{s['place']}. {who(s['seat'])} {s['score']}" for s in ordered)
