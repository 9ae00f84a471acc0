"""What a seat cannot see, drawn at random among what it allows: ``resample_hidden`` re-draws
the hidden cards of a true state (the SDK's leak test, the bots' twin states) and
``determinize`` draws a whole state from a seat's view alone (the ``mcts`` bot searches over
such states; docs/bots.md).

What a seat knows of the others' cards, and every draw keeps:

- how many cards each holds, and which cards are gone (played to a trick, or its own);
- the cards it passed stay with their receiver until that seat plays them;
- the leader of a first trick not yet led holds the lowest club;
- a seat that showed a void keeps it: it did not follow suit, it led a heart before hearts
  were broken (it held nothing else), or it discarded a heart or the queen of spades on the
  first trick (likewise).

Among the deals that respect all of it, one is drawn by shuffling the unknown cards and
seating them with augmenting paths: every such deal can come out, though not all with the
same chance. Every draw sorts before it shuffles, so it is a function of its inputs and the
``Rng`` alone (never of the process's string hashing).
"""

from __future__ import annotations

from msgspec.structs import replace

from domain import Rng
from hearts.data import (
    CLUBS,
    DIRECTIONS,
    HEARTS,
    PASS_SIZE,
    QUEEN_OF_SPADES,
    deck_for,
    is_penalty,
    rank,
    sort_cards,
    suit,
)
from hearts.options import ROTATIONS, direction_of
from hearts.state import RULES_VERSION, HeartsState, SeatState
from hearts.view import HeartsView

_ALL = frozenset(c + s for s in "CDSH" for c in "23456789TJQKA")


def resample_hidden(state: HeartsState, viewer: int | None, rng: Rng) -> HeartsState:
    """Re-deal the cards the viewer cannot see among the other seats, keeping every count and
    every fact the viewer knows (the list above)."""
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


def _lowest_club(players: int) -> str:
    return min((c for c in deck_for(players) if suit(c) == CLUBS), key=rank)


def _fixed(state: HeartsState, viewer: int | None, others: list[int]) -> dict[int, set[str]]:
    """Per other seat, the cards the viewer knows it holds."""
    fixed: dict[int, set[str]] = {seat: set() for seat in others}
    if viewer is not None and state.direction != "hold":
        me = state.seats[viewer]
        if me.passed_to is not None and me.passed_to != viewer:
            fixed[me.passed_to] = set(me.passed) & set(state.seats[me.passed_to].hand)
    leading = state.phase == "playing" and not state.tricks and not state.trick
    if leading and state.current in fixed:  # it leads the first trick: the lowest club
        fixed[state.current].add(_lowest_club(state.players))
    return fixed


def _resample_after_exchange(state: HeartsState, viewer: int | None, rng: Rng) -> HeartsState:
    others = [seat for seat in range(state.players) if seat != viewer]
    fixed = _fixed(state, viewer, others)
    known = set().union(*fixed.values())
    pool = [c for seat in others for c in state.seats[seat].hand if c not in known]
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


def _played(state: HeartsState) -> dict[int, list[str]]:
    """Per seat, the cards it played this hand."""
    played: dict[int, list[str]] = {seat: [] for seat in range(state.players)}
    for trick in (*(t.plays for t in state.tricks), state.trick):
        for play in trick:
            played[play.seat].append(play.card)
    return played


def _repass(state: HeartsState, viewer: int | None, rng: Rng) -> HeartsState:
    """Re-draw the passes the viewer did not see: each from the cards its receiver held
    after the exchange (its hand and what it has played), never the viewer's own pass."""
    seats = list(state.seats)
    played = _played(state)
    for passer, s in enumerate(state.seats):
        receiver = s.passed_to
        if passer == viewer or receiver is None or receiver == viewer:
            continue
        held = sort_cards((*seats[receiver].hand, *played[receiver]))
        got = tuple(rng.fork(f"pass{passer}").shuffled(held)[: len(s.passed)])
        seats[passer] = replace(seats[passer], passed=sort_cards(got))
        seats[receiver] = replace(seats[receiver], received=sort_cards(got))
    return replace(state, seats=tuple(seats))


