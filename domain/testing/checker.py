"""The per-step checks of a playout (:class:`Checker`), for ``check_playout`` and for a
game's own property tests with its own strategies."""

from __future__ import annotations

from typing import Any

import msgspec

from domain._kernel import DomainError, GameSpec, Rng, decide
from domain.testing._core import KitFailure, _enc, _refused, _require, near_misses


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
