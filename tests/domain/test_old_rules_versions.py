"""Games stored under an older rules version keep their rules (DESIGN.md: "A rules change
bumps that game's rules version; games stored under the old version keep replaying").

Each fixture in tests/domain/fixtures was recorded with the code *before* a rules change
(tests/domain/fixtures/record.py; the commit is in the file). For each: the stored events
still fold into the recorded state, the set-up and every recorded command re-decide into
exactly the stored events when the game is set up under its recorded rules version, and the
game's legal commands at every step come from that version's rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain._kernel import DomainError, GameSpec, Rng, decide
from domain.registry import GAMES

FIXTURES = Path(__file__).parent / "fixtures"
FILES = sorted(FIXTURES.glob("*_v*.json"))


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())


def plain(value: Any) -> Any:
    """As stored: JSON (tuples become lists)."""
    return json.loads(msgspec.json.encode(value))


def setup_of(spec: GameSpec, doc: dict[str, Any]):
    options = msgspec.convert(doc["options"], spec.options_type)
    return spec.new_setup(doc["players"], options, doc["rules_version"])


def assert_contains(recorded: Any, now: Any, where: str = "state") -> None:
    """Every field the recorded state had is still there with the same value (fields added
    to the state since then are allowed)."""
    if isinstance(recorded, dict):
        assert isinstance(now, dict), where
        for key, value in recorded.items():
            assert key in now, f"{where}.{key} is gone"
            assert_contains(value, now[key], f"{where}.{key}")
    elif isinstance(recorded, list):
        assert isinstance(now, list) and len(now) == len(recorded), where
        for index, (a, b) in enumerate(zip(recorded, now, strict=True)):
            assert_contains(a, b, f"{where}[{index}]")
    else:
        assert recorded == now, f"{where}: recorded {recorded!r}, now {now!r}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_stored_game_replays_to_the_recorded_state(path: Path) -> None:
    doc = load(path)
    spec = GAMES[doc["game"]]
    state = spec.initial_state(setup_of(spec, doc))
    for data in doc["events"]:
        state = spec.evolve(state, msgspec.convert(data, spec.event_type))
    assert_contains(doc["state"], plain(state))
    assert (spec.result(state) is not None) == doc["finished"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_its_commands_re_decide_into_the_stored_events_under_its_rules_version(
    path: Path,
) -> None:
    doc = load(path)
    spec = GAMES[doc["game"]]
    setup = setup_of(spec, doc)
    stored = doc["events"]
    seed = doc["seed"]
    setup_events = plain(spec.start(setup, Rng(seed, 0)))
    assert setup_events == stored[: len(setup_events)]
    state = spec.initial_state(setup)
    for data in stored[: len(setup_events)]:
        state = spec.evolve(state, msgspec.convert(data, spec.event_type))
    version = len(setup_events)
    for entry in doc["commands"]:
        assert entry["at_version"] == version
        command = msgspec.convert(entry["command"], spec.command_type)
        assert command in spec.legal_commands(state, entry["seat"])
        events = decide(spec, state, entry["seat"], command, Rng(seed, version))
        decided = plain(events)
        assert decided == stored[version : version + len(decided)], f"at version {version}"
        for event in events:
            state = spec.evolve(state, event)
        version += len(decided)
    assert version == len(stored)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_new_game_uses_the_new_rules(path: Path) -> None:
    """The same seed and commands under the current rules version part from the stored game
    (a refused command or other events): the version switch is what keeps the old game."""
    doc = load(path)
    spec = GAMES[doc["game"]]
    assert doc["rules_version"] != spec.rules_version
    assert doc["rules_version"] in spec.older_rules_versions
    options = msgspec.convert(doc["options"], spec.options_type)
    setup = spec.new_setup(doc["players"], options)
    assert setup.rules_version == spec.rules_version
    stored, seed = doc["events"], doc["seed"]
    events = plain(spec.start(setup, Rng(seed, 0)))
    if events != stored[: len(events)]:
        return  # the set-up already differs
    state = spec.initial_state(setup)
    for data in events:
        state = spec.evolve(state, msgspec.convert(data, spec.event_type))
    version = len(events)
    for entry in doc["commands"]:
        command = msgspec.convert(entry["command"], spec.command_type)
        try:
            new = decide(spec, state, entry["seat"], command, Rng(seed, version))
        except DomainError:
            return  # refused by the new rules
        if plain(new) != stored[version : version + len(new)]:
            return
        for event in new:
            state = spec.evolve(state, event)
        version += len(new)
    pytest.fail("the current rules re-decide the old game identically")
