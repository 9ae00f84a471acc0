"""The conformance kit itself: it passes a correct game and rejects a game that breaks each
promise, naming the promise (KitFailure.property)."""

from __future__ import annotations

import dataclasses
import itertools

import msgspec
import pytest

from domain._kernel import DomainError, Rng
from domain.testing import KitFailure, check_determinize, check_game
from tests.domain.toy import game as toy

GOOD = toy.SPEC


def _failure(spec: object) -> KitFailure:
    with pytest.raises(KitFailure) as failed:
        check_game(spec)  # type: ignore[arg-type]
    return failed.value


def test_a_correct_game_passes() -> None:
    check_game(GOOD)


def test_a_game_without_provisional_result_is_refused() -> None:
    failure = _failure(dataclasses.replace(GOOD, provisional_result=None))
    assert failure.property == "declaration"
    assert "provisional_result is needed" in str(failure)


class LoggedState(toy.ToyState, frozen=True):
    log: list[int] = msgspec.field(default_factory=list)


def test_mutating_the_state_is_caught() -> None:
    def evolve(state: LoggedState, event: toy.Event) -> LoggedState:
        state.log.append(1)  # the bug: the input's list grows
        return toy.evolve(state, event)

    spec = dataclasses.replace(
        GOOD,
        state_type=LoggedState,
        initial_state=lambda setup: LoggedState(players=setup.players, hands=((),) * setup.players),
        evolve=evolve,
    )
    failure = _failure(spec)
    assert failure.property == "mutation"
    assert "evolve mutated its input" in str(failure)


def test_a_view_that_shows_other_hands_is_a_leak() -> None:
    def view(state: toy.ToyState, viewer: int | None) -> toy.ToyView:
        return toy.ToyView(deck_size=len(state.deck), hands=state.hands, turn=state.turn)

    failure = _failure(dataclasses.replace(GOOD, view=view))
    assert failure.property == "leak"
    assert "resample_hidden" in str(failure)


def test_a_spectator_seeing_more_than_a_seat_is_a_leak() -> None:
    def redact(event: toy.Event, viewer: int | None) -> toy.Event:
        return event if viewer is None else toy.redact(event, viewer)

    failure = _failure(dataclasses.replace(GOOD, redact=redact))
    assert failure.property == "leak"
    assert "spectator" in str(failure)


def test_a_game_that_ignores_its_seed_is_not_deterministic() -> None:
    calls = itertools.count()

    def start(setup: toy.Setup, rng: Rng) -> tuple[toy.Event, ...]:
        # The bug: its own randomness, not the Rng it is given (a global random in disguise).
        return toy.start(setup, Rng(str(next(calls)), 0))

    assert _failure(dataclasses.replace(GOOD, start=start)).property == "determinism"


def test_an_event_that_does_not_survive_json_is_a_bad_round_trip() -> None:
    def decide(state: toy.ToyState, seat: int, command: object, rng: Rng) -> tuple:
        events = toy.decide(state, seat, command, rng)  # type: ignore[arg-type]
        # The bug: a card as text where the event type says an integer.
        return tuple(
            toy.CardDrawn(seat=e.seat, card=str(e.card))  # type: ignore[arg-type]
            if isinstance(e, toy.CardDrawn)
            else e
            for e in events
        )

    failure = _failure(dataclasses.replace(GOOD, decide=decide))
    assert failure.property == "round-trip"


def test_a_listed_command_that_is_refused_breaks_legality() -> None:
    def decide(state: toy.ToyState, seat: int, command: object, rng: Rng) -> tuple:
        if isinstance(command, toy.Pass):
            raise DomainError("toy/no_passing")
        return toy.decide(state, seat, command, rng)  # type: ignore[arg-type]

    failure = _failure(dataclasses.replace(GOOD, decide=decide))
    assert failure.property == "legality"
    assert "listed as legal" in str(failure)


def test_an_error_that_is_not_a_domain_error_breaks_legality() -> None:
    def decide(state: toy.ToyState, seat: int, command: object, rng: Rng) -> tuple:
        if isinstance(command, toy.Pass):
            raise ValueError("oops")  # would be a 500 in the service
        return toy.decide(state, seat, command, rng)  # type: ignore[arg-type]

    assert _failure(dataclasses.replace(GOOD, decide=decide)).property in {"legality"}


def test_a_game_too_long_for_its_cap_is_refused() -> None:
    def legal_commands(state: toy.ToyState, seat: int) -> list:
        return [toy.Draw()] if seat in toy.to_act(state) else []  # nobody passes: 81 events

    spec = dataclasses.replace(
        GOOD,
        max_events=100,
        legal_commands=legal_commands,
        options_type=toy.ToyOptions,
        variants=(toy.ToyOptions(cards=80),),
    )
    failure = _failure(spec)
    assert failure.property == "playout"
    assert "max_events" in str(failure)


def test_a_game_without_a_determinizer_passes_without_that_check() -> None:
    spec = dataclasses.replace(GOOD, determinize=None)
    check_game(spec)
    assert check_determinize(spec, 2, "none") == 0
    assert check_determinize(GOOD, 2, "some") >= 2  # every seat, at each state picked


def test_a_determinizer_that_redeals_the_seats_own_hand_is_caught() -> None:
    def determinize(view: toy.ToyView, seat: int, rng: Rng) -> toy.ToyState:
        # The bug: the seat's own cards are drawn again like the others'.
        hidden = tuple(h if isinstance(h, int) else len(h) for h in view.hands)
        return toy.determinize(msgspec.structs.replace(view, hands=hidden), seat, rng)

    failure = _failure(dataclasses.replace(GOOD, determinize=determinize))
    assert failure.property == "determinize"
    assert "gives that seat another view (differs in: hands)" in str(failure)
    assert "players, seed 'kit-a'" in str(failure)


def test_a_determinizer_that_moves_the_turn_is_caught() -> None:
    def determinize(view: toy.ToyView, seat: int, rng: Rng) -> toy.ToyState:
        return msgspec.structs.replace(toy.determinize(view, seat, rng), turn=0)  # the bug

    failure = _failure(dataclasses.replace(GOOD, determinize=determinize, min_players=2))
    assert failure.property == "determinize"
    assert "(differs in: turn)" in str(failure)


def test_legal_commands_that_depend_on_what_the_seat_cannot_see_are_caught() -> None:
    def legal_commands(state: toy.ToyState, seat: int) -> list:
        # The bug: passing is offered only when the hidden top card is odd, so the seat's
        # options tell it what it may not see, and a sample of its view offers others.
        if seat not in toy.to_act(state):
            return []
        return [toy.Draw(), toy.Pass()] if state.deck[0] % 2 else [toy.Draw()]

    spec = dataclasses.replace(GOOD, legal_commands=legal_commands)
    failure = _failure(spec)
    assert failure.property == "determinize"
    assert "legal commands in a sample of its view are not its true ones" in str(failure)
    # A documented gap (docs/bots.md) skips that comparison for the states it names only.
    assert check_determinize(spec, 2, "kit-a", legal_gap=lambda state, seat: True) > 0
