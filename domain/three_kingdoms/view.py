"""What a seat (or a spectator) sees: everything but the decks' order, other kingdoms'
hands of state-development cards (their sizes per deck are public) and the values of other
kingdoms' face-down deficit tokens (their number is public; the owner sees its own, as a
player may look at their own face-down tokens). The pool of deficit tokens is face down for
everyone. Once the game is over every hand and every kingdom's deficit-token values are
shown to everyone (the decks' order and the deficit pool stay face down)."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain._kernel import Rng, View
from domain.three_kingdoms.data import catalog
from domain.three_kingdoms.events import (
    DeficitTokensDrawn,
    DevelopmentDrawn,
    GameSetUp,
    GeneralsOffered,
    OfferReturned,
    TKEvent,
)
from domain.three_kingdoms.rules import legal_commands, to_act
from domain.three_kingdoms.rules.bidding import outcome
from domain.three_kingdoms.rules.common import all_spaces, criterion, stat
from domain.three_kingdoms.state import (
    Benefit,
    GameState,
    Occupation,
    Outcome,
    Placement,
    Progress,
    ScoreCard,
    Task,
)


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    kingdom: str
    rice: int
    gold: int
    support: int
    bid_tokens: int
    armies: int
    trained: int
    spear: int
    horse: int
    crossbow: int
    boat: int
    farm_level: int
    farm_ready: int
    granary_farms: int
    market_level: int
    market_ready: int
    treasury_markets: int
    granary_borders: tuple[int, ...]
    treasury_borders: tuple[int, ...]
    tribe: int
    office: int
    military: int
    deficits: int
    deficit_values: tuple[int, ...] | None
    """Values of the deficit tokens drawn from the valued pool: your own; everyone's once the
    game is over; None for other kingdoms during play. Tokens beyond these (no pool, or the
    pool ran out) are worth the pack's ``deficit_vp``."""
    hand: tuple[str, ...] | None
    """Your own hand; every hand once the game is over; None for other kingdoms during
    play."""
    hand_unification: int
    hand_separation: int
    built: tuple[str, ...]
    generals: tuple[str, ...]
    occupying: tuple[str, ...]
    flipped: tuple[str, ...]
    passed: bool
    choices: tuple[tuple[str, ...], ...]
    benefits: tuple[Benefit, ...]
    """Pending end-of-round effects (take in any order; optional ones may be declined)."""
    offer: tuple[str, ...] | None
    """Generals offered for recruitment: yours only; None for other kingdoms."""
    offer_size: int
    to_keep: int


class SpaceView(msgspec.Struct, frozen=True, kw_only=True):
    space: str
    criterion: str
    leading: tuple[int, ...]
    values: tuple[int, ...]


