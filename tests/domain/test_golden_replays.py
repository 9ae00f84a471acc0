"""Behaviour pinned by digests: random games of every game, option variant and player count,
played by the kernel's ``playout`` and by the lifecycle's (a clocked match with timeouts, so
auto-play and zombies are in it too), hashed event by event, legal command by legal command
and view by view (every seat and the spectator after every decision).

The expected digests in ``golden_replays.json`` were recorded on commit 0e7a696, before the
playout speed work (issue #23 item 5): a speed change that changes one byte of an event, one
legal command or its order, or one view fails here. Re-record only for a deliberate rules
change (with a rules version bump):

    python -m tests.domain.test_golden_replays --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import msgspec
import pytest

from domain._kernel import GameSpec, Rng, decide, start
from domain.lifecycle import MATCHES, Clock, Terms
from domain.lifecycle.playout import playout as match_playout
from domain.registry import GAMES

GOLDEN = Path(__file__).with_name("golden_replays.json")
SEEDS = ("golden-0", "golden-1")


def _cases() -> list[tuple[str, str, GameSpec, object, int]]:
    cases = []
    for slug in sorted(GAMES):
        spec = GAMES[slug]
        for index, options in enumerate((None, *spec.variants)):
            for players in range(spec.min_players, spec.max_players + 1):
                cases.append((f"{slug}/{index}/{players}", slug, spec, options, players))
    return cases


def _encode(value: object) -> bytes:
    return msgspec.json.encode(value)


def kernel_digest(spec: GameSpec, options: object, players: int, seed: str) -> str:
    """The kernel's random playout, with every legal command list and every view hashed."""
    digest = hashlib.sha256()
    setup = spec.new_setup(players, options)
    state, events = start(spec, setup, seed)
    version = len(events)
    for event in events:
        digest.update(_encode(event))
    for step in range(100_000):
        for viewer in (None, *range(players)):
            digest.update(_encode(spec.view(state, viewer)))
        seats = spec.to_act(state)
        digest.update(_encode(seats))
        if not seats:
            digest.update(_encode(spec.result(state)))
            return digest.hexdigest()
        bot = Rng(seed, step, "bot")
        seat = bot.choice(seats)
        for other in range(players):
            digest.update(_encode(spec.legal_commands(state, other)))
        command = bot.choice(spec.legal_commands(state, seat))
        new = decide(spec, state, seat, command, Rng(seed, version))
        for event in new:
            digest.update(_encode(event))
            for viewer in (None, *range(players)):
                digest.update(_encode(spec.redact(event, viewer)))
            state = spec.evolve(state, event)
        version += len(new)
    raise AssertionError("no end")


TERMS = {
    "clock": Terms(clock=Clock(turn_ms=1_000, bank_ms=500, zombie_after=2), max_events=0),
    "cap": Terms(max_events=60),
    "plain": Terms(),
}
"""A clock (seat 0 stops after a while and is timed out, auto-played, made a zombie; the
others sometimes run out of time), an event cap the game reaches (abandoned by the kernel),
and neither (the rules alone decide)."""


def match_digest(slug: str, options: object, players: int, seed: str, terms: str) -> str:
    """The lifecycle's playout under ``TERMS[terms]``: every legal command list asked for
    and every event."""
    match = MATCHES[slug]
    setup = match.new_setup(players, options, terms=TERMS[terms])

    def think(seat: int, since: int) -> int | None:
        if terms == "clock" and seat == 0 and since > 40_000:
            return None
        return Rng("think", since, str(seat)).below(1_700)

    digest = hashlib.sha256()

    def on_step(state, seat, command, new) -> None:
        digest.update(_encode(match.legal_commands(state, seat if seat is not None else 0)))

    final, events = match_playout(match, setup, seed, think, on_step=on_step)
    for event in events:
        digest.update(_encode(event))
    digest.update(_encode(match.result(final)))
    return digest.hexdigest()


def digests() -> dict[str, str]:
    out = {}
    for key, slug, spec, options, players in _cases():
        for seed in SEEDS:
            out[f"kernel/{key}/{seed}"] = kernel_digest(spec, options, players, seed)
        for terms in TERMS:
            out[f"match/{terms}/{key}/{SEEDS[0]}"] = match_digest(
                slug, options, players, SEEDS[0], terms
            )
    return out


@pytest.mark.parametrize("case", _cases(), ids=[c[0] for c in _cases()])
def test_random_games_replay_byte_identically(case) -> None:
    key, slug, spec, options, players = case
    expected = json.loads(GOLDEN.read_text())
    for seed in SEEDS:
        got = kernel_digest(spec, options, players, seed)
        assert got == expected[f"kernel/{key}/{seed}"], f"kernel {key} {seed}"
    for terms in TERMS:
        got = match_digest(slug, options, players, SEEDS[0], terms)
        assert got == expected[f"match/{terms}/{key}/{SEEDS[0]}"], f"match {terms} {key}"


if __name__ == "__main__":
    result = digests()
    if "--write" in sys.argv:
        GOLDEN.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    print(json.dumps(result, indent=1, sort_keys=True))
