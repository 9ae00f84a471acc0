"""What each viewer may see, redaction of the event feed, hidden-information resampling and
the ranking.

Hidden: every hand but the viewer's own, and the cards passed between other seats. A seat
sees its own hand, the cards it passed (at once) and received (once every seat has passed);
everyone sees the tricks, who has passed, the counts of cards in hand, points and totals."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain import Result, Rng, Standing, View, rank
from hearts.data import HEARTS, QUEEN_OF_SPADES, is_penalty, sort_cards, suit
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


# --- resampling -----------------------------------------------------------------------------


def resample_hidden(state: HeartsState, viewer: int | None, rng: Rng) -> HeartsState:
    """Re-deal the cards the viewer cannot see among the other seats, keeping every count and
    every fact the viewer knows: the cards it passed stay with their receiver until played,
    and a seat stays void in a suit it showed it lacks (it did not follow, it led a heart
    before hearts were broken, or it discarded a heart or the queen on the first trick)."""
    if state.phase not in ("passing", "playing"):
        return state
    if state.phase == "passing":
        return _resample_before_exchange(state, viewer, rng)
    return _resample_after_exchange(state, viewer, rng)


def _resample_before_exchange(state: HeartsState, viewer: int | None, rng: Rng) -> HeartsState:
    others = [seat for seat in range(state.players) if seat != viewer]
    pool = rng.fork("pool").shuffled(
        sort_cards(
            c for seat in others for c in (*state.seats[seat].hand, *state.seats[seat].passed)
        )
    )
    seats = list(state.seats)
    for seat in others:
        s = seats[seat]
        hand, passed = pool[: len(s.hand)], pool[len(s.hand) : len(s.hand) + len(s.passed)]
        del pool[: len(s.hand) + len(s.passed)]
        seats[seat] = replace(s, hand=sort_cards(hand), passed=sort_cards(passed))
    return replace(state, seats=tuple(seats))


def _excluded(state: HeartsState, seat: int) -> set[str]:
    """Cards the seat is known not to hold, from how it played this hand."""
    out: set[str] = set()
    broken = False
    plays = [t.plays for t in state.tricks]
    if state.trick:
        plays.append(state.trick)
    for index, trick in enumerate(plays):
        led = suit(trick[0].card)
        for position, play in enumerate(trick):
            if play.seat == seat:
                if position == 0 and led == HEARTS and not broken:
                    out |= {c for c in _ALL if suit(c) != HEARTS}
                elif suit(play.card) != led:
                    out |= {c for c in _ALL if suit(c) == led}
                    if index == 0 and is_penalty(play.card) and not state.points_on_first_trick:
                        out |= {c for c in _ALL if not is_penalty(c)}
            broken = broken or suit(play.card) == HEARTS
            broken = broken or (state.queen_breaks_hearts and play.card == QUEEN_OF_SPADES)
    return out


def _resample_after_exchange(state: HeartsState, viewer: int | None, rng: Rng) -> HeartsState:
    others = [seat for seat in range(state.players) if seat != viewer]
    fixed: dict[int, set[str]] = {seat: set() for seat in others}
    if viewer is not None and state.direction != "hold":
        me = state.seats[viewer]
        if me.passed_to is not None and me.passed_to != viewer:
            fixed[me.passed_to] = set(me.passed) & set(state.seats[me.passed_to].hand)
    pool = [c for seat in others for c in state.seats[seat].hand if c not in fixed[seat]]
    slots = [seat for seat in others for _ in range(len(state.seats[seat].hand) - len(fixed[seat]))]
    excluded = {seat: _excluded(state, seat) for seat in others}
    pool = rng.fork("pool").shuffled(sort_cards(pool))
    slots = rng.fork("slots").shuffled(slots)
    owner = _match(pool, slots, excluded)
    hands: dict[int, list[str]] = {seat: list(fixed[seat]) for seat in others}
    for slot, card in owner.items():
        hands[slots[slot]].append(card)
    seats = list(state.seats)
    for seat in others:
        seats[seat] = replace(seats[seat], hand=sort_cards(hands[seat]))
    state = replace(state, seats=tuple(seats))
    if state.direction == "hold":
        return state
    return _repass(state, viewer, rng)


def _match(cards: list[str], slots: list[int], excluded: dict[int, set[str]]) -> dict[int, str]:
    """A perfect matching of cards to seat slots that no seat's exclusions forbid (augmenting
    paths, Kuhn): one exists, the real deal."""
    owner: dict[int, str] = {}

    def place(card: str, seen: set[int]) -> bool:
        for slot, seat in enumerate(slots):
            if slot in seen or card in excluded[seat]:
                continue
            seen.add(slot)
            if slot not in owner or place(owner[slot], seen):
                owner[slot] = card
                return True
        return False

    for card in cards:
        if not place(card, set()):
            raise AssertionError("no deal fits what the viewer knows")
    return owner


def _repass(state: HeartsState, viewer: int | None, rng: Rng) -> HeartsState:
    """Re-draw the passes the viewer did not see: each from the cards its receiver held
    after the exchange (its hand and what it has played), never the viewer's own pass."""
    seats = list(state.seats)
    played: dict[int, list[str]] = {seat: [] for seat in range(state.players)}
    for trick in (*(t.plays for t in state.tricks), state.trick):
        for play in trick:
            played[play.seat].append(play.card)
    for passer, s in enumerate(state.seats):
        receiver = s.passed_to
        if passer == viewer or receiver is None or receiver == viewer:
            continue
        held = sort_cards((*seats[receiver].hand, *played[receiver]))
        got = tuple(rng.fork(f"pass{passer}").shuffled(held)[: len(s.passed)])
        seats[passer] = replace(seats[passer], passed=sort_cards(got))
        seats[receiver] = replace(seats[receiver], received=sort_cards(got))
    return replace(state, seats=tuple(seats))


_ALL = frozenset(c + s for s in "CDSH" for c in "23456789TJQKA")


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
