"""What happened. Token tuples have six entries (white, blue, green, red, black, gold); gem
tuples five (no gold). Every chance outcome and derived fact (the card that refills a slot,
the noble that visits, the next seat, the end) is written here so replay runs no rule."""

from __future__ import annotations

from domain._kernel import Event


class GameSetUp(Event, tag="splendor.game_set_up"):
    nobles: tuple[int, ...]
    board: tuple[tuple[int, ...], ...]
    """Face-up cards per level (1, 2, 3), four each."""
    decks: tuple[tuple[int, ...], ...]
    """The rest of each level's deck, top card first. Hidden from everyone during play."""
    deck_sizes: tuple[int, ...]


class GemsTaken(Event, tag="splendor.gems_taken"):
    seat: int
    gems: tuple[int, ...]


class CardReserved(Event, tag="splendor.card_reserved"):
    seat: int
    level: int
    slot: int | None
    """The face-up slot, or ``None`` for the top of the deck (a blind reserve)."""
    card: int | None
    """``None`` only in a redacted blind reserve."""
    gold: int
    replacement: int | None = None
    """The card drawn into the emptied face-up slot; ``None`` when the deck was empty."""


class CardBought(Event, tag="splendor.card_bought"):
    seat: int
    card: int
    level: int
    bonus: str
    points: int
    paid: tuple[int, ...]
    slot: int | None = None
    """The face-up slot it came from, or ``None`` when it was reserved."""
    index: int | None = None
    """Its position among the buyer's reserved cards, when it was reserved."""
    replacement: int | None = None


class ReturnRequired(Event, tag="splendor.return_required"):
    seat: int
    count: int


class TokensReturned(Event, tag="splendor.tokens_returned"):
    seat: int
    tokens: tuple[int, ...]


class NobleChoiceOffered(Event, tag="splendor.noble_choice_offered"):
    seat: int
    nobles: tuple[int, ...]


class NobleVisited(Event, tag="splendor.noble_visited"):
    seat: int
    noble: int
    points: int


class Passed(Event, tag="splendor.passed"):
    seat: int


class TurnEnded(Event, tag="splendor.turn_ended"):
    seat: int
    next_seat: int
    final_round: bool
    """Someone has 15 points: the round is being finished."""


class GameEnded(Event, tag="splendor.game_ended"):
    reason: str
    """``"points"`` (round finished after 15 points) or ``"stalemate"`` (everyone passed)."""
    scores: tuple[int, ...]


SplendorEvent = (
    GameSetUp
    | GemsTaken
    | CardReserved
    | CardBought
    | ReturnRequired
    | TokensReturned
    | NobleChoiceOffered
    | NobleVisited
    | Passed
    | TurnEnded
    | GameEnded
)
