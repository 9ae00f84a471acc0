"""``decide`` and ``legal_commands``: the rules of a turn.

A turn is one action (take gems, reserve, buy, or pass when nothing else is possible), then
two possible pending decisions of the same seat: returning tokens down to ten, and choosing
which noble visits when several qualify. ``decide`` folds its own events as it goes so that
every automatic consequence is computed from the state the action leaves behind.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from domain._kernel import DomainError, Event, Rng, Setup
from domain.splendor.commands import (
    BuyCard,
    BuyReserved,
    ChooseNoble,
    Pass,
    ReserveCard,
    ReserveFromDeck,
    ReturnTokens,
    TakeGems,
    gems_of,
    payment_of,
    returned_of,
)
from domain.splendor.data import (
    CARDS,
    CARDS_BY_LEVEL,
    COLOURS,
    GEMS_BY_PLAYERS,
    LEVELS,
    MAX_RESERVED,
    MAX_TOKENS,
    NOBLES,
    SLOTS_PER_LEVEL,
    WINNING_POINTS,
)
from domain.splendor.events import (
    CardBought,
    CardReserved,
    GameEnded,
    GameSetUp,
    GemsTaken,
    NobleChoiceOffered,
    NobleVisited,
    Passed,
    ReturnRequired,
    TokensReturned,
    TurnEnded,
)
from domain.splendor.state import SeatState, SplendorState, evolve

GOLD = len(COLOURS)
"""Index of gold in a six-entry token tuple."""


# --- set-up -------------------------------------------------------------------------------


def start(setup: Setup, rng: Rng) -> tuple[Event, ...]:
    if setup.players not in GEMS_BY_PLAYERS:
        raise DomainError("player_count", "Splendor takes 2 to 4 players")
    decks = [rng.fork(f"deck{level}").shuffled(CARDS_BY_LEVEL[level]) for level in LEVELS]
    nobles = rng.fork("nobles").shuffled(sorted(NOBLES))[: setup.players + 1]
    return (
        GameSetUp(
            nobles=tuple(sorted(nobles)),
            board=tuple(tuple(deck[:SLOTS_PER_LEVEL]) for deck in decks),
            decks=tuple(tuple(deck[SLOTS_PER_LEVEL:]) for deck in decks),
            deck_sizes=tuple(len(deck) - SLOTS_PER_LEVEL for deck in decks),
        ),
    )


# --- queries --------------------------------------------------------------------------------


def to_act(state: SplendorState) -> tuple[int, ...]:
    return () if state.phase in ("setup", "over") else (state.current,)


def owed(seat: SeatState, card: int) -> tuple[int, ...]:
    """What is left of the card's cost after the seat's card bonuses, per colour."""
    return tuple(max(0, c - b) for c, b in zip(CARDS[card].cost, seat.bonuses, strict=True))


def _gold_splits(low: list[int], high: list[int], budget: int) -> Iterator[tuple[int, ...]]:
    if not low:
        yield ()
        return
    rest_low = sum(low[1:])
    for used in range(low[0], min(high[0], budget - rest_low) + 1):
        for rest in _gold_splits(low[1:], high[1:], budget - used):
            yield (used, *rest)


def payments(seat: SeatState, card: int) -> list[tuple[int, ...]]:
    """Every way to spend gold per colour on the card; empty when it cannot be afforded."""
    need = owed(seat, card)
    low = [max(0, n - t) for n, t in zip(need, seat.tokens, strict=False)]
    if sum(low) > seat.tokens[GOLD]:
        return []
    if not seat.tokens[GOLD]:
        return [tuple(low)]  # no gold: the one split spends none (``low`` is all zeros)
    return list(_gold_splits(low, list(need), seat.tokens[GOLD]))


def qualifying_nobles(state: SplendorState, seat: int) -> tuple[int, ...]:
    bonuses = state.seats[seat].bonuses
    return tuple(
        noble
        for noble in state.nobles
        if all(b >= r for b, r in zip(bonuses, NOBLES[noble].requires, strict=True))
    )


def different_colours_to_take(state: SplendorState) -> tuple[int, ...]:
    """How many different colours a "take different colours" action takes: three while three
    colours are left; with fewer left, as many as are left (rules version 1: any 1 up to
    the number left). RULES.md, "Take gems"."""
    available = sum(1 for n in state.supply[:GOLD] if n > 0)
    if available >= 3:
        return (3,)
    if state.rules_version == "1":
        return tuple(range(1, available + 1))
    return (available,) if available else ()


def _gem_takes(state: SplendorState) -> list[tuple[int, ...]]:
    supply = state.supply
    available = [i for i in range(len(COLOURS)) if supply[i] > 0]
    sizes = different_colours_to_take(state)
    takes = []
    for size in sizes:
        for chosen in combinations(available, size):
            takes.append(tuple(1 if i in chosen else 0 for i in range(len(COLOURS))))
    for i in range(len(COLOURS)):
        if supply[i] >= 4:
            takes.append(tuple(2 if j == i else 0 for j in range(len(COLOURS))))
    return takes


def _return_splits(held: tuple[int, ...], count: int) -> Iterator[tuple[int, ...]]:
    if not held:
        if count == 0:
            yield ()
        return
    for given in range(min(held[0], count), -1, -1):
        for rest in _return_splits(held[1:], count - given):
            yield (given, *rest)


def _actions(state: SplendorState, seat: int) -> list[object]:
    me = state.seats[seat]
    commands: list[object] = [
        TakeGems(**dict(zip(COLOURS, take, strict=True))) for take in _gem_takes(state)
    ]
    if len(me.reserved) < MAX_RESERVED:
        for level in LEVELS:
            for slot, card in enumerate(state.board[level - 1]):
                if card is not None:
                    commands.append(ReserveCard(level=level, slot=slot))
        commands += [ReserveFromDeck(level=level) for level in LEVELS if state.decks[level - 1]]
    for level in LEVELS:
        for slot, card in enumerate(state.board[level - 1]):
            if card is not None:
                for pay in payments(me, card):
                    commands.append(BuyCard(level=level, slot=slot, **_gold_fields(pay)))
    for index, reserved in enumerate(me.reserved):
        for pay in payments(me, reserved.card):
            commands.append(BuyReserved(index=index, **_gold_fields(pay)))
    return commands


_GOLD_FIELDS = tuple(f"gold_{colour}" for colour in COLOURS)


def _gold_fields(pay: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(_GOLD_FIELDS, pay, strict=True))


def legal_commands(state: SplendorState, seat: int) -> list[object]:
    if seat not in to_act(state):
        return []
    match state.phase:
        case "return":
            held = state.seats[seat].tokens
            return [
                ReturnTokens(**dict(zip((*COLOURS, "gold"), split, strict=True)))
                for split in _return_splits(held, state.must_return)
            ]
        case "noble":
            return [ChooseNoble(noble=noble) for noble in state.offered]
        case _:
            return _actions(state, seat) or [Pass()]


# --- decide ---------------------------------------------------------------------------------


def decide(state: SplendorState, seat: int, command: object, rng: Rng) -> tuple[Event, ...]:
    _check_phase(state, command)
    match command:
        case TakeGems():
            action: Event = _take(state, seat, command)
        case ReserveCard() | ReserveFromDeck():
            action = _reserve(state, seat, command)
        case BuyCard() | BuyReserved():
            action = _buy(state, seat, command)
        case ReturnTokens():
            event = _return(state, seat, command)
            return (event, *_end_of_turn(evolve(state, event), seat))
        case ChooseNoble():
            if command.noble not in state.offered:
                raise DomainError("splendor/noble_not_offered", "choose one of the offered nobles")
            event = NobleVisited(
                seat=seat, noble=command.noble, points=NOBLES[command.noble].points
            )
            return (event, *_next_turn(evolve(state, event), seat))
        case Pass():
            if _actions(state, seat):
                raise DomainError(
                    "splendor/must_act", "you may pass only when no action is possible"
                )
            action = Passed(seat=seat)
        case _:
            raise DomainError("command_not_for_game", "not a Splendor command")
    return (action, *_after_action(evolve(state, action), seat))


def _check_phase(state: SplendorState, command: object) -> None:
    if state.phase == "return" and not isinstance(command, ReturnTokens):
        raise DomainError("splendor/return_pending", "return tokens down to ten first")
    if state.phase == "noble" and not isinstance(command, ChooseNoble):
        raise DomainError("splendor/noble_choice_pending", "choose the visiting noble first")
    if state.phase == "action" and isinstance(command, ReturnTokens):
        raise DomainError("splendor/nothing_to_return", "you hold at most ten tokens")
    if state.phase == "action" and isinstance(command, ChooseNoble):
        raise DomainError("splendor/no_noble_choice", "no noble choice is pending")


def _take(state: SplendorState, seat: int, command: TakeGems) -> Event:
    gems = gems_of(command)
    if any(n < 0 for n in gems):
        raise DomainError("splendor/negative_amount", "amounts cannot be negative")
    if any(n > 2 for n in gems) or sum(gems) > 3:
        raise DomainError("splendor/too_many_gems", "take three different gems or two alike")
    if sum(gems) == 0:
        raise DomainError("splendor/take_nothing", "take at least one gem")
    if 2 in gems:
        if sum(gems) != 2:
            raise DomainError("splendor/two_of_one_colour_only", "two alike is the whole take")
        if state.supply[gems.index(2)] < 4:
            raise DomainError(
                "splendor/take_two_needs_four", "two alike need four of that colour in supply"
            )
        return GemsTaken(seat=seat, gems=gems)
    if any(n and not state.supply[i] for i, n in enumerate(gems)):
        raise DomainError("splendor/colour_exhausted", "that colour is not in the supply")
    if sum(gems) not in different_colours_to_take(state):
        available = sum(1 for n in state.supply[:GOLD] if n > 0)
        if available >= 3:
            raise DomainError(
                "splendor/take_three_different", "take three different colours while three remain"
            )
        raise DomainError(
            "splendor/take_every_colour_left",
            f"take one gem of each of the {available} colours left (never fewer)",
        )
    return GemsTaken(seat=seat, gems=gems)


def _refill(state: SplendorState, level: int) -> int | None:
    deck = state.decks[level - 1]
    return deck[0] if deck else None


def _board_card(state: SplendorState, level: int, slot: int) -> int:
    if level not in LEVELS or not 0 <= slot < SLOTS_PER_LEVEL:
        raise DomainError("splendor/no_such_slot", f"no face-up slot {slot} at level {level}")
    card = state.board[level - 1][slot]
    if card is None:
        raise DomainError("splendor/empty_slot", "that slot is empty: its deck ran out")
    return card


def _reserve(state: SplendorState, seat: int, command: ReserveCard | ReserveFromDeck) -> Event:
    if len(state.seats[seat].reserved) >= MAX_RESERVED:
        raise DomainError("splendor/reserve_limit", "you already hold three reserved cards")
    gold = 1 if state.supply[GOLD] > 0 else 0
    if isinstance(command, ReserveCard):
        card = _board_card(state, command.level, command.slot)
        return CardReserved(
            seat=seat,
            level=command.level,
            slot=command.slot,
            card=card,
            gold=gold,
            replacement=_refill(state, command.level),
        )
    if command.level not in LEVELS:
        raise DomainError("splendor/no_such_level", "levels are 1, 2 and 3")
    top = _refill(state, command.level)
    if top is None:
        raise DomainError("splendor/deck_empty", "that deck is empty")
    return CardReserved(seat=seat, level=command.level, slot=None, card=top, gold=gold)


def _buy(state: SplendorState, seat: int, command: BuyCard | BuyReserved) -> Event:
    me = state.seats[seat]
    if isinstance(command, BuyCard):
        card = _board_card(state, command.level, command.slot)
        where: dict[str, int | None] = {
            "slot": command.slot,
            "replacement": _refill(state, command.level),
        }
    else:
        if not 0 <= command.index < len(me.reserved):
            raise DomainError("splendor/no_such_reserved_card", "you have no such reserved card")
        card = me.reserved[command.index].card
        where = {"index": command.index}
    paid = _paid(me, card, payment_of(command))
    return CardBought(
        seat=seat,
        card=card,
        level=CARDS[card].level,
        bonus=CARDS[card].bonus,
        points=CARDS[card].points,
        paid=paid,
        **where,
    )


def _paid(me: SeatState, card: int, gold_used: tuple[int, ...]) -> tuple[int, ...]:
    """The six-entry token payment, or a refusal when the gold split does not fit."""
    need = owed(me, card)
    if any(g < 0 for g in gold_used):
        raise DomainError("splendor/negative_amount", "amounts cannot be negative")
    if any(g > n for g, n in zip(gold_used, need, strict=True)):
        raise DomainError("splendor/gold_beyond_cost", "gold may only cover what you still owe")
    if sum(gold_used) > me.tokens[GOLD]:
        raise DomainError("splendor/not_enough_gold", "you do not hold that much gold")
    coloured = tuple(n - g for n, g in zip(need, gold_used, strict=True))
    if any(c > t for c, t in zip(coloured, me.tokens, strict=False)):
        raise DomainError("splendor/cannot_afford", "not enough tokens of a colour: use gold")
    return (*coloured, sum(gold_used))


def _return(state: SplendorState, seat: int, command: ReturnTokens) -> Event:
    tokens = returned_of(command)
    held = state.seats[seat].tokens
    if any(n < 0 for n in tokens):
        raise DomainError("splendor/negative_amount", "amounts cannot be negative")
    if any(n > h for n, h in zip(tokens, held, strict=True)):
        raise DomainError("splendor/not_held", "you cannot return tokens you do not hold")
    if sum(tokens) != state.must_return:
        raise DomainError(
            "splendor/return_to_ten", f"return exactly {state.must_return} to keep ten"
        )
    return TokensReturned(seat=seat, tokens=tokens)


# --- automatic consequences -----------------------------------------------------------------


def _after_action(state: SplendorState, seat: int) -> tuple[Event, ...]:
    excess = sum(state.seats[seat].tokens) - MAX_TOKENS
    if excess > 0:
        return (ReturnRequired(seat=seat, count=excess),)
    return _end_of_turn(state, seat)


def _end_of_turn(state: SplendorState, seat: int) -> tuple[Event, ...]:
    nobles = qualifying_nobles(state, seat)
    if len(nobles) > 1:
        return (NobleChoiceOffered(seat=seat, nobles=nobles),)
    if not nobles:
        return _next_turn(state, seat)
    visit = NobleVisited(seat=seat, noble=nobles[0], points=NOBLES[nobles[0]].points)
    return (visit, *_next_turn(evolve(state, visit), seat))


def _next_turn(state: SplendorState, seat: int) -> tuple[Event, ...]:
    final = state.final_round or any(s.points >= WINNING_POINTS for s in state.seats)
    following = (seat + 1) % state.players
    events: list[Event] = [TurnEnded(seat=seat, next_seat=following, final_round=final)]
    scores = tuple(s.points for s in state.seats)
    if final and following == 0:
        events.append(GameEnded(reason="points", scores=scores))
    elif state.passes >= state.players:
        events.append(GameEnded(reason="stalemate", scores=scores))
    return tuple(events)