# --- a whole state from a view ------------------------------------------------------------


def determinize(v: HeartsView, seat: int, rng: Rng) -> HeartsState:
    """A state drawn at random among those that give ``seat`` exactly the view ``v``, from
    the view and the rules alone (``GameSpec.determinize``).

    The view leaves two things out that no command of this hand depends on: the pass
    rotation of later hands (the first rotation that gives this hand's direction is taken)
    and, once the game is over, what the seat received in the last pass (drawn from the
    cards it played)."""
    skeleton = _skeleton(v, seat)
    if skeleton.phase == "passing":
        return _resample_before_exchange(skeleton, seat, rng.fork("before"))
    if skeleton.phase not in ("playing", "over"):
        return skeleton
    state = _resample_after_exchange(skeleton, seat, rng.fork("after"))
    if state.phase == "over" and state.direction != "hold":
        passer = (seat - state.offset) % state.players
        got = sort_cards(
            rng.fork("received").shuffled(sort_cards(_played(state)[seat]))[:PASS_SIZE]
        )
        seats = list(state.seats)
        seats[passer] = replace(seats[passer], passed=got)
        seats[seat] = replace(seats[seat], received=got)
        state = replace(state, seats=tuple(seats))
    return state


def _rotation(players: int, hand: int, direction: str) -> str:
    for rotation in ROTATIONS:
        if hand >= 1 and direction_of(rotation, players, hand) == direction:
            return rotation
    return "standard"


def _skeleton(v: HeartsView, me: int) -> HeartsState:
    """The state the view tells, with the other seats' unknown cards put anywhere they may
    be (the draw re-deals them): what the view shows is copied, the cards the seat passed
    and has not seen played are put with their receiver."""
    players = v.players
    offset = DIRECTIONS[v.pass_direction]
    exchanged = v.phase in ("playing", "over") and v.pass_direction != "hold"
    played = {p.card for t in v.tricks for p in t.plays} | {p.card for p in v.trick}
    gone = played | set(v.hand or ()) | set(v.passed)
    unknown = [c for c in deck_for(players) if c not in gone]
    passer = (me - offset) % players
    receiver = (me + offset) % players
    seats = []
    for seat, shown in enumerate(v.seats):
        taken = tuple(p.card for t in v.tricks if t.winner == seat for p in t.plays)
        if seat == me:
            hand, passed, to, received = v.hand or (), v.passed, v.passed_to, v.received
        else:
            to = None
            if exchanged or (v.phase == "passing" and shown.has_passed):
                to = (seat + offset) % players
            # Its pass to the viewer is known once exchanged; a pass not yet exchanged is
            # drawn with its hand (three unknown cards here).
            passed = v.received if exchanged and seat == passer else ()
            if v.phase == "passing" and to is not None:
                passed, unknown = tuple(unknown[:PASS_SIZE]), unknown[PASS_SIZE:]
            received = v.passed if exchanged and seat == receiver else ()
            known = [c for c in received if c not in played]
            size = shown.cards_in_hand - len(known)
            hand, unknown = sort_cards((*known, *unknown[:size])), unknown[size:]
        seats.append(
            SeatState(
                hand=tuple(hand),
                passed=tuple(passed),
                passed_to=to,
                received=tuple(received),
                taken=taken,
                hand_points=shown.hand_points,
                total=shown.total,
            )
        )
    return HeartsState(
        players=players,
        rules_version=RULES_VERSION,
        target_score=v.target_score,
        moon=v.moon,
        pass_rotation=_rotation(players, v.hand_number, v.pass_direction),
        jack_of_diamonds=v.jack_of_diamonds,
        points_on_first_trick=v.points_on_first_trick,
        queen_breaks_hearts=v.queen_breaks_hearts,
        phase=v.phase,  # type: ignore[arg-type]
        hand=v.hand_number,
        direction=v.pass_direction,
        offset=offset,
        seats=tuple(seats),
        current=v.current if v.current is not None else 0,
        trick=v.trick,
        tricks=v.tricks,
        hearts_broken=v.hearts_broken,
        scores=v.scores,
        moons=v.moons,
        end_reason="target_score" if v.phase == "over" else "",
    )
