"""A tiny game with hidden information, used to test the kernel and the shared suite itself.

Ten cards numbered 1-10 are shuffled; seats in turn either draw the top card (seen only by
the drawer) or pass. The game ends when the deck is empty or everyone passed in a row.
Score: the sum of your cards."""

from __future__ import annotations

import msgspec

from domain._kernel import (
    Command,
    DomainError,
    Event,
    GameSpec,
    Options,
    Result,
    Rng,
    Setup,
    View,
    rank,
)


class ToyOptions(Options, frozen=True):
    cards: int = 10


class Draw(Command, tag="toy.draw"):
    pass


class Pass(Command, tag="toy.pass"):
    pass


class DeckShuffled(Event, tag="toy.deck_shuffled"):
    deck: tuple[int, ...]


class CardDrawn(Event, tag="toy.card_drawn"):
    seat: int
    card: int | None


class Passed(Event, tag="toy.passed"):
    seat: int


ToyCommand = Draw | Pass
ToyEvent = DeckShuffled | CardDrawn | Passed


class ToyState(msgspec.Struct, frozen=True):
    players: int
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    turn: int = 0
    passes: int = 0


class ToyView(View, tag="toy"):
    deck_size: int
    hands: tuple[tuple[int, ...] | int, ...]
    turn: int
    passes: int = 0


def initial_state(setup: Setup) -> ToyState:
    return ToyState(players=setup.players, hands=((),) * setup.players)


def start(setup: Setup, rng: Rng) -> tuple[Event, ...]:
    return (DeckShuffled(deck=tuple(rng.shuffled(range(1, setup.options.cards + 1)))),)


def is_over(state: ToyState) -> bool:
    return not state.deck or state.passes >= state.players


def decide(state: ToyState, seat: int, command: Command, rng: Rng) -> tuple[Event, ...]:
    match command:
        case Draw():
            return (CardDrawn(seat=seat, card=state.deck[0]),)
        case Pass():
            return (Passed(seat=seat),)
        case _:
            raise DomainError("toy/unknown")


def evolve(state: ToyState, event: Event) -> ToyState:
    match event:
        case DeckShuffled(deck=deck):
            return msgspec.structs.replace(state, deck=deck)
        case CardDrawn(seat=seat, card=card):
            hands = list(state.hands)
            hands[seat] = (*hands[seat], card)
            return msgspec.structs.replace(
                state,
                deck=state.deck[1:],
                hands=tuple(hands),
                turn=(seat + 1) % state.players,
                passes=0,
            )
        case Passed(seat=seat):
            return msgspec.structs.replace(
                state, turn=(seat + 1) % state.players, passes=state.passes + 1
            )
    raise AssertionError(event)


def to_act(state: ToyState) -> tuple[int, ...]:
    return () if is_over(state) else (state.turn,)


def legal_commands(state: ToyState, seat: int) -> list[Command]:
    return [Draw(), Pass()] if seat in to_act(state) else []


def view(state: ToyState, viewer: int | None) -> ToyView:
    over = is_over(state)
    hands = tuple(h if over or seat == viewer else len(h) for seat, h in enumerate(state.hands))
    return ToyView(deck_size=len(state.deck), hands=hands, turn=state.turn, passes=state.passes)


def redact(event: Event, viewer: int | None) -> Event:
    if isinstance(event, DeckShuffled):
        return DeckShuffled(deck=())
    if isinstance(event, CardDrawn) and event.seat != viewer:
        return CardDrawn(seat=event.seat, card=None)
    return event


def result(state: ToyState) -> Result | None:
    if not is_over(state):
        return None
    return Result(ranking=rank((seat, sum(hand), ()) for seat, hand in enumerate(state.hands)))


def provisional_result(state: ToyState) -> Result:
    return Result(ranking=rank((seat, sum(hand), ()) for seat, hand in enumerate(state.hands)))


def resample_hidden(state: ToyState, viewer: int | None, rng: Rng) -> ToyState:
    if is_over(state):
        return state
    hidden = [c for seat, hand in enumerate(state.hands) if seat != viewer for c in hand] + list(
        state.deck
    )
    hidden = rng.shuffled(hidden)
    hands = []
    for seat, hand in enumerate(state.hands):
        if seat == viewer:
            hands.append(hand)
        else:
            hands.append(tuple(hidden[: len(hand)]))
            hidden = hidden[len(hand) :]
    return msgspec.structs.replace(state, hands=tuple(hands), deck=tuple(hidden))


def determinize(view: ToyView, seat: int, rng: Rng) -> ToyState:
    """A state drawn from a seat's view (for bots): the cards it has not seen dealt to the
    hands it sees the size of, the rest the deck (the game's cards are 1 to their count)."""
    count = view.deck_size + sum(h if isinstance(h, int) else len(h) for h in view.hands)
    seen = {card for hand in view.hands if not isinstance(hand, int) for card in hand}
    unseen = rng.shuffled(card for card in range(1, count + 1) if card not in seen)
    hands = []
    for hand in view.hands:
        if isinstance(hand, int):
            hand, unseen = tuple(unseen[:hand]), unseen[hand:]
        hands.append(hand)
    return ToyState(
        players=len(hands),
        deck=tuple(unseen),
        hands=tuple(hands),
        turn=view.turn,
        passes=view.passes,
    )


SPEC = GameSpec(
    slug="toy",
    title="Toy",
    rules_version="1",
    min_players=1,
    max_players=3,
    options_type=ToyOptions,
    command_type=ToyCommand,
    event_type=ToyEvent,
    state_type=ToyState,
    view_type=ToyView,
    initial_state=initial_state,
    start=start,
    decide=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    to_act=to_act,
    view=view,
    redact=redact,
    result=result,
    resample_hidden=resample_hidden,
    provisional_result=provisional_result,
    max_events=500,
    determinize=determinize,
)
