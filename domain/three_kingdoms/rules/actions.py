"""Resolution phase: carrying out the 12 general actions (and dispatching battles/tribes).

Every won action is a task. The kingdoms carry out their won actions one kingdom after the
other in action order (3.2.2 step 3), each in the order it chooses (Compendium principle 1):
with two or more left it picks the next with ``ChooseNextAction``; the last one starts by
itself. (Rules version 1 ran the tasks in board order: farm ... Han emperor, the border
battles, the tribe actions, the allies of a space in action order.) Actions without a
choice (recruit, train, win popular support) run at once; the others wait for the winner's
command. ``EndAction`` finishes or declines any action."""

from __future__ import annotations

from itertools import product

from domain.three_kingdoms.commands import (
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
    Harvest,
    HireInstructors,
    ImportTechnology,
    ManipulateEmperor,
    Occupy,
    ProduceWeapons,
    SuppressTribe,
    TakeBenefit,
    TradeRice,
    TradeWeapons,
)
from domain.three_kingdoms.events import (
    ActionStarted,
    ActionStepTaken,
    ChoiceMade,
    DevelopmentBuilt,
    DevelopmentDrawn,
    GeneralFlipped,
)
from domain.three_kingdoms.rules import battles, effects, tribes
from domain.three_kingdoms.rules.common import WEAPONS, Ctx, cat_of
from domain.three_kingdoms.rules.steps import end_action, involved
from domain.three_kingdoms.state import GameState, Task

PRODUCE = {"spears_horses": ("spear", "horse"), "crossbows_boats": ("crossbow", "boat")}
TRIBUTE = ((2, 0, 0), (1, 1, 0), (0, 2, 0), (0, 0, 1))


def combos(total: int, kinds: tuple[str, ...] = WEAPONS) -> list[dict[str, int]]:
    """Every way to make ``total`` items out of ``kinds``."""
    out = []
    for counts in product(range(total + 1), repeat=len(kinds)):
        if sum(counts) == total:
            out.append(dict(zip(kinds, counts, strict=True)))
    return out


def actions_to_choose(state: GameState) -> tuple[Task, ...]:
    """The won actions the kingdom next in action order chooses among: its actions not
    carried out yet, when it has two or more and none is under way (rules version 2); empty
    otherwise (a last action starts by itself)."""
    if state.rules_version == "1" or state.progress is not None:
        return ()
    index = state.task_index
    if index >= len(state.tasks):
        return ()
    seat = state.tasks[index].seat
    pending: list[Task] = []
    for task in state.tasks[index:]:
        if task.seat != seat:
            break
        pending.append(task)
    return tuple(pending) if len(pending) > 1 else ()


def choice_seat(state: GameState) -> int:
    for seat in state.action_order:
        if state.players[seat].choices:
            return seat
    return -1


def start_task(ctx: Ctx, task: Task) -> None:
    seat, space = task.seat, task.space
    ctx.emit(ActionStarted(seat=seat, space=space))
    generals = involved(ctx.state, seat, space)
    if space == "recruit":
        ctx.change(seat, "recruit_armies", armies=2)
        effects.after_action(ctx, seat, "recruit_armies", generals)
        end_action(ctx, seat, True)
    elif space == "train":
        n = min(2, ctx.state.players[seat].armies)
        ctx.change(seat, "train_armies", armies=-n, trained=n)
        effects.after_action(ctx, seat, "train_armies", generals)
        end_action(ctx, seat, True)
    elif space == "support":
        ctx.change(seat, "win_popular_support", support=1)
        effects.after_action(ctx, seat, "win_popular_support", generals)
        end_action(ctx, seat, True)
    elif space.startswith("battle_") and not battles.occupy_options(ctx.state, seat):
        end_action(ctx, seat, False)


def resolution_options(state: GameState, seat: int) -> list:
    chooser = choice_seat(state)
    if chooser >= 0:
        if seat != chooser:
            return []
        return [ChooseGain(item=item) for item in dict.fromkeys(state.players[seat].choices[0])]
    if effects.benefit_seat(state) >= 0:
        return benefit_options(state, seat) if effects.benefit_seat(state) == seat else []
    progress = state.progress
    if progress is None:
        pending = actions_to_choose(state)
        if pending and pending[0].seat == seat:
            return [ChooseNextAction(space=t.space) for t in pending]
        return []
    if progress.seat != seat:
        return []
    return [*action_options(state, seat), EndAction()]


