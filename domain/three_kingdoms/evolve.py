"""``evolve``: applies one event to the state. Never validates, never draws, never mutates.

``evolve`` hands each event to the function for its group (round, recruitment, bidding, the
current action, what actions leave behind, a kingdom's own counters)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.three_kingdoms.events import (
    ActionEnded,
    ActionStarted,
    ActionStepTaken,
    AlliancePlaced,
    BenefitResolved,
    BenefitsOffered,
    BiddingClosed,
    BidRaised,
    BorderOccupied,
    ChoiceMade,
    ChoiceOffered,
    CriteriaFlipped,
    DeficitTokensDrawn,
    DevelopmentBuilt,
    DevelopmentDrawn,
    GameEnded,
    GameSetUp,
    GeneralFlipped,
    GeneralPlaced,
    GeneralRecruited,
    GeneralsOffered,
    GeneralsRecruited,
    HanTokenPassed,
    OfferReturned,
    Passed,
    PlacementFinished,
    PlayerChanged,
    RecruitmentFinished,
    RoundStarted,
    StageReached,
    TKEvent,
    TribeActionTaken,
)
from domain.three_kingdoms.state import (
    COUNTERS,
    GameState,
    Placement,
    PlayerState,
    Progress,
    Task,
)

WEAPON_FIELDS = ("spear", "horse", "crossbow", "boat")


def _with_player(state: GameState, seat: int, player: PlayerState) -> GameState:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def _chosen_next(tasks: tuple[Task, ...], index: int, task: Task) -> tuple[Task, ...]:
    """The tasks with ``task`` (a won action not carried out yet, chosen by its kingdom)
    moved to ``index``; unchanged when it is already there (always so in rules version 1)."""
    if index >= len(tasks) or tasks[index] == task or task not in tasks[index:]:
        return tasks
    later = list(tasks[index:])
    later.remove(task)
    return (*tasks[:index], task, *later)


def _remove_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def evolve(state: GameState, event: TKEvent) -> GameState:
    match event:
        case (
            GameSetUp()
            | RoundStarted()
            | StageReached()
            | CriteriaFlipped()
            | HanTokenPassed()
            | GameEnded()
        ):
            return _round(state, event)
        case (
            GeneralsRecruited()
            | GeneralsOffered()
            | GeneralRecruited()
            | OfferReturned()
            | RecruitmentFinished()
        ):
            return _recruitment(state, event)
        case (
            AlliancePlaced()
            | GeneralPlaced()
            | BidRaised()
            | PlacementFinished()
            | Passed()
            | BiddingClosed()
        ):
            return _bidding(state, event)
        case ActionStarted() | ActionStepTaken() | ActionEnded():
            return _action(state, event)
        case (
            DevelopmentDrawn()
            | DevelopmentBuilt()
            | GeneralFlipped()
            | BorderOccupied()
            | TribeActionTaken()
        ):
            return _action_result(state, event)
        case (
            PlayerChanged()
            | DeficitTokensDrawn()
            | ChoiceOffered()
            | ChoiceMade()
            | BenefitsOffered()
            | BenefitResolved()
        ):
            return _kingdom(state, event)
    raise AssertionError(f"unknown event {event!r}")


def _round(state: GameState, event: TKEvent) -> GameState:
    """Set-up, the round's start and stages, upkeep's flips and passes, the end."""
    match event:
        case GameSetUp():
            return replace(
                state,
                pack=event.pack,
                players=event.players,
                general_decks=event.general_decks,
                unification=event.unification,
                separation=event.separation,
                deficit_pool=event.deficit_pool,
            )
        case RoundStarted(round=number):
            players = tuple(
                replace(p, passed=False, tribe_done=False, successes=0) for p in state.players
            )
            return replace(
                state,
                round=number,
                phase="alliance",
                players=players,
                last_alliance=state.alliance_space,
                alliance_space="",
                outcomes=(),
                tasks=(),
                task_index=0,
                progress=None,
                stage="",
                current=-1,
                open_placement=False,
            )
        case StageReached(stage=stage):
            return replace(state, stage=stage)
        case CriteriaFlipped(flipped=flipped):
            return replace(state, criteria_flipped=flipped)
        case HanTokenPassed(seat=seat):
            return replace(state, han_holder=seat)
        case GameEnded(reason=reason, scores=scores):
            return replace(state, phase="over", ended=reason, scores=scores, current=-1)
    raise AssertionError(f"unknown event {event!r}")


def _recruitment(state: GameState, event: TKEvent) -> GameState:
    """Generals recruited or offered and kept (``rules.recruitment``)."""
    match event:
        case GeneralsRecruited(seat=seat, generals=generals):
            decks = list(state.general_decks)
            decks[seat] = tuple(g for g in decks[seat] if g not in generals)
            player = state.players[seat]
            state = replace(state, general_decks=tuple(decks))
            return _with_player(state, seat, replace(player, generals=player.generals + generals))
        case GeneralsOffered(seat=seat, generals=generals, keep=keep):
            decks = list(state.general_decks)
            decks[seat] = decks[seat][len(generals) :]
            player = replace(state.players[seat], offer=generals, to_keep=keep)
            state = replace(state, general_decks=tuple(decks), phase="recruit")
            return _with_player(state, seat, player)
        case GeneralRecruited(seat=seat, general=general):
            player = state.players[seat]
            player = replace(
                player,
                generals=(*player.generals, general),
                offer=_remove_one(player.offer, general),
                to_keep=player.to_keep - 1,
            )
            return _with_player(state, seat, player)
        case OfferReturned(seat=seat, generals=generals):
            decks = list(state.general_decks)
            decks[seat] = decks[seat] + generals
            state = replace(state, general_decks=tuple(decks))
            return _with_player(state, seat, replace(state.players[seat], offer=(), to_keep=0))
        case RecruitmentFinished():
            return replace(state, phase="alliance")
    raise AssertionError(f"unknown event {event!r}")


def _bidding(state: GameState, event: TKEvent) -> GameState:
    """The alliance token, bids placed and raised, bidding closed (``rules.bidding``)."""
    match event:
        case AlliancePlaced(space=space, first_bidder=first):
            return replace(state, alliance_space=space, phase="bidding", current=first)
        case GeneralPlaced(seat=seat, general=general, space=space):
            tick = state.tick + 1
            placement = Placement(seat=seat, general=general, space=space, tick=tick)
            return replace(
                state, placements=(*state.placements, placement), tick=tick, open_placement=True
            )
        case BidRaised(seat=seat, token=token):
            return _bid_raised(state, seat, token)
        case PlacementFinished(next_bidder=nxt):
            return replace(state, open_placement=False, current=nxt)
        case Passed(seat=seat, next_bidder=nxt):
            state = _with_player(state, seat, replace(state.players[seat], passed=True))
            return replace(state, current=nxt, open_placement=False)
        case BiddingClosed():
            winners = {o.space: o.winners for o in event.outcomes}
            placements = tuple(p for p in state.placements if p.seat in winners.get(p.space, ()))
            players = tuple(
                replace(p, flipped=(), successes=event.successes[i])
                for i, p in enumerate(state.players)
            )
            return replace(
                state,
                phase="resolution",
                outcomes=event.outcomes,
                placements=placements,
                players=players,
                bid_order=event.bid_order,
                action_order=event.action_order,
                tasks=event.tasks,
                task_index=0,
                current=-1,
                open_placement=False,
                han_on_board=any(p.han for p in placements),
            )
    raise AssertionError(f"unknown event {event!r}")


def _bid_raised(state: GameState, seat: int, token: str) -> GameState:
    """One token (or a unit: ``token`` is then its weapon) added to the open placement."""
    tick = state.tick + 1
    last = state.placements[-1]
    player = state.players[seat]
    han_on_board = state.han_on_board
    if token == "bid_token":
        last = replace(last, bid_tokens=last.bid_tokens + 1, tick=tick)
        player = replace(player, bid_tokens=player.bid_tokens - 1)
    elif token == "support":
        last = replace(last, support=last.support + 1, tick=tick)
        player = replace(player, support=player.support - 1)
    elif token == "han":
        last = replace(last, han=last.han + 1, tick=tick)
        han_on_board = True
    else:
        last = replace(last, units=(*last.units, token), tick=tick)
        player = replace(
            player,
            trained=player.trained - 1,
            **{token: getattr(player, token) - 1},
        )
    state = replace(
        state,
        placements=(*state.placements[:-1], last),
        tick=tick,
        han_on_board=han_on_board,
    )
    return _with_player(state, seat, player)


def _action(state: GameState, event: TKEvent) -> GameState:
    """The current action's progress, from start to end (``rules.actions``)."""
    match event:
        case ActionStarted(seat=seat, space=space):
            tasks = _chosen_next(state.tasks, state.task_index, Task(space=space, seat=seat))
            return replace(state, progress=Progress(space=space, seat=seat), tasks=tasks)
        case ActionStepTaken(step=step):
            progress = state.progress
            if progress is None:
                return state
            if step == "trade_rice":
                progress = replace(progress, rice_trades=progress.rice_trades + 1, performed=True)
            elif step == "trade_weapons":
                progress = replace(
                    progress, weapon_trades=progress.weapon_trades + 1, performed=True
                )
            elif step == "hire_instructors":
                progress = replace(progress, hired=True, performed=True)
            elif step == "import_technology":
                progress = replace(progress, imported=True, performed=True)
            else:
                progress = replace(progress, performed=True)
            return replace(state, progress=progress)
        case ActionEnded(seat=seat, space=space):
            placements = tuple(
                p for p in state.placements if not (p.seat == seat and p.space == space)
            )
            return replace(
                state,
                progress=None,
                task_index=state.task_index + 1,
                placements=placements,
                han_on_board=any(p.han for p in placements),
            )
    raise AssertionError(f"unknown event {event!r}")


