"""The one property suite every registered game must pass (OpenSpiel-style).

Random legal playouts to the end for every player count, checking at each step that:
inputs are never mutated, commands and events round-trip through JSON, legal commands are
accepted and near-misses outside the list are refused, seats not to act are refused, and
views do not change when hidden information is re-drawn. At the end: replay equals the
incremental state, the result ranks every seat, and the same seed gives the same game.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.registry import GAMES
from domain._kernel import DomainError, GameSpec, Rng, decide, fold, playout

CASES = [
    (slug, n)
    for slug, spec in sorted(GAMES.items())
    for n in range(spec.min_players, spec.max_players + 1)
]
CASE_IDS = [f"{slug}-{n}p" for slug, n in CASES]

seeds = st.text(alphabet="0123456789abcdef", min_size=4, max_size=16)


def _enc(value: object) -> bytes:
    return msgspec.msgpack.encode(value)


def _near_misses(command: msgspec.Struct) -> list[msgspec.Struct]:
    """Commands one integer field away from a legal one."""
    out = []
    for name in command.__struct_fields__:
        value = getattr(command, name)
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        for delta in (-1, 1):
            out.append(msgspec.structs.replace(command, **{name: value + delta}))
    return out


class Checker:
    """Checks every step of a playout against the contract."""

    def __init__(self, spec: GameSpec, players: int, seed: str, deep_every: int) -> None:
        self.spec = spec
        self.players = players
        self.seed = seed
        self.deep_every = deep_every
        self.steps = 0

    def __call__(self, state, seat, command, events) -> None:
        spec = self.spec
        self.steps += 1
        before = _enc(state)
        # Commands round-trip as clients send them.
        wire = msgspec.json.encode(command)
        assert msgspec.json.decode(wire, type=spec.command_type) == command
        # Events round-trip as the store keeps them; evolve never mutates its input.
        current = state
        for event in events:
            assert isinstance(event, spec.event_classes), type(event)
            decoded = msgspec.json.decode(msgspec.json.encode(event), type=spec.event_type)
            assert decoded == event
            snapshot = _enc(current)
            following = spec.evolve(current, event)
            assert _enc(current) == snapshot, f"evolve mutated its input on {type(event).__name__}"
            current = following
        assert _enc(state) == before, "decide or evolve mutated the state it was given"
        if self.steps <= 20 or (self.steps - 1) % self.deep_every == 0:
            self.deep_check(state, seat)

    def deep_check(self, state, seat) -> None:
        spec = self.spec
        rng = Rng(self.seed, self.steps, "check")
        legal = spec.legal_commands(state, seat)
        legal_wire = {msgspec.json.encode(c) for c in legal}
        assert len(legal_wire) == len(legal), "legal commands contain duplicates"
        before = _enc(state)
        # Every listed command is accepted (a sample of them, for long lists).
        sample = legal if len(legal) <= 12 else [rng.choice(legal) for _ in range(12)]
        for command in sample:
            decide(spec, state, seat, command, Rng(self.seed, 10**6 + self.steps))
        # Near misses outside the list are refused with a DomainError, never anything else.
        for command in sample[:4]:
            for miss in _near_misses(command):
                if msgspec.json.encode(miss) in legal_wire:
                    continue
                with pytest.raises(DomainError):
                    decide(spec, state, seat, miss, Rng(self.seed, 10**6 + self.steps))
        # A seat that may not act is refused.
        waiting = [s for s in range(self.players) if s not in spec.to_act(state)]
        if waiting and legal:
            with pytest.raises(DomainError) as refused:
                decide(spec, state, waiting[0], legal[0], Rng(self.seed, 0))
            assert refused.value.code == "not_your_turn"
        # Views: encodable, and blind to re-drawn hidden information.
        for viewer in [None, *range(self.players)]:
            view = spec.view(state, viewer)
            assert isinstance(view, spec.view_type)
            msgspec.json.encode(view)
            other = spec.resample_hidden(state, viewer, rng.fork(f"resample{viewer}"))
            assert spec.view(other, viewer) == view, f"view for {viewer} reveals hidden information"
        # The provisional ranking (endings outside the rules) ranks every seat, from place 1.
        if spec.provisional_result is not None:
            provisional = spec.provisional_result(state)
            assert sorted(s.seat for s in provisional.ranking) == list(range(self.players))
            assert min(s.place for s in provisional.ranking) == 1
        assert _enc(state) == before, (
            "legal_commands, view, resample_hidden or provisional_result mutated the state"
        )


def check_playout(
    spec: GameSpec,
    players: int,
    seed: str,
    options: object = None,
    rules_version: str | None = None,
) -> None:
    setup = spec.new_setup(players, options, rules_version)
    checker = Checker(spec, players, seed, deep_every=7)
    final, events = playout(spec, setup, seed, on_step=checker)

    # The game ended with a ranking of every seat.
    result = spec.result(final)
    assert result is not None
    assert sorted(s.seat for s in result.ranking) == list(range(players))
    assert min(s.place for s in result.ranking) == 1
    assert spec.to_act(final) == ()
    # Well inside the event cap the kernel puts on every game of these rules.
    assert len(events) * 2 < spec.max_events
    if spec.provisional_result is not None:
        assert spec.provisional_result(final) == result

    # Replay equals incremental state; every event is decoded as the store would.
    stored = [msgspec.json.decode(msgspec.json.encode(e), type=spec.event_type) for e in events]
    assert _enc(fold(spec, setup, stored)) == _enc(final)

    # Views of the finished game and redacted events encode for everyone.
    for viewer in [None, *range(players)]:
        msgspec.json.encode(spec.view(final, viewer))
        for event in events[:50]:
            redacted = spec.redact(event, viewer)
            assert isinstance(redacted, spec.event_classes)
            msgspec.json.encode(redacted)


def check_same_seed(spec: GameSpec, players: int) -> None:
    setup = spec.new_setup(players)
    first = playout(spec, setup, "fixed-seed")[1]
    second = playout(spec, setup, "fixed-seed")[1]
    other = playout(spec, setup, "other-seed")[1]
    assert _enc(first) == _enc(second)
    assert _enc(first) != _enc(other)


def check_tags(spec: GameSpec) -> None:
    seen: set[str] = set()
    for cls in (*spec.command_classes, *spec.event_classes):
        tag = cls.__struct_config__.tag
        assert isinstance(tag, str) and tag.startswith(f"{spec.slug}."), (cls, tag)
        assert tag != cls.__name__
        assert tag not in seen
        seen.add(tag)
    for cls in spec.command_classes:
        assert cls.__struct_config__.forbid_unknown_fields, cls
    assert spec.view_type.__struct_config__.tag == spec.slug
    assert spec.options_type.__struct_config__.forbid_unknown_fields
    for players in (spec.min_players - 1, spec.max_players + 1):
        with pytest.raises(DomainError) as refused:
            spec.new_setup(players)
        assert refused.value.code == "player_count"


@pytest.mark.parametrize(("slug", "players"), CASES, ids=CASE_IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=seeds)
def test_random_playout_honours_the_contract(slug: str, players: int, seed: str) -> None:
    check_playout(GAMES[slug], players, seed)


VARIANT_CASES = [
    (slug, n, index)
    for slug, spec in sorted(GAMES.items())
    for index in range(len(spec.variants))
    for n in range(spec.min_players, spec.max_players + 1)
]


@pytest.mark.parametrize(
    ("slug", "players", "index"),
    VARIANT_CASES,
    ids=[f"{slug}-{n}p-variant{i}" for slug, n, i in VARIANT_CASES],
)
def test_declared_option_variants_honour_the_contract(slug: str, players: int, index: int) -> None:
    spec = GAMES[slug]
    check_playout(spec, players, f"variant-{index}-{players}", spec.variants[index])


OLD_RULES_CASES = [
    (slug, n, version)
    for slug, spec in sorted(GAMES.items())
    for version in spec.older_rules_versions
    for n in range(spec.min_players, spec.max_players + 1)
]


@pytest.mark.parametrize(
    ("slug", "players", "version"),
    OLD_RULES_CASES,
    ids=[f"{slug}-{n}p-rules{v}" for slug, n, v in OLD_RULES_CASES],
)
def test_older_rules_versions_still_honour_the_contract(
    slug: str, players: int, version: str
) -> None:
    """A game stored under an older rules version is still played by those rules."""
    spec = GAMES[slug]
    check_playout(spec, players, f"rules-{version}-{players}", rules_version=version)
    for options in spec.variants:
        check_playout(spec, players, f"rules-{version}-{players}-v", options, version)


@pytest.mark.parametrize(("slug", "players"), CASES, ids=CASE_IDS)
def test_same_seed_same_game(slug: str, players: int) -> None:
    check_same_seed(GAMES[slug], players)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_tags_options_and_player_counts(slug: str) -> None:
    check_tags(GAMES[slug])


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_ranks_provisionally_and_caps_its_length(slug: str) -> None:
    spec = GAMES[slug]
    assert spec.provisional_result is not None, "needed for resignation, abandonment, the cap"
    assert 500 <= spec.max_events <= 100_000


def test_every_registered_game_is_a_designed_one() -> None:
    assert set(GAMES) <= {"azul", "splendor", "carcassonne", "castles", "three_kingdoms"}