def benefit_options(state: GameState, seat: int) -> list:
    """Take any pending end-of-round benefit next; decline an optional one."""
    out: list = []
    for b in dict.fromkeys(state.players[seat].benefits):
        out.append(TakeBenefit(source=b.source, ability=b.ability, effect=b.effect))
        if b.optional:
            out.append(DeclineBenefit(source=b.source, ability=b.ability, effect=b.effect))
    return out


def action_options(state: GameState, seat: int) -> list:
    cat = cat_of(state)
    pack = cat.pack
    player = state.players[seat]
    progress = state.progress
    assert progress is not None
    space = progress.space
    out: list = []
    if space == "farm":
        if player.farm_level < pack.tracks.development_max:
            out.append(DevelopFarm())
        if player.farm_ready:
            out += [Harvest(keep=k) for k in range(player.farm_ready + 1)]
    elif space == "market":
        if player.market_level < pack.tracks.development_max:
            out.append(DevelopMarket())
        if player.market_ready:
            out += [CollectTaxes(keep=k) for k in range(player.market_ready + 1)]
    elif space == "trade":
        rice, weapons = pack.prices.rice, pack.prices.weapons
        if progress.rice_trades < rice.max_trades:
            if player.rice >= rice.lot:
                out.append(TradeRice(direction="sell"))
            if player.gold >= rice.buy_gold:
                out.append(TradeRice(direction="buy"))
        if progress.weapon_trades < weapons.max_trades:
            for combo in combos(weapons.lot):
                if all(getattr(player, w) >= n for w, n in combo.items()):
                    out.append(TradeWeapons(direction="sell", **combo))
            if player.gold >= weapons.buy_gold:
                out += [TradeWeapons(direction="buy", **c) for c in combos(weapons.lot)]
    elif space == "build":
        for card in dict.fromkeys(player.hand):
            cost = cat.developments[card].cost
            if player.rice >= cost.rice and player.gold >= cost.gold:
                out.append(BuildDevelopment(card=card))
    elif space == "instructors":
        if not progress.hired and player.rice >= pack.prices.instructors_rice and player.armies:
            out.append(HireInstructors())
        if not progress.imported:
            out += [
                ImportTechnology(deck=d) for d in ("unification", "separation") if getattr(state, d)
            ]
    elif space in PRODUCE:
        out += [ProduceWeapons(**c) for c in combos(2, PRODUCE[space])]
    elif space == "tribute":
        out += [DemandTribute(rice=r, gold=g, armies=a) for r, g, a in TRIBUTE]
    elif space == "han":
        if player.gold >= pack.prices.han_gold and player.office < len(pack.tracks.offices) - 1:
            out += [ManipulateEmperor(general=g) for g in involved(state, seat, space)]
    elif space.startswith("battle_"):
        out += battles.occupy_options(state, seat)
    elif space.startswith("tribe_"):
        out += tribes.tribe_options(state, seat)
    return out


def apply(ctx: Ctx, seat: int, command) -> None:
    """Carry out a resolution command already known to be legal."""
    if isinstance(command, ChooseGain):
        ctx.emit(ChoiceMade(seat=seat, item=command.item))
        effects.choice_made(ctx, seat, command.item)
        return
    progress = ctx.state.progress
    assert progress is not None
    generals = involved(ctx.state, seat, progress.space)
    match command:
        case EndAction():
            end_action(ctx, seat, progress.performed)
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
        ):
            _administration(ctx, seat, command, generals)
        case ProduceWeapons() | DemandTribute() | ManipulateEmperor():
            _combat(ctx, seat, command, generals)
        case Occupy():
            battles.occupy(ctx, seat, command)
        case SuppressTribe() | BribeTribe():
            tribes.take(ctx, seat, command)
        case _:
            raise AssertionError(command)


