"""The game state and ``evolve``: applying an event, never checking it."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec.structs import replace

from domain import Setup
from hearts.data import sort_cards
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

Phase = Literal["setup", "passing", "playing", "over"]

RULES_VERSION = "1"
"""The current rules version (RULES.md); a change to the rules bumps it."""


class Play(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    card: str


class Trick(msgspec.Struct, frozen=True, kw_only=True):
    leader: int
    plays: tuple[Play, ...]
    winner: int
    points: int


class SeatState(msgspec.Struct, frozen=True, kw_only=True):
    hand: tuple[str, ...] = ()
    """In hand order."""
    passed: tuple[str, ...] = ()
    """This hand's passed cards (pending until every seat has passed)."""
    passed_to: int | None = None
    received: tuple[str, ...] = ()
    taken: tuple[str, ...] = ()
    """Every card of the tricks it took this hand, in the order taken."""
    hand_points: int = 0
    """Points in the tricks it took this hand."""
    total: int = 0


class HeartsState(msgspec.Struct, frozen=True, kw_only=True):
    players: int
    rules_version: str = RULES_VERSION
    target_score: int = 100
    moon: str = "others_add"
    pass_rotation: str = "standard"
    jack_of_diamonds: bool = False
    points_on_first_trick: bool = False
    queen_breaks_hearts: bool = False
    phase: Phase = "setup"
    hand: int = 0
    direction: str = "hold"
    offset: int = 0
    seats: tuple[SeatState, ...] = ()
    current: int = 0
    """The seat to play (while playing)."""
    trick: tuple[Play, ...] = ()
    """The trick being played, in order."""
    tricks: tuple[Trick, ...] = ()
    """This hand's completed tricks."""
    hearts_broken: bool = False
    scores: tuple[tuple[int, ...], ...] = ()
    """Per finished hand, what it added to each seat."""
    moons: tuple[int | None, ...] = ()
    """Per finished hand, the seat that shot the moon (or ``None``)."""
    end_reason: str = ""


def initial_state(setup: Setup) -> HeartsState:
    o = setup.options
    return HeartsState(
        players=setup.players,
        rules_version=setup.rules_version or RULES_VERSION,
        target_score=o.target_score,
        moon=o.moon,
        pass_rotation=o.pass_rotation,
        jack_of_diamonds=o.jack_of_diamonds,
        points_on_first_trick=o.points_on_first_trick,
        queen_breaks_hearts=o.queen_breaks_hearts,
        seats=(SeatState(),) * setup.players,
    )


def _with_seat(state: HeartsState, seat: int, new: SeatState) -> HeartsState:
    seats = list(state.seats)
    seats[seat] = new
    return replace(state, seats=tuple(seats))


def _hand_dealt(state: HeartsState, e: HandDealt) -> HeartsState:
    seats = tuple(
        SeatState(hand=tuple(cards), total=s.total)
        for s, cards in zip(state.seats, e.hands, strict=True)
    )
    return replace(
        state,
        phase="passing",
        hand=e.hand,
        direction=e.direction,
        offset=e.offset,
        seats=seats,
        trick=(),
        tricks=(),
        hearts_broken=False,
    )


def _cards_passed(state: HeartsState, e: CardsPassed) -> HeartsState:
    s = state.seats[e.seat]
    gone = set(e.cards)
    new = replace(
        s,
        hand=tuple(c for c in s.hand if c not in gone),
        passed=tuple(e.cards),
        passed_to=e.to_seat,
    )
    return _with_seat(state, e.seat, new)


def _pass_completed(state: HeartsState, e: PassCompleted) -> HeartsState:
    seats = tuple(
        replace(s, hand=sort_cards((*s.hand, *got)), received=tuple(got))
        for s, got in zip(state.seats, e.received, strict=True)
    )
    return replace(state, seats=seats)


def _card_played(state: HeartsState, e: CardPlayed) -> HeartsState:
    s = state.seats[e.seat]
    state = _with_seat(state, e.seat, replace(s, hand=tuple(c for c in s.hand if c != e.card)))
    return replace(
        state,
        trick=(*state.trick, Play(seat=e.seat, card=e.card)),
        hearts_broken=state.hearts_broken or e.breaks_hearts,
        current=e.seat if e.next_seat is None else e.next_seat,
    )


def _trick_taken(state: HeartsState, e: TrickTaken) -> HeartsState:
    s = state.seats[e.seat]
    trick = Trick(leader=state.trick[0].seat, plays=state.trick, winner=e.seat, points=e.points)
    state = _with_seat(
        state, e.seat, replace(s, taken=(*s.taken, *e.cards), hand_points=s.hand_points + e.points)
    )
    return replace(state, trick=(), tricks=(*state.tricks, trick), current=e.seat)


def _hand_scored(state: HeartsState, e: HandScored) -> HeartsState:
    seats = tuple(replace(s, total=t) for s, t in zip(state.seats, e.totals, strict=True))
    return replace(
        state, seats=seats, scores=(*state.scores, e.scores), moons=(*state.moons, e.moon)
    )


def evolve(state: HeartsState, event: object) -> HeartsState:
    match event:
        case HandDealt():
            return _hand_dealt(state, event)
        case CardsPassed():
            return _cards_passed(state, event)
        case PassCompleted():
            return _pass_completed(state, event)
        case PlayBegan():
            return replace(state, phase="playing", current=event.leader)
        case CardPlayed():
            return _card_played(state, event)
        case TrickTaken():
            return _trick_taken(state, event)
        case HandScored():
            return _hand_scored(state, event)
        case GameEnded():
            return replace(state, phase="over", end_reason=event.reason)
    raise AssertionError(f"not a Hearts event: {event!r}")
