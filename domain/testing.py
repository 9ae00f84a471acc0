"""The conformance kit: what "a game works in the service" means, as plain functions.

A game package's test file calls it in one line::

    from domain.testing import check_game
    from mygame import SPEC

    def test_conformance():
        check_game(SPEC)

:func:`check_game` plays random legal games to the end, for every player count, with the
default options and every option set in ``spec.variants``, under every rules version the
game still plays, and checks the whole game contract on the way (docs/writing-a-game.md).
A failure raises :class:`KitFailure` (an ``AssertionError``) whose ``property`` names the
broken promise:

- ``declaration``: tags ``<slug>.<name>`` and unique, commands and options closed, the view
  tagged by the slug, player counts outside the range refused, ``provisional_result`` given,
  ``max_events`` sensible;
- ``playout``: a random bot that uses only ``legal_commands`` finishes the game, with a
  ranking of every seat, inside ``max_events``;
- ``round-trip``: commands and events survive JSON (msgspec) as clients and the store send
  them, and replaying the decoded events gives the incremental state;
- ``mutation``: no function mutates the state (or event) it is given;
- ``determinism``: the same seed gives the same game, and the same decision twice the same
  events (no global randomness, no clock);
- ``legality``: every listed command is accepted, near misses outside the list are refused
  with a ``DomainError`` and a stable code, seats not to act get ``not_your_turn``;
- ``leak``: a view does not change when ``resample_hidden`` re-draws what that viewer may not
  see (this is how a game declares what is hidden), and redacted events are events of the
  game that a spectator never sees more of than a seat;
- ``provisional``: ``provisional_result`` ranks every seat, and equals ``result`` at the end.

Pure, like the rest of ``domain``: no I/O, no pytest or hypothesis needed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from domain._kernel import DomainError, GameSpec, Rng, decide, fold, playout

CODE = re.compile(r"^[a-z0-9_]+(/[a-z0-9_]+)*$")
"""A stable error code: ``not_your_turn``, ``azul/pattern_line_colour_mismatch``."""


class KitFailure(AssertionError):
    """A broken promise of the game contract; ``property`` names which."""

    def __init__(self, prop: str, message: str) -> None:
        super().__init__(f"[{prop}] {message}")
        self.property = prop
        self.message = message


def _require(ok: object, prop: str, message: str | Callable[[], str]) -> None:
    if not ok:
        raise KitFailure(prop, message() if callable(message) else message)


def _enc(value: object) -> bytes:
    return msgspec.msgpack.encode(value)


def _refused(call: Callable[[], object], prop: str, what: str) -> DomainError:
    try:
        call()
    except DomainError as error:
        _require(
            isinstance(error.code, str) and CODE.match(error.code),
            prop,
            f"{what}: the code {error.code!r} is not a stable code (lower_case/with_slashes)",
        )
        return error
    except Exception as error:  # anything but a DomainError is a 500 in the service
        raise KitFailure(prop, f"{what}: raised {error!r}, not a DomainError") from error
    raise KitFailure(prop, f"{what}: was accepted")


def near_misses(command: msgspec.Struct) -> list[msgspec.Struct]:
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
    """Checks every step of a playout against the contract: the ``on_step`` of
    :func:`domain.playout`, for a game's own property tests."""

    def __init__(self, spec: GameSpec, players: int, seed: str, deep_every: int) -> None:
        self.spec = spec
        self.players = players
        self.seed = seed
        self.deep_every = deep_every
        self.steps = 0

    def __call__(self, state: Any, seat: int, command: Any, events: tuple[Any, ...]) -> None:
        spec = self.spec
        self.steps += 1
        before = _enc(state)
        try:
            wire = msgspec.json.encode(command)
            back = msgspec.json.decode(wire, type=spec.command_type)
        except (msgspec.ValidationError, msgspec.EncodeError, TypeError) as error:
            raise KitFailure("round-trip", f"{command!r} does not survive JSON: {error}") from None
        _require(back == command, "round-trip", f"{command!r} comes back from JSON as {back!r}")
        current = state
        for event in events:
            _require(
                isinstance(event, spec.event_classes),
                "declaration",
                f"decide returned {type(event).__name__}, not one of the game's events",
            )
            try:
                decoded = msgspec.json.decode(msgspec.json.encode(event), type=spec.event_type)
            except (msgspec.ValidationError, msgspec.EncodeError, TypeError) as error:
                raise KitFailure(
                    "round-trip", f"{event!r} does not survive JSON: {error}"
                ) from None
            _require(decoded == event, "round-trip", f"{event!r} comes back as {decoded!r}")
            snapshot = _enc(current)
            following = spec.evolve(current, event)
            _require(
                _enc(current) == snapshot,
                "mutation",
                f"evolve mutated its input on {type(event).__name__}",
            )
            current = following
        _require(_enc(state) == before, "mutation", "decide mutated the state it was given")
        if self.steps <= 20 or (self.steps - 1) % self.deep_every == 0:
            self.deep_check(state, seat)
        for event in events[:8]:
            self.check_redaction(event)

    def check_redaction(self, event: Any) -> None:
        spec = self.spec
        before = _enc(event)
        spectator = spec.redact(event, None)
        for viewer in [None, *range(self.players)]:
            redacted = spec.redact(event, viewer)
            _require(
                isinstance(redacted, type(event)),
                "leak",
                f"redact turned {type(event).__name__} into {type(redacted).__name__}",
            )
            msgspec.json.encode(redacted)
            _require(
                spec.redact(redacted, viewer) == redacted,
                "leak",
                f"redacting {type(event).__name__} twice for {viewer} changes it again",
            )
            _require(
                spec.redact(redacted, None) == spectator,
                "leak",
                f"a spectator would see more of {type(event).__name__} than seat {viewer}",
            )
        _require(_enc(event) == before, "mutation", "redact mutated the event it was given")

    def deep_check(self, state: Any, seat: int) -> None:
        spec = self.spec
        rng = Rng(self.seed, self.steps, "check")
        legal = spec.legal_commands(state, seat)
        legal_wire = {msgspec.json.encode(c) for c in legal}
        _require(len(legal_wire) == len(legal), "legality", "legal commands contain duplicates")
        before = _enc(state)
        sample = legal if len(legal) <= 12 else [rng.choice(legal) for _ in range(12)]
        decision_rng = (self.seed, 10**6 + self.steps)
        for command in sample:
            try:
                first = decide(spec, state, seat, command, Rng(*decision_rng))
            except DomainError as error:
                raise KitFailure(
                    "legality", f"{command!r} is listed as legal but refused: {error}"
                ) from None
            except Exception as error:  # a 500 in the service
                raise KitFailure(
                    "legality", f"{command!r} is listed as legal but raised {error!r}"
                ) from error
            again = decide(spec, state, seat, command, Rng(*decision_rng))
            _require(
                _enc(first) == _enc(again),
                "determinism",
                f"deciding {command!r} twice with the same Rng gave different events",
            )
        for command in sample[:4]:
            for miss in near_misses(command):
                if msgspec.json.encode(miss) not in legal_wire:
                    _refused(
                        lambda miss=miss: decide(spec, state, seat, miss, Rng(*decision_rng)),
                        "legality",
                        f"the near miss {miss!r} (not listed as legal)",
                    )
        waiting = [s for s in range(self.players) if s not in spec.to_act(state)]
        if waiting and legal:
            error = _refused(
                lambda: decide(spec, state, waiting[0], legal[0], Rng(self.seed, 0)),
                "legality",
                f"{legal[0]!r} from seat {waiting[0]}, not to act",
            )
            _require(
                error.code == "not_your_turn",
                "legality",
                f"a seat not to act is refused with {error.code!r}, not 'not_your_turn'",
            )
        for viewer in [None, *range(self.players)]:
            view = spec.view(state, viewer)
            _require(
                isinstance(view, spec.view_type),
                "declaration",
                f"view returned {type(view).__name__}, not {spec.view_type.__name__}",
            )
            msgspec.json.encode(view)
            other = spec.resample_hidden(state, viewer, rng.fork(f"resample{viewer}"))
            _require(
                spec.view(other, viewer) == view,
                "leak",
                f"the view for {'a spectator' if viewer is None else f'seat {viewer}'} changes"
                " when what it may not see is re-drawn (resample_hidden)",
            )
        if spec.provisional_result is not None:
            provisional = spec.provisional_result(state)
            _require(
                sorted(s.seat for s in provisional.ranking) == list(range(self.players))
                and min(s.place for s in provisional.ranking) == 1,
                "provisional",
                "provisional_result does not rank every seat from place 1",
            )
        _require(
            _enc(state) == before,
            "mutation",
            "legal_commands, view, resample_hidden or provisional_result mutated the state",
        )


