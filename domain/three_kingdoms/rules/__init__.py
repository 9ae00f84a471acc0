"""The decider: set-up, legal commands, decide. Rules are split by phase:
``bidding`` (conflict phase), ``actions`` (the 12 general actions), ``battles``, ``tribes``,
``upkeep``, ``recruitment``, ``scoring``, ``effects`` (card vocabulary), ``steps`` (what every
action shares: its generals, closing it) and ``flow`` (the automatic driver).

Each module imports only those below it, so control is handed one way: closing the bidding
hands over to ``flow``; ``flow`` runs ``actions``, the end-of-round steps, ``upkeep`` and the
next round's ``recruitment``; ``actions`` dispatches to ``battles`` and ``tribes``, and all
three close their action through ``steps``. ``effects`` and ``common`` are at the bottom."""

from __future__ import annotations

from msgspec.structs import replace

from domain._kernel import Rng, Setup
from domain.three_kingdoms.commands import (
    AddBidToken,
    AddHanToken,
    AddSupport,
    AddUnit,
    BribeTribe,
    BuildDevelopment,
    ChooseGain,
    ChooseNextAction,
    CollectTaxes,
    DeclineBenefit,
    DemandTribute,
    DevelopFarm,
    DevelopMarket,
    EndAction,
    FinishPlacement,
    Harvest,
    HireInstructors,
    ImportTechnology,
    ManipulateEmperor,
    Occupy,
    Pass,
    PlaceAlliance,
    PlaceGeneral,
    ProduceWeapons,
    RecruitGeneral,
    SuppressTribe,
    TakeBenefit,
    TKCommand,
    TradeRice,
    TradeWeapons,
)
from domain.three_kingdoms.data import load_pack
from domain.three_kingdoms.events import GameSetUp, TKEvent
from domain.three_kingdoms.rules import actions, bidding, effects, flow, recruitment
from domain.three_kingdoms.rules.actions import choice_seat, start_task
from domain.three_kingdoms.rules.common import Ctx, available_generals, err
from domain.three_kingdoms.rules.upkeep import start_round
from domain.three_kingdoms.state import RULES_VERSION, GameState, Task, starting_player


def initial_state(setup: Setup) -> GameState:
    options = setup.options
    return GameState(
        players_count=setup.players,
        rules_version=setup.rules_version or RULES_VERSION,
        pack=getattr(options, "content_pack", "standard"),
    )


def start(setup: Setup, rng: Rng) -> tuple[TKEvent, ...]:
    if setup.players != 3:
        raise err("player_count", "Three Kingdoms Redux is for exactly 3 players")
    name = getattr(setup.options, "content_pack", "standard")
    pack = load_pack(name)
    decks = {
        deck: tuple(rng.fork(deck).shuffled(d.id for d in pack.developments if d.deck == deck))
        for deck in ("unification", "separation")
    }
    # Valued deficit tokens: a face-down pool shuffled once, drawn in order (own fork, so
    # the other set-up draws do not depend on whether the pack has a pool).
    pool = [t.value for t in pack.tracks.deficit_tokens for _ in range(t.count)]
    deficit_pool = tuple(rng.fork("deficits").shuffled(pool)) if pool else ()
    players = []
    general_decks = []
    for kingdom in pack.kingdoms:
        others = [g.id for g in pack.generals if g.kingdom == kingdom.id and not g.leader]
        deck = tuple(rng.fork(f"generals-{kingdom.id}").shuffled(others))
        starting = kingdom.start_generals - 1
        hand: list[str] = []
        for name_ in ("unification", "separation"):
            count = getattr(kingdom.developments, name_)
            hand += decks[name_][:count]
            decks[name_] = decks[name_][count:]
        player = starting_player(kingdom.start, kingdom.bid_tokens, kingdom.tribe_start)
        players.append(
            replace(player, generals=(kingdom.leader, *deck[:starting]), hand=tuple(hand))
        )
        general_decks.append(deck[starting:])
    ctx = Ctx(initial_state(setup))
    ctx.emit(
        GameSetUp(
            pack=name,
            players=tuple(players),
            general_decks=tuple(general_decks),
            unification=decks["unification"],
            separation=decks["separation"],
            deficit_pool=deficit_pool,
        )
    )
    start_round(ctx, 1)
    return tuple(ctx.events)


def to_act(state: GameState) -> tuple[int, ...]:
    match state.phase:
        case "recruit":
            seat = recruitment.recruiting_seat(state)
            return (seat,) if seat >= 0 else ()
        case "alliance":
            return (state.bid_order[2],)
        case "bidding":
            return (state.current,) if state.current >= 0 else ()
        case "resolution":
            chooser = choice_seat(state)
            if chooser >= 0:
                return (chooser,)
            benefiter = effects.benefit_seat(state)
            if benefiter >= 0:
                return (benefiter,)
            if state.progress is not None:
                return (state.progress.seat,)
            pending = actions.actions_to_choose(state)
            return (pending[0].seat,) if pending else ()
    return ()


