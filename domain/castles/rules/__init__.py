"""``decide``, ``legal_commands`` and ``to_act``: dispatch by phase and command.

The modules form layers, each importing only those below it, so a turn's hand-offs run one
way: the phase modules (``setup``, ``pricing``, ``buying``) call ``rewards`` after a
placement, ``rewards`` calls ``flow`` when the turn is settled, and ``flow`` calls
``endgame`` when the last round ends. Below them all: ``supply`` (stairs and hallways left),
``scoring``, ``placement`` (geometry, on ``forms``) and ``context``."""

from __future__ import annotations

from domain._kernel import DomainError, Rng
from domain.castles.commands import (
    BuyCorridor,
    BuyRoom,
    ChooseReward,
    DiscardBonusCard,
    InspectStack,
    KeepBonusCard,
    Pass,
    PickTile,
    PlaceFreeCorridor,
    SetPrice,
    StopPicking,
)
from domain.castles.rules import buying, pricing, rewards, setup
from domain.castles.rules.context import Ctx
from domain.castles.state import CastlesState


def to_act(state: CastlesState) -> tuple[int, ...]:
    match state.phase:
        case "setup":
            return setup.setup_to_act(state)
        case "pricing":
            return (state.builder,)
        case "buying":
            return (state.current,) if state.current >= 0 else ()
        case _:
            return ()


def _in_reward(state: CastlesState) -> bool:
    return bool(state.pending) or bool(state.inspecting)


def legal_commands(state: CastlesState, seat: int) -> list:
    if seat not in to_act(state):
        return []
    match state.phase:
        case "setup":
            return setup.legal(state, seat)
        case "pricing":
            return pricing.legal(state, seat)
        case "buying":
            if _in_reward(state):
                return rewards.legal(state, seat)
            return buying.legal(state, seat)
    return []


def _wrong_phase(what: str) -> DomainError:
    return DomainError("castles/wrong_phase", f"{what} is not possible now")


def decide(state: CastlesState, seat: int, command, rng: Rng) -> tuple:
    if seat not in to_act(state):
        raise DomainError("not_your_turn", f"seat {seat} may not act now")
    ctx = Ctx(state, rng)
    phase = state.phase
    reward = _in_reward(state)
    match command:
        case DiscardBonusCard():
            if phase != "setup":
                raise _wrong_phase("keeping starting bonus cards")
            setup.discard(ctx, seat, command)
        case SetPrice():
            if phase != "pricing":
                raise _wrong_phase("pricing")
            pricing.set_price(ctx, seat, command)
        case BuyRoom() | BuyCorridor() | Pass():
            if phase != "buying" or reward:
                raise _wrong_phase("buying")
            match command:
                case BuyRoom():
                    buying.buy_room(ctx, seat, command)
                case BuyCorridor():
                    buying.buy_corridor(ctx, seat, command)
                case Pass():
                    buying.pass_turn(ctx, seat, command)
        case (
            PlaceFreeCorridor()
            | KeepBonusCard()
            | InspectStack()
            | PickTile()
            | StopPicking()
            | ChooseReward()
        ):
            if phase != "buying" or not reward:
                raise _wrong_phase("a completion reward")
            match command:
                case PlaceFreeCorridor():
                    rewards.place_free_corridor(ctx, seat, command)
                case KeepBonusCard():
                    rewards.keep_bonus_card(ctx, seat, command)
                case InspectStack():
                    rewards.inspect_stack(ctx, seat, command)
                case PickTile():
                    rewards.pick_tile(ctx, seat, command)
                case StopPicking():
                    rewards.stop_picking(ctx, seat, command)
                case ChooseReward():
                    rewards.choose_reward(ctx, seat, command)
        case _:
            raise DomainError("command_not_for_game", "not a Castles command")
    return tuple(ctx.events)