def _action_result(state: GameState, event: TKEvent) -> GameState:
    """What actions leave behind: cards, flipped generals, borders, tribes."""
    match event:
        case DevelopmentDrawn(seat=seat, deck=deck, card=card):
            pile = getattr(state, deck)
            state = replace(state, **{deck: pile[1:]})
            player = state.players[seat]
            return _with_player(state, seat, replace(player, hand=(*player.hand, card)))
        case DevelopmentBuilt(seat=seat, card=card):
            player = state.players[seat]
            player = replace(
                player, hand=_remove_one(player.hand, card), built=(*player.built, card)
            )
            return _with_player(state, seat, player)
        case GeneralFlipped(seat=seat, general=general):
            player = state.players[seat]
            return _with_player(state, seat, replace(player, flipped=(*player.flipped, general)))
        case BorderOccupied(occupation=occ, token_vp=vp, store=store):
            player = state.players[occ.seat]
            if store == "granary":
                player = replace(player, granary_borders=(*player.granary_borders, vp))
            else:
                player = replace(player, treasury_borders=(*player.treasury_borders, vp))
            player = replace(
                player, occupying=(*player.occupying, occ.general), last_border=occ.border
            )
            state = replace(state, occupations=(*state.occupations, occ))
            return _with_player(state, occ.seat, player)
        case TribeActionTaken(seat=seat):
            return _with_player(state, seat, replace(state.players[seat], tribe_done=True))
    raise AssertionError(f"unknown event {event!r}")