class GeneralCard(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    kingdom: str
    administration: int
    combat: int
    leadership: int
    """Current values (skills that change a stat from some round are applied)."""
    specialty: str
    skill: str
    text: str
    provisional: bool


class DevelopmentCard(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    deck: str
    rice: int
    gold: int
    vp: int
    text: str
    provisional: bool


class ThreeKingdomsView(View, tag="three_kingdoms"):
    content_pack: str
    round: int
    rounds: int
    phase: str
    to_act: tuple[int, ...]
    bid_order: tuple[int, ...]
    action_order: tuple[int, ...]
    alliance_space: str
    last_alliance: str
    criteria_flipped: bool
    han_holder: int
    han_on_board: bool
    players: tuple[PlayerView, ...]
    placements: tuple[Placement, ...]
    spaces: tuple[SpaceView, ...]
    outcomes: tuple[Outcome, ...]
    tasks: tuple[Task, ...]
    task_index: int
    progress: Progress | None
    occupations: tuple[Occupation, ...]
    unification_left: int
    separation_left: int
    deficit_pool_left: int
    """Face-down valued deficit tokens left in the pool."""
    generals_left: tuple[int, ...]
    ended: str
    scores: tuple[ScoreCard, ...]
    alliance_holder: int
    """Who places the alliance token this round (3rd in bid order)."""
    generals: tuple[GeneralCard, ...]
    """Every general in play, and the viewer's recruitment offer."""
    developments: tuple[DevelopmentCard, ...]
    """Every built card, and the viewer's hand (every hand once the game is over)."""
    legal_commands: tuple[str, ...]
    """Tags of the commands the viewer may send now (full list via the commands endpoint)."""


def view(state: GameState, viewer: int | None) -> ThreeKingdomsView:
    general_cards, development_cards = _cards(state, viewer)
    tags = ()
    if viewer is not None:
        tags = tuple(
            dict.fromkeys(type(c).__struct_config__.tag for c in legal_commands(state, viewer))
        )
    return ThreeKingdomsView(
        alliance_holder=state.bid_order[2],
        generals=general_cards,
        developments=development_cards,
        content_pack=state.pack,
        round=state.round,
        rounds=catalog(state.pack).pack.rounds,
        phase=state.phase,
        to_act=to_act(state),
        bid_order=state.bid_order,
        action_order=state.action_order,
        alliance_space=state.alliance_space,
        last_alliance=state.last_alliance,
        criteria_flipped=state.criteria_flipped,
        han_holder=state.han_holder,
        han_on_board=state.han_on_board,
        players=_players(state, viewer),
        placements=state.placements,
        spaces=_spaces(state),
        outcomes=state.outcomes,
        tasks=state.tasks,
        task_index=state.task_index,
        progress=state.progress,
        occupations=state.occupations,
        unification_left=len(state.unification),
        separation_left=len(state.separation),
        deficit_pool_left=len(state.deficit_pool),
        generals_left=tuple(len(d) for d in state.general_decks),
        ended=state.ended,
        scores=state.scores,
        legal_commands=tags,
    )


def _players(state: GameState, viewer: int | None) -> tuple[PlayerView, ...]:
    cat = catalog(state.pack)
    over = state.phase == "over"
    players = []
    for seat, p in enumerate(state.players):
        decks = [cat.developments[c].deck for c in p.hand]
        fields = {
            name: getattr(p, name)
            for name in PlayerView.__struct_fields__
            if name in p.__struct_fields__ and name not in ("hand", "offer", "deficit_values")
        }
        players.append(
            PlayerView(
                seat=seat,
                kingdom=cat.kingdom_ids[seat],
                hand=tuple(sorted(p.hand)) if seat == viewer or over else None,
                offer=p.offer if seat == viewer else None,
                deficit_values=p.deficit_values if seat == viewer or over else None,
                offer_size=len(p.offer),
                hand_unification=decks.count("unification"),
                hand_separation=decks.count("separation"),
                **fields,
            )
        )
    return tuple(players)


def _spaces(state: GameState) -> tuple[SpaceView, ...]:
    """Who leads each space bid on so far, while the bidding lasts."""
    if state.phase != "bidding":
        return ()
    spaces = []
    for space in all_spaces(catalog(state.pack)):
        if any(p.space == space for p in state.placements):
            o = outcome(state, space)
            spaces.append(
                SpaceView(
                    space=space,
                    criterion=criterion(state, space),
                    leading=o.winners,
                    values=o.values,
                )
            )
    return tuple(spaces)


def _cards(
    state: GameState, viewer: int | None
) -> tuple[tuple[GeneralCard, ...], tuple[DevelopmentCard, ...]]:
    """The generals and development cards the viewer may read (see ``ThreeKingdomsView``)."""
    general_ids = [g for p in state.players for g in p.generals]
    card_ids = [c for p in state.players for c in p.built]
    if viewer is not None and 0 <= viewer < len(state.players):
        general_ids += state.players[viewer].offer
        card_ids += sorted(state.players[viewer].hand)
    if state.phase == "over":
        card_ids += sorted(c for p in state.players for c in p.hand)
    return (
        tuple(_general_card(state, g) for g in dict.fromkeys(general_ids)),
        tuple(_development_card(state, c) for c in dict.fromkeys(card_ids)),
    )


def _general_card(state: GameState, general: str) -> GeneralCard:
    card = catalog(state.pack).generals[general]
    return GeneralCard(
        id=card.id,
        name=card.name,
        kingdom=card.kingdom,
        administration=stat(state, general, "administration"),
        combat=stat(state, general, "combat"),
        leadership=stat(state, general, "leadership"),
        specialty=card.specialty,
        skill=card.skill,
        text=card.text,
        provisional=card.provisional,
    )


def _development_card(state: GameState, card_id: str) -> DevelopmentCard:
    card = catalog(state.pack).developments[card_id]
    return DevelopmentCard(
        id=card.id,
        name=card.name,
        deck=card.deck,
        rice=card.cost.rice,
        gold=card.cost.gold,
        vp=card.vp,
        text=card.text,
        provisional=card.provisional,
    )


def redact(event: TKEvent, viewer: int | None) -> TKEvent:
    match event:
        case GameSetUp():
            players = tuple(
                p if seat == viewer else replace(p, hand=("",) * len(p.hand))
                for seat, p in enumerate(event.players)
            )
            return replace(
                event,
                players=players,
                general_decks=tuple(("",) * len(d) for d in event.general_decks),
                unification=("",) * len(event.unification),
                separation=("",) * len(event.separation),
                deficit_pool=(0,) * len(event.deficit_pool),
            )
        case DeficitTokensDrawn(seat=seat) if seat != viewer:
            return replace(event, values=(0,) * len(event.values))
        case DevelopmentDrawn(seat=seat) if seat != viewer:
            return replace(event, card="")
        case GeneralsOffered(seat=seat) | OfferReturned(seat=seat) if seat != viewer:
            return replace(event, generals=("",) * len(event.generals))
    return event


def resample_hidden(state: GameState, viewer: int | None, rng: Rng) -> GameState:
    """Re-deal what the viewer cannot see: deck orders, other kingdoms' hands (keeping how
    many cards of each deck each hand holds), the deficit pool's order and other kingdoms'
    deficit-token values (keeping how many each holds). Once the game is over the hands and
    deficit values are public and stay as they are; only the decks and the pool re-shuffle."""
    cat = catalog(state.pack)
    players = list(state.players)
    over = state.phase == "over"  # hands and deficit values are public after the end
    piles = {}
    for deck in ("unification", "separation"):
        pool = list(getattr(state, deck))
        for seat, p in enumerate(players):
            if seat != viewer and not over:
                pool += [c for c in p.hand if cat.developments[c].deck == deck]
        piles[deck] = rng.fork(deck).shuffled(pool)
    for seat, p in enumerate(players):
        if seat == viewer or over:
            continue
        hand = []
        for card in p.hand:
            deck = cat.developments[card].deck
            hand.append(piles[deck].pop())
        players[seat] = replace(p, hand=tuple(hand))
    general_decks = []
    for seat, deck in enumerate(state.general_decks):
        offer = players[seat].offer
        if seat == viewer or not offer:
            general_decks.append(tuple(rng.fork(f"generals{seat}").shuffled(deck)))
            continue
        pool = rng.fork(f"generals{seat}").shuffled((*deck, *offer))
        players[seat] = replace(players[seat], offer=tuple(pool[: len(offer)]))
        general_decks.append(tuple(pool[len(offer) :]))
    # Deficit tokens: the pool is face down for everyone; the values other kingdoms hold are
    # hidden from the viewer during play (public once the game is over).
    pool = list(state.deficit_pool)
    if not over:
        for seat, p in enumerate(players):
            if seat != viewer:
                pool += p.deficit_values
    pool = rng.fork("deficits").shuffled(pool)
    if not over:
        for seat, p in enumerate(players):
            if seat != viewer and p.deficit_values:
                taken = len(p.deficit_values)
                players[seat] = replace(p, deficit_values=tuple(pool[:taken]))
                pool = pool[taken:]
    return replace(
        state,
        players=tuple(players),
        deficit_pool=tuple(pool),
        unification=tuple(piles["unification"]),
        separation=tuple(piles["separation"]),
        general_decks=tuple(general_decks),
    )
