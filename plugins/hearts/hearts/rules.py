"""``start``, ``decide`` and ``legal_commands``: the rules of a hand.

A hand is a deal, a simultaneous pass (every seat still to pass may act; the exchange happens
when the last one has passed), then tricks led by the holder of the lowest club. ``decide``
folds its own events as it goes, so every automatic consequence (the exchange, the trick's
winner, the hand's scores, the next deal, the end) is computed from the state the command
leaves behind and written into the events.
"""

from __future__ import annotations

from itertools import combinations

from domain import DomainError, Event, Rng, Setup
from hearts.commands import PassCards, PlayCard
from hearts.data import (
    CLUBS,
    DIRECTIONS,
    HAND_SIZE,
    HEARTS,
    MOON_POINTS,
    PASS_SIZE,
    QUEEN_OF_SPADES,
    deck_for,
    is_penalty,
    points,
    rank,
    sort_cards,
    suit,
)
from hearts.events import (
    CardPlayed,
    CardsPassed,
    GameEnded,
    HandDealt,
    HandScored,
    PassCompleted,
    PlayBegan,
    TrickTaken,
)
from hearts.options import MAX_TARGET, MIN_TARGET, direction_of
from hearts.state import HeartsState, evolve

# --- set-up and dealing ---------------------------------------------------------------------


def start(setup: Setup, rng: Rng) -> tuple[Event, ...]:
    if setup.players not in HAND_SIZE:
        raise DomainError("player_count", "Hearts takes 3 to 5 players")
    target = setup.options.target_score
    if not MIN_TARGET <= target <= MAX_TARGET:
        raise DomainError(
            "hearts/target_score", f"target_score must be {MIN_TARGET} to {MAX_TARGET}"
        )
    return _deal(setup.players, setup.options.pass_rotation, 1, rng)


def _deal(players: int, rotation: str, hand: int, rng: Rng) -> tuple[Event, ...]:
    """Shuffle and deal one card at a time clockwise from seat 0; on a hold hand play begins
    at once."""
    pack = rng.fork(f"deal{hand}").shuffled(deck_for(players))
    hands = tuple(sort_cards(pack[seat::players]) for seat in range(players))
    direction = direction_of(rotation, players, hand)
    dealt = HandDealt(hand=hand, hands=hands, direction=direction, offset=DIRECTIONS[direction])
    if direction == "hold":
        return (dealt, PlayBegan(leader=_lowest_club_holder(hands)))
    return (dealt,)


def _lowest_club_holder(hands: tuple[tuple[str, ...], ...]) -> int:
    clubs = [(rank(c), seat) for seat, cards in enumerate(hands) for c in cards if suit(c) == CLUBS]
    return min(clubs)[1]


# --- queries --------------------------------------------------------------------------------


def to_act(state: HeartsState) -> tuple[int, ...]:
    match state.phase:
        case "passing":
            return tuple(seat for seat, s in enumerate(state.seats) if s.passed_to is None)
        case "playing":
            return (state.current,)
        case _:
            return ()


def first_trick(state: HeartsState) -> bool:
    return not state.tricks


def playable(state: HeartsState, seat: int) -> tuple[str, ...]:
    """The cards ``seat`` may play now (it must be its turn to play)."""
    hand = state.seats[seat].hand
    if not state.trick:
        if first_trick(state):
            return (min((c for c in hand if suit(c) == CLUBS), key=rank),)
        if not state.hearts_broken:
            return tuple(c for c in hand if suit(c) != HEARTS) or hand
        return hand
    led = suit(state.trick[0].card)
    following = tuple(c for c in hand if suit(c) == led)
    if following:
        return following
    if first_trick(state) and not state.points_on_first_trick:
        return tuple(c for c in hand if not is_penalty(c)) or hand
    return hand


def legal_commands(state: HeartsState, seat: int) -> list[object]:
    if seat not in to_act(state):
        return []
    if state.phase == "passing":
        hand = state.seats[seat].hand
        return [PassCards(cards=list(cards)) for cards in combinations(hand, PASS_SIZE)]
    return [PlayCard(card=card) for card in playable(state, seat)]


# --- decide ---------------------------------------------------------------------------------


def decide(state: HeartsState, seat: int, command: object, rng: Rng) -> tuple[Event, ...]:
    match command:
        case PassCards():
            return _pass(state, seat, command)
        case PlayCard():
            return _play(state, seat, command, rng)
        case _:
            raise DomainError("command_not_for_game", "not a Hearts command")


