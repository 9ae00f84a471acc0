"""What each viewer may see, redaction of the event feed and the ranking (re-drawing what a
viewer may not see, and drawing a whole state from a view: hidden.py).

Hidden: every hand but the viewer's own, and the cards passed between other seats. A seat
sees its own hand, the cards it passed (at once) and received (once every seat has passed);
everyone sees the tricks, who has passed, the counts of cards in hand, points and totals."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain import Result, Standing, View, rank
from hearts.events import CardsPassed, HandDealt, PassCompleted
from hearts.rules import to_act
from hearts.state import HeartsState, Play, SeatState, Trick


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    cards_in_hand: int
    has_passed: bool
    """This hand's cards are passed (or it is a hold hand)."""
    hand_points: int
    """Points in the tricks it took this hand."""
    total: int


class HeartsView(View, tag="hearts"):
    viewer: int | None
    players: int
    phase: str
    hand_number: int
    pass_direction: str
    """``left``, ``right``, ``across`` or ``hold``."""
    to_act: tuple[int, ...]
    current: int | None
    """The seat to play, while the tricks are played."""
    hearts_broken: bool
    hand: tuple[str, ...] | None
    """The viewer's cards, in hand order; ``None`` for a spectator."""
    passed: tuple[str, ...]
    """The cards the viewer passed this hand."""
    passed_to: int | None
    received: tuple[str, ...]
    """The cards the viewer received this hand (once every seat has passed)."""
    received_from: int | None
    trick: tuple[Play, ...]
    """The trick being played."""
    tricks: tuple[Trick, ...]
    """This hand's completed tricks."""
    seats: tuple[SeatView, ...]
    scores: tuple[tuple[int, ...], ...]
    """Per finished hand, what it added to each seat."""
    moons: tuple[int | None, ...]
    """Per finished hand, the seat that shot the moon, if one did."""
    target_score: int
    moon: str
    jack_of_diamonds: bool
    points_on_first_trick: bool
    queen_breaks_hearts: bool
    result: Result | None = None


def _passer_to(state: HeartsState, seat: int) -> int | None:
    if state.phase != "playing" or state.direction == "hold":
        return None
    return (seat - state.offset) % state.players


def view(state: HeartsState, viewer: int | None) -> HeartsView:
    me: SeatState | None = None if viewer is None else state.seats[viewer]
    exchanged = state.phase == "playing" and state.direction != "hold"
    return HeartsView(
        viewer=viewer,
        players=state.players,
        phase=state.phase,
        hand_number=state.hand,
        pass_direction=state.direction,
        to_act=to_act(state),
        current=state.current if state.phase == "playing" else None,
        hearts_broken=state.hearts_broken,
        hand=None if me is None else me.hand,
        passed=() if me is None else me.passed,
        passed_to=None if me is None else me.passed_to,
        received=() if me is None or not exchanged else me.received,
        received_from=None if viewer is None else _passer_to(state, viewer),
        trick=state.trick,
        tricks=state.tricks,
        seats=tuple(
            SeatView(
                seat=seat,
                cards_in_hand=len(s.hand),
                has_passed=state.phase == "playing" or s.passed_to is not None,
                hand_points=s.hand_points,
                total=s.total,
            )
            for seat, s in enumerate(state.seats)
        ),
        scores=state.scores,
        moons=state.moons,
        target_score=state.target_score,
        moon=state.moon,
        jack_of_diamonds=state.jack_of_diamonds,
        points_on_first_trick=state.points_on_first_trick,
        queen_breaks_hearts=state.queen_breaks_hearts,
        result=result(state),
    )


def redact(event: object, viewer: int | None) -> object:
    """Other seats' dealt hands, passed and received cards are blanked."""
    match event:
        case HandDealt():
            return replace(
                event, hands=tuple(h if s == viewer else () for s, h in enumerate(event.hands))
            )
        case CardsPassed() if event.seat != viewer:
            return replace(event, cards=())
        case PassCompleted():
            return replace(
                event,
                received=tuple(r if s == viewer else () for s, r in enumerate(event.received)),
            )
    return event


# --- ranking --------------------------------------------------------------------------------


def ranking(totals: tuple[int, ...]) -> tuple[Standing, ...]:
    """Lowest total first; equal totals share a place (1, 1, 3). A standing's ``score`` is
    minus the seat's total: the SDK (``rank``, tournament tie-breaks that add up game scores)
    reads a higher score as better, and in Hearts fewer points are better."""
    return rank((seat, -total, ()) for seat, total in enumerate(totals))


def result(state: HeartsState) -> Result | None:
    if state.phase != "over":
        return None
    totals = tuple(s.total for s in state.seats)
    standings = ranking(totals)
    winners = [s.seat for s in standings if s.place == 1]
    return Result(
        ranking=standings,
        summary=f"lowest score {min(totals)}: seat(s) {', '.join(map(str, winners))} win",
    )


def provisional_result(state: HeartsState) -> Result:
    """The game as it stands, for endings outside the rules: the totals plus the points in
    the tricks taken so far this hand (no moon is assumed until the hand is over)."""
    final = result(state)
    if final is not None:
        return final
    totals = tuple(s.total + s.hand_points for s in state.seats)
    return Result(ranking=ranking(totals), summary="provisional: lowest points so far")
