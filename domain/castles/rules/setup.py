"""Set-up: decks, stacks, favors, bonus cards (deal 3, keep 2), first reveal (solo: after
the bonus-card choice, as round 1's reveal)."""

from __future__ import annotations

from domain._kernel import DomainError, Rng, Setup
from domain.castles import data
from domain.castles.commands import DiscardBonusCard
from domain.castles.events import BonusCardDiscarded, GameSetUp
from domain.castles.rules.context import Ctx
from domain.castles.rules.flow import after_setup, begin_round
from domain.castles.state import RULES_VERSION, CastlesState


def initial_state(setup: Setup) -> CastlesState:
    return CastlesState(players=setup.players, rules_version=setup.rules_version or RULES_VERSION)


def reveals_at_set_up(state: CastlesState) -> bool:
    """Whether round 1's rooms are revealed during set-up, before the bonus-card choice: yes
    with 2-4 players; solo no, "준비 단계에서 공간 카드를 공개하지 않으며" (no room cards are
    revealed during set-up), so round 1 begins after the choice (rules version 2; version 1
    revealed them during set-up in solo too)."""
    return not state.solo or state.rules_version == "1"


def draw_favors(players: int, rng: Rng) -> tuple[int, ...]:
    """One favor per player (none solo); the completed- and incomplete-rooms favors never
    together: the later of the two drawn is set aside and another drawn."""
    if players == 1:
        return ()
    order = rng.shuffled(sorted(data.FAVORS))
    chosen: list[int] = []
    for favor in order:
        if len(chosen) == players:
            break
        if favor in data.EXCLUSIVE_FAVORS and any(f in data.EXCLUSIVE_FAVORS for f in chosen):
            continue
        chosen.append(favor)
    return tuple(chosen)


def start(setup: Setup, rng: Rng) -> tuple:
    n = setup.players
    if not 1 <= n <= 4:
        raise DomainError("player_count", "Castles takes 1 to 4 players")
    deck = tuple(rng.fork("cards").shuffled(data.room_cards()))[: data.room_cards_used(n)]
    stacks = tuple(
        tuple(rng.fork(f"stack{size}").shuffled(data.ROOMS_BY_SIZE[size]))[
            : data.stack_size(n, size)
        ]
        for size in data.SIZES
    )
    bonus = rng.fork("bonus").shuffled(sorted(data.BONUS_CARDS))
    hands = tuple(
        tuple(bonus[i * data.STARTING_BONUS_CARDS : (i + 1) * data.STARTING_BONUS_CARDS])
        for i in range(n)
    )
    bonus_deck = tuple(bonus[n * data.STARTING_BONUS_CARDS :])
    builder = rng.fork("builder").below(n)
    ctx = Ctx(initial_state(setup), rng)
    ctx.emit(
        GameSetUp(
            players=n,
            builder=builder,
            prices=data.prices(n),
            scores=tuple((seat - builder) % n for seat in range(n)),
            money=data.STARTING_MONEY,
            deck=deck,
            stacks=stacks,
            stairs=data.stairs_count(n),
            hallways=data.hallway_count(n),
            bonus_deck=bonus_deck,
            hands=hands,
            favors=draw_favors(n, rng.fork("favors")),
        )
    )
    if reveals_at_set_up(ctx.s):
        begin_round(ctx, first=True)
    return tuple(ctx.events)


def setup_to_act(state: CastlesState) -> tuple[int, ...]:
    return tuple(seat for seat, s in enumerate(state.seats) if len(s.hand) > data.KEPT_BONUS_CARDS)


def legal(state: CastlesState, seat: int) -> list:
    hand = state.seats[seat].hand
    if len(hand) <= data.KEPT_BONUS_CARDS:
        return []
    return [DiscardBonusCard(card=card) for card in hand]


def discard(ctx: Ctx, seat: int, command: DiscardBonusCard) -> None:
    if len(ctx.s.seats[seat].hand) <= data.KEPT_BONUS_CARDS:
        raise DomainError("castles/bonus_already_chosen", "you already kept your bonus cards")
    if command.card not in ctx.s.seats[seat].hand:
        raise DomainError("castles/not_in_hand", "that bonus card is not in your hand")
    ctx.emit(BonusCardDiscarded(seat=seat, card=command.card))
    if setup_to_act(ctx.s):
        return
    if reveals_at_set_up(ctx.s):
        after_setup(ctx)
    else:
        begin_round(ctx)