def _pass(state: HeartsState, seat: int, command: PassCards) -> tuple[Event, ...]:
    if state.phase != "passing":
        raise DomainError("hearts/not_passing_now", "cards are passed only before the play")
    cards = command.cards
    if len(cards) != PASS_SIZE:
        raise DomainError("hearts/pass_three_cards", "pass exactly three cards")
    if len(set(cards)) != PASS_SIZE:
        raise DomainError("hearts/duplicate_card", "pass three different cards")
    hand = state.seats[seat].hand
    if any(card not in hand for card in cards):
        raise DomainError("hearts/card_not_in_hand", "you can only pass cards you hold")
    passed = CardsPassed(
        seat=seat,
        to_seat=(seat + state.offset) % state.players,
        cards=sort_cards(cards),
    )
    after = evolve(state, passed)
    if to_act(after):
        return (passed,)
    received: list[tuple[str, ...]] = [()] * state.players
    for s in after.seats:
        assert s.passed_to is not None
        received[s.passed_to] = s.passed
    completed = PassCompleted(received=tuple(received))
    after = evolve(after, completed)
    hands = tuple(s.hand for s in after.seats)
    return (passed, completed, PlayBegan(leader=_lowest_club_holder(hands)))


def _refusal(state: HeartsState, seat: int) -> DomainError:
    """Why a held card may not be played now."""
    hand = state.seats[seat].hand
    if not state.trick:
        if first_trick(state):
            return DomainError(
                "hearts/lead_lowest_club", "the first trick is led with the lowest club"
            )
        return DomainError("hearts/hearts_not_broken", "hearts may not be led until broken")
    led = suit(state.trick[0].card)
    if any(suit(c) == led for c in hand):
        return DomainError("hearts/must_follow_suit", "follow the suit led")
    return DomainError(
        "hearts/no_points_on_first_trick",
        "no heart or queen of spades on the first trick while you hold another card",
    )


def _play(state: HeartsState, seat: int, command: PlayCard, rng: Rng) -> tuple[Event, ...]:
    if state.phase != "playing":
        raise DomainError("hearts/not_playing_now", "pass your cards first")
    card = command.card
    if card not in state.seats[seat].hand:
        raise DomainError("hearts/card_not_in_hand", "you can only play a card you hold")
    if card not in playable(state, seat):
        raise _refusal(state, seat)
    breaks = not state.hearts_broken and (
        suit(card) == HEARTS or (state.queen_breaks_hearts and card == QUEEN_OF_SPADES)
    )
    complete = len(state.trick) + 1 == state.players
    played = CardPlayed(
        seat=seat,
        card=card,
        breaks_hearts=breaks,
        next_seat=None if complete else (seat + 1) % state.players,
    )
    if not complete:
        return (played,)
    after = evolve(state, played)
    taken = _trick_taken(after)
    after = evolve(after, taken)
    if after.seats[0].hand:
        return (played, taken)
    return (played, taken, *_end_of_hand(after, rng))


def _trick_taken(state: HeartsState) -> TrickTaken:
    led = suit(state.trick[0].card)
    winner = max((p for p in state.trick if suit(p.card) == led), key=lambda p: rank(p.card))
    cards = tuple(p.card for p in state.trick)
    return TrickTaken(
        seat=winner.seat,
        trick=len(state.tricks) + 1,
        cards=cards,
        points=sum(points(c, state.jack_of_diamonds) for c in cards),
    )


def shooter(state: HeartsState) -> int | None:
    """The seat that took every heart and the queen of spades this hand, if one did."""
    for seat, s in enumerate(state.seats):
        if sum(1 for c in s.taken if suit(c) == HEARTS) == 13 and QUEEN_OF_SPADES in s.taken:
            return seat
    return None


def _end_of_hand(state: HeartsState, rng: Rng) -> tuple[Event, ...]:
    taken = tuple(s.hand_points for s in state.seats)
    moon = shooter(state) if state.moon != "off" else None
    scores = list(taken)
    if moon is not None:
        # The shooter's own 26 are cancelled (the jack of diamonds, if played, still counts).
        scores[moon] -= MOON_POINTS
        if state.moon == "others_add":
            scores = [s if seat == moon else s + MOON_POINTS for seat, s in enumerate(scores)]
        else:
            scores[moon] -= MOON_POINTS
    totals = tuple(s.total + add for s, add in zip(state.seats, scores, strict=True))
    scored = HandScored(
        hand=state.hand, taken=taken, scores=tuple(scores), totals=totals, moon=moon
    )
    if max(totals) >= state.target_score:
        return (scored, GameEnded(totals=totals))
    return (scored, *_deal(state.players, state.pass_rotation, state.hand + 1, rng))