def _kingdom(state: GameState, event: TKEvent) -> GameState:
    """A kingdom's counters, deficit tokens, choices and benefits (``rules.effects``)."""
    match event:
        case PlayerChanged(seat=seat, delta=delta):
            player = state.players[seat]
            changes = {}
            for name in COUNTERS:
                amount = getattr(delta, name)
                if amount:
                    changes[name] = getattr(player, name) + amount
            return _with_player(state, seat, replace(player, **changes))
        case DeficitTokensDrawn(seat=seat, values=values):
            player = state.players[seat]
            player = replace(player, deficit_values=(*player.deficit_values, *values))
            state = replace(state, deficit_pool=state.deficit_pool[len(values) :])
            return _with_player(state, seat, player)
        case ChoiceOffered(seat=seat, options=options):
            player = state.players[seat]
            return _with_player(state, seat, replace(player, choices=(*player.choices, options)))
        case ChoiceMade(seat=seat):
            player = state.players[seat]
            return _with_player(state, seat, replace(player, choices=player.choices[1:]))
        case BenefitsOffered(seat=seat, benefits=benefits):
            player = state.players[seat]
            return _with_player(state, seat, replace(player, benefits=player.benefits + benefits))
        case BenefitResolved(seat=seat, benefit=benefit):
            player = state.players[seat]
            index = player.benefits.index(benefit)
            remaining = player.benefits[:index] + player.benefits[index + 1 :]
            return _with_player(state, seat, replace(player, benefits=remaining))
    raise AssertionError(f"unknown event {event!r}")