def _administration(ctx: Ctx, seat: int, command, generals: tuple[str, ...]) -> None:
    """The farm, market, trade, build and instructors actions."""
    pack = ctx.cat.pack
    player = ctx.state.players[seat]
    match command:
        case DevelopFarm():
            ctx.change(seat, "develop_farm", farm_level=1, farm_ready=1)
            _done(ctx, seat, "develop_farm", generals)
        case Harvest(keep=keep):
            ready = player.farm_ready
            rice = (ready - keep) * pack.prices.harvest_rice
            ctx.change(seat, "harvest", farm_ready=-ready, granary_farms=keep, rice=rice)
            _done(ctx, seat, "harvest", generals)
        case DevelopMarket():
            ctx.change(seat, "develop_market", market_level=1, market_ready=1)
            _done(ctx, seat, "develop_market", generals)
        case CollectTaxes(keep=keep):
            ready = player.market_ready
            gold = (ready - keep) * pack.prices.tax_gold
            ctx.change(seat, "collect_taxes", market_ready=-ready, treasury_markets=keep, gold=gold)
            _done(ctx, seat, "collect_taxes", generals)
        case TradeRice(direction=direction):
            lot = pack.prices.rice
            if direction == "sell":
                ctx.change(seat, "trade_rice", rice=-lot.lot, gold=lot.sell_gold)
            else:
                ctx.change(seat, "trade_rice", rice=lot.lot, gold=-lot.buy_gold)
            ctx.emit(ActionStepTaken(seat=seat, step="trade_rice"))
        case TradeWeapons(direction=direction):
            lot = pack.prices.weapons
            sign = -1 if direction == "sell" else 1
            amounts = {w: sign * getattr(command, w) for w in WEAPONS}
            gold = lot.sell_gold if direction == "sell" else -lot.buy_gold
            ctx.change(seat, "trade_weapons", gold=gold, **amounts)
            ctx.emit(ActionStepTaken(seat=seat, step="trade_weapons"))
        case BuildDevelopment(card=card):
            cost = ctx.cat.developments[card].cost
            ctx.change(seat, "build", rice=-cost.rice, gold=-cost.gold)
            ctx.emit(DevelopmentBuilt(seat=seat, card=card))
            effects.on_build(ctx, seat, card)
            _done(ctx, seat, "build", generals)
        case HireInstructors():
            n = min(2, player.armies)
            ctx.change(
                seat, "hire_instructors", rice=-pack.prices.instructors_rice, armies=-n, trained=n
            )
            ctx.emit(ActionStepTaken(seat=seat, step="hire_instructors"))
            _maybe_finish_instructors(ctx, seat)
        case ImportTechnology(deck=deck):
            card = getattr(ctx.state, deck)[0]
            ctx.emit(DevelopmentDrawn(seat=seat, deck=deck, card=card))
            ctx.emit(ActionStepTaken(seat=seat, step="import_technology"))
            _maybe_finish_instructors(ctx, seat)
        case _:
            raise AssertionError(command)


def _combat(ctx: Ctx, seat: int, command, generals: tuple[str, ...]) -> None:
    """Producing weapons, demanding tribute and manipulating the Han emperor."""
    pack = ctx.cat.pack
    progress = ctx.state.progress
    assert progress is not None
    match command:
        case ProduceWeapons():
            amounts = {w: getattr(command, w) for w in WEAPONS}
            action = "produce_" + progress.space
            ctx.change(seat, action, **amounts)
            _done(ctx, seat, action, generals)
        case DemandTribute(rice=rice, gold=gold, armies=armies):
            ctx.change(seat, "demand_tribute", rice=rice, gold=gold, armies=armies)
            _done(ctx, seat, "demand_tribute", generals)
        case ManipulateEmperor(general=general):
            ctx.change(seat, "manipulate_han_emperor", gold=-pack.prices.han_gold, office=1)
            ctx.emit(GeneralFlipped(seat=seat, general=general))
            _done(ctx, seat, "manipulate_han_emperor", generals)
        case _:
            raise AssertionError(command)


def _done(ctx: Ctx, seat: int, action: str, generals: tuple[str, ...]) -> None:
    ctx.emit(ActionStepTaken(seat=seat, step="performed"))
    effects.after_action(ctx, seat, action, generals)
    end_action(ctx, seat, True)


def _maybe_finish_instructors(ctx: Ctx, seat: int) -> None:
    progress = ctx.state.progress
    assert progress is not None
    if progress.hired and progress.imported:
        end_action(ctx, seat, True)
