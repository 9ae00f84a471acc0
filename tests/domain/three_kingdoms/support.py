"""Helpers for the Three Kingdoms tests: build states, play commands, read events."""

from __future__ import annotations

from msgspec.structs import replace

from domain import _kernel as kernel
from domain._kernel import Rng
from domain.three_kingdoms import SPEC
from domain.three_kingdoms.commands import FinishPlacement, Pass, PlaceGeneral
from domain.three_kingdoms.evolve import evolve
from domain.three_kingdoms.state import GameState

WEI, WU, SHU = 0, 1, 2


def new_game(seed: str = "seed", rules_version: str | None = None) -> GameState:
    state, _ = kernel.start(SPEC, SPEC.new_setup(3, rules_version=rules_version), seed)
    return state


def play(state: GameState, seat: int, command) -> tuple[GameState, tuple]:
    events = kernel.decide(SPEC, state, seat, command, Rng("test", 1))
    for event in events:
        state = evolve(state, event)
    return state, events


def with_player(state: GameState, seat: int, **changes) -> GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def recruit_all(state: GameState) -> tuple[GameState, list]:
    """Every recruiting kingdom keeps the first generals offered."""
    from domain.three_kingdoms.commands import RecruitGeneral

    log: list = []
    while state.phase == "recruit":
        seat = SPEC.to_act(state)[0]
        state, events = play(state, seat, RecruitGeneral(general=state.players[seat].offer[0]))
        log += events
    return state, log


def bidding(state: GameState, alliance: str = "build") -> GameState:
    """Past recruitment and the alliance token (placed on ``alliance``)."""
    state, _ = recruit_all(state)
    state, _ = play(state, state.bid_order[2], _alliance(alliance))
    return state


def _alliance(space: str):
    from domain.three_kingdoms.commands import PlaceAlliance

    return PlaceAlliance(space=space)


def place(state: GameState, seat: int, general: str, space: str, *raises) -> GameState:
    """Place a general, raise it with the given commands, finish the placement."""
    state, _ = play(state, seat, PlaceGeneral(general=general, space=space))
    for command in raises:
        state, _ = play(state, seat, command)
    state, _ = play(state, seat, FinishPlacement())
    return state


def pass_all(state: GameState) -> tuple[GameState, list]:
    """Everyone still bidding passes; returns the state and all events."""
    log: list = []
    while state.phase == "bidding" and state.current >= 0:
        state, events = play(state, state.current, Pass())
        log += events
    return state, log


def generals(state: GameState, seat: int) -> tuple[str, ...]:
    return state.players[seat].generals


def of_type(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


def win_action(state: GameState, seat: int, space: str, general: str | None = None, raises=()):
    """Everyone before ``seat`` passes, ``seat`` bids alone on ``space``, all pass: the
    resolution starts (and runs until a decision is needed)."""
    from domain.three_kingdoms.rules.common import available_generals

    if state.phase == "alliance":
        state = bidding(state, "build" if space != "build" else "trade")
    while state.current != seat:
        state, _ = play(state, state.current, Pass())
    general = general or available_generals(state, seat)[0]
    state = place(state, seat, general, space, *raises)
    return pass_all(state)
