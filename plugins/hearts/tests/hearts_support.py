"""Given-when-then helpers for the Hearts tests: games are built from events, commands are
decided through the SDK's kernel checks (``domain._kernel.decide``), as the service does."""

from __future__ import annotations

import pytest
from hearts import SPEC, HeartsOptions
from hearts.commands import PassCards, PlayCard
from hearts.data import DIRECTIONS, HAND_SIZE, deck_for, points, rank, sort_cards, suit
from hearts.events import CardPlayed, HandDealt, HandScored, PlayBegan, TrickTaken
from hearts.state import HeartsState

from domain import DomainError, Rng, decide, fold


def setup(players: int = 4, **options: object):
    return SPEC.new_setup(players, HeartsOptions(**options))  # type: ignore[arg-type]


def hands(*given: str, players: int = 4) -> tuple[tuple[str, ...], ...]:
    """Each seat's hand: the cards named for it, filled up to the hand size with the cards
    nobody was given, in pack order (clubs first), seat by seat."""
    named = [tuple(h.split()) for h in given] + [()] * (players - len(given))
    used = {c for h in named for c in h}
    rest = [c for c in deck_for(players) if c not in used]
    out = []
    for h in named:
        need = HAND_SIZE[players] - len(h)
        out.append(sort_cards((*h, *rest[:need])))
        del rest[:need]
    assert not rest and sum(map(len, out)) == len(deck_for(players))
    return tuple(out)


def dealt(*given: str, players: int = 4, direction: str = "hold", hand: int = 1) -> list:
    """The deal of a hand (and, when no cards are passed, the start of its play)."""
    cards = hands(*given, players=players)
    events: list = [
        HandDealt(hand=hand, hands=cards, direction=direction, offset=DIRECTIONS[direction])
    ]
    if direction == "hold":
        clubs = [(rank(c), s) for s, h in enumerate(cards) for c in h if suit(c) == "C"]
        events.append(PlayBegan(leader=min(clubs)[1]))
    return events


def given(*events: object, players: int = 4, **options: object) -> HeartsState:
    return fold(SPEC, setup(players, **options), events)


def when(state: HeartsState, seat: int, command: object, seed: str = "t") -> tuple:
    return decide(SPEC, state, seat, command, Rng(seed, 1))


def apply(state: HeartsState, events: tuple | list) -> HeartsState:
    for event in events:
        state = SPEC.evolve(state, event)
    return state


def play(state: HeartsState, *cards: str) -> tuple[HeartsState, list]:
    """Each card played by the seat to play; the state after and every event."""
    log: list = []
    for card in cards:
        events = when(state, state.current, PlayCard(card=card))
        state = apply(state, events)
        log.extend(events)
    return state, log


def pass_(state: HeartsState, seat: int, cards: str) -> tuple[HeartsState, tuple]:
    events = when(state, seat, PassCards(cards=cards.split()))
    return apply(state, events), events


def refused(state: HeartsState, seat: int, command: object) -> str:
    with pytest.raises(DomainError) as error:
        when(state, seat, command)
    return error.value.code


def types(events) -> list[str]:
    return [type(e).__name__ for e in events]


def playable(state: HeartsState, seat: int) -> set[str]:
    return {c.card for c in SPEC.legal_commands(state, seat)}


def hand_ending(
    tricks: list[tuple[int, str, int]],
    last: tuple[int, str],
    totals: tuple[int, ...] | None = None,
    hand: int = 1,
    **options: object,
) -> HeartsState:
    """A 4-player hold hand whose earlier tricks are given as events (``(leader, cards in
    play order, winner)``) and whose last trick (``(leader, cards)``) is still to be played:
    each seat was dealt exactly the cards it plays."""
    jack = bool(options.get("jack_of_diamonds", False))
    held: list[list[str]] = [[] for _ in range(4)]
    for leader, cards, _ in (*tricks, (last[0], last[1], None)):
        for i, card in enumerate(cards.split()):
            held[(leader + i) % 4].append(card)
    events: list = []
    if totals is not None:
        events.append(HandScored(hand=hand - 1, taken=totals, scores=totals, totals=totals))
    events.append(
        HandDealt(hand=hand, hands=tuple(map(sort_cards, held)), direction="hold", offset=0)
    )
    events.append(PlayBegan(leader=tricks[0][0] if tricks else last[0]))
    broken = False
    for number, (leader, cards, winner) in enumerate(tricks, start=1):
        played = cards.split()
        for i, card in enumerate(played):
            seat = (leader + i) % 4
            breaks = not broken and suit(card) == "H"
            broken = broken or breaks
            following = None if i == 3 else (seat + 1) % 4
            events.append(
                CardPlayed(seat=seat, card=card, breaks_hearts=breaks, next_seat=following)
            )
        events.append(
            TrickTaken(
                seat=winner,
                trick=number,
                cards=tuple(played),
                points=sum(points(c, jack) for c in played),
            )
        )
    state = given(*events, **options)
    assert state.current == last[0]
    return state