def check_declaration(spec: GameSpec) -> None:
    """What a game declares, checked without playing."""
    seen: set[str] = set()
    for cls in (*spec.command_classes, *spec.event_classes):
        tag = cls.__struct_config__.tag
        _require(
            isinstance(tag, str) and tag.startswith(f"{spec.slug}.") and tag != cls.__name__,
            "declaration",
            f"{cls.__name__} is tagged {tag!r}, not '{spec.slug}.<name>'",
        )
        _require(tag not in seen, "declaration", f"the tag {tag!r} is used twice")
        seen.add(tag)
    for cls in spec.command_classes:
        _require(
            cls.__struct_config__.forbid_unknown_fields,
            "declaration",
            f"the command {cls.__name__} must forbid unknown fields",
        )
    _require(
        spec.view_type.__struct_config__.tag == spec.slug,
        "declaration",
        f"the view must be tagged {spec.slug!r}",
    )
    _require(
        spec.options_type.__struct_config__.forbid_unknown_fields,
        "declaration",
        "the options must forbid unknown fields",
    )
    _require(
        spec.provisional_result is not None,
        "declaration",
        "provisional_result is needed (resignation, abandonment, the event cap)",
    )
    _require(
        100 <= spec.max_events <= 100_000,
        "declaration",
        f"max_events {spec.max_events} is outside 100..100000",
    )
    for players in (spec.min_players - 1, spec.max_players + 1):
        error = _refused(
            lambda players=players: spec.new_setup(players),
            "declaration",
            f"a game of {players} players",
        )
        _require(
            error.code == "player_count",
            "declaration",
            f"{players} players is refused with {error.code!r}, not 'player_count'",
        )