def legal_commands(state: GameState, seat: int) -> list[TKCommand]:
    if seat not in to_act(state):
        return []
    match state.phase:
        case "recruit":
            return recruitment.options(state, seat)
        case "alliance":
            return bidding.alliance_options(state)
        case "bidding":
            return bidding.bidding_options(state, seat)
        case "resolution":
            return actions.resolution_options(state, seat)
    return []


def _refusal(state: GameState, command: TKCommand):
    name = type(command).__struct_config__.tag.split(".", 1)[1]
    phase_commands = {
        "recruit": (RecruitGeneral,),
        "alliance": (PlaceAlliance,),
        "bidding": (
            PlaceGeneral,
            AddBidToken,
            AddSupport,
            AddHanToken,
            AddUnit,
            FinishPlacement,
            Pass,
        ),
    }.get(state.phase)
    if phase_commands is not None and not isinstance(command, phase_commands):
        return err("wrong_phase", f"{name} is not possible in the {state.phase} phase")
    if state.phase == "resolution" and isinstance(
        command, (*phase_commands_of("bidding"), PlaceAlliance)
    ):
        return err("wrong_phase", f"{name} is not possible in the resolution phase")
    seat = to_act(state)[0] if to_act(state) else -1
    if state.phase == "alliance" and isinstance(command, PlaceAlliance):
        return err(
            "alliance_space_not_allowed",
            f"the alliance token may go on {', '.join(bidding.alliance_spaces(state))}",
        )
    if state.phase == "bidding" and seat >= 0:
        if isinstance(command, (PlaceGeneral, Pass)) and state.open_placement:
            return err("finish_placement_first", "raise or finish the current placement first")
        if isinstance(command, PlaceGeneral):
            if command.general not in available_generals(state, seat):
                return err("general_not_available", f"{command.general!r} cannot bid now")
            return err(
                "space_not_allowed",
                f"{command.space!r} is not a space this kingdom may bid on now",
            )
        if not state.open_placement:
            return err("no_open_placement", "place a general first")
    if state.phase == "resolution" and state.progress is not None:
        return err(
            f"{name}_not_allowed",
            f"{command!r} is not possible for the current action ({state.progress.space})",
        )
    return err(f"{name}_not_allowed", f"{command!r} is not allowed now")


def phase_commands_of(phase: str) -> tuple[type, ...]:
    if phase == "bidding":
        return (PlaceGeneral, AddBidToken, AddSupport, AddHanToken, AddUnit, FinishPlacement, Pass)
    return (PlaceAlliance,)


def decide(state: GameState, seat: int, command: TKCommand, rng: Rng) -> tuple[TKEvent, ...]:
    if command not in legal_commands(state, seat):
        raise _refusal(state, command)
    ctx = Ctx(state)
    match command:
        case RecruitGeneral(general=general):
            recruitment.recruit(ctx, seat, general)
        case PlaceAlliance(space=space):
            bidding.place_alliance(ctx, seat, space)
        case PlaceGeneral(general=general, space=space):
            bidding.place_general(ctx, seat, general, space)
        case AddBidToken():
            bidding.raise_bid(ctx, seat, "bid_token")
        case AddSupport():
            bidding.raise_bid(ctx, seat, "support")
        case AddHanToken():
            bidding.raise_bid(ctx, seat, "han")
        case AddUnit(weapon=weapon):
            bidding.raise_bid(ctx, seat, weapon)
        case FinishPlacement():
            bidding.finish_placement(ctx, seat)
        case Pass():
            bidding.pass_turn(ctx, seat)
        case ChooseNextAction(space=space):
            start_task(ctx, Task(space=space, seat=seat))
            flow.advance(ctx)
        case TakeBenefit() | DeclineBenefit():
            benefit = next(
                b
                for b in state.players[seat].benefits
                if (b.source, b.ability, b.effect)
                == (command.source, command.ability, command.effect)
            )
            effects.resolve_benefit(ctx, seat, benefit, isinstance(command, TakeBenefit))
            flow.advance(ctx)
        case (
            DevelopFarm()
            | Harvest()
            | DevelopMarket()
            | CollectTaxes()
            | TradeRice()
            | TradeWeapons()
            | BuildDevelopment()
            | HireInstructors()
            | ImportTechnology()
            | ProduceWeapons()
            | DemandTribute()
            | ManipulateEmperor()
            | Occupy()
            | SuppressTribe()
            | BribeTribe()
            | ChooseGain()
            | EndAction()
        ):
            actions.apply(ctx, seat, command)
            flow.advance(ctx)
        case _:
            raise err("unknown_command", repr(command))
    return tuple(ctx.events)