def check_playout(
    spec: GameSpec,
    players: int,
    seed: str,
    options: object = None,
    rules_version: str | None = None,
    *,
    deep_every: int = 7,
) -> None:
    """One random legal game to the end, checked at every step and at the end."""
    setup = spec.new_setup(players, options, rules_version)
    checker = Checker(spec, players, seed, deep_every)
    try:
        final, events = playout(spec, setup, seed, on_step=checker)
    except KitFailure:
        raise
    except DomainError as error:
        raise KitFailure("legality", f"a legal command was refused: {error}") from None
    except AssertionError as error:  # the kernel's playout: no legal command, no end
        raise KitFailure("playout", str(error)) from None
    except Exception as error:  # a 500 in the service
        raise KitFailure("playout", f"the game raised {error!r}") from error
    result = spec.result(final)
    _require(result is not None, "playout", "no seat may act, but there is no result")
    assert result is not None
    _require(
        sorted(s.seat for s in result.ranking) == list(range(players))
        and min(s.place for s in result.ranking) == 1,
        "playout",
        "the result does not rank every seat from place 1",
    )
    _require(spec.to_act(final) == (), "playout", "seats may still act after the result")
    _require(
        len(events) * 2 < spec.max_events,
        "playout",
        f"a game took {len(events)} events: not well inside max_events {spec.max_events}",
    )
    if spec.provisional_result is not None:
        _require(
            spec.provisional_result(final) == result,
            "provisional",
            "provisional_result differs from result at the end",
        )
    stored = [msgspec.json.decode(msgspec.json.encode(e), type=spec.event_type) for e in events]
    _require(
        _enc(fold(spec, setup, stored)) == _enc(final),
        "round-trip",
        "replaying the stored events does not give the incremental state",
    )
    for viewer in [None, *range(players)]:
        msgspec.json.encode(spec.view(final, viewer))
        for event in events[:50]:
            redacted = spec.redact(event, viewer)
            _require(
                isinstance(redacted, spec.event_classes),
                "leak",
                f"redact returned {type(redacted).__name__}, not an event of the game",
            )
            msgspec.json.encode(redacted)


def check_same_seed(
    spec: GameSpec, players: int, seeds: Iterable[str] = ("kit-a", "kit-b")
) -> None:
    """The same seed gives the same game; two seeds give two games."""
    first_seed, other_seed = list(seeds)[:2]
    setup = spec.new_setup(players)
    first = _enc(playout(spec, setup, first_seed)[1])
    second = _enc(playout(spec, setup, first_seed)[1])
    other = _enc(playout(spec, setup, other_seed)[1])
    _require(first == second, "determinism", f"the seed {first_seed!r} gave two different games")
    _require(
        first != other,
        "determinism",
        f"the seeds {first_seed!r} and {other_seed!r} gave the same game (is the Rng used?)",
    )


def check_game(
    spec: GameSpec,
    *,
    seeds: Iterable[str] = ("kit-a", "kit-b"),
    players: Iterable[int] | None = None,
    deep_every: int = 7,
) -> None:
    """The whole kit: every player count (or ``players``), the default options and every
    option set of ``spec.variants``, every rules version, each seed."""
    seeds = tuple(seeds)
    _require(len(seeds) >= 2, "declaration", "the kit needs two seeds or more")
    check_declaration(spec)
    counts = range(spec.min_players, spec.max_players + 1) if players is None else players
    for count in counts:
        for version in spec.rules_versions:
            for index, options in enumerate((None, *spec.variants)):
                for seed in seeds:
                    try:
                        check_playout(spec, count, seed, options, version, deep_every=deep_every)
                    except KitFailure as failure:
                        where = f"{count} players, rules {version!r}, seed {seed!r}"
                        where += f", variant {index - 1}" if index else ""
                        raise KitFailure(failure.property, f"{failure.message} ({where})") from None
        check_same_seed(spec, count, seeds)
