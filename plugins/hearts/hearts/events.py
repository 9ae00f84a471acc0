"""What happened. Tags are a storage contract: never rename one. Every chance outcome (the
deal) and every derived fact (where a pass goes, who leads, who takes a trick and its points,
the hand's scores, shooting the moon, the end) is written here, so replay runs no rule."""

from __future__ import annotations

from domain import Event


class HandDealt(Event, tag="hearts.hand_dealt"):
    hand: int
    """1 for the first hand of the game."""
    hands: tuple[tuple[str, ...], ...]
    """Per seat, its cards in hand order. Redacted: a viewer sees only its own."""
    direction: str
    """Where this hand's cards are passed: ``left``, ``right``, ``across`` or ``hold``."""
    offset: int
    """The seat offset of that direction (0 when holding)."""


class CardsPassed(Event, tag="hearts.cards_passed"):
    seat: int
    to_seat: int
    cards: tuple[str, ...]
    """Redacted to ``()`` for every viewer but ``seat``; the receiver sees them in
    ``PassCompleted`` once every seat has passed."""


class PassCompleted(Event, tag="hearts.pass_completed"):
    received: tuple[tuple[str, ...], ...]
    """Per seat, the cards it received. Redacted: a viewer sees only its own."""


class PlayBegan(Event, tag="hearts.play_began"):
    leader: int
    """The holder of the lowest club in play (2♣; 3♣ with five players), who leads it."""


class CardPlayed(Event, tag="hearts.card_played"):
    seat: int
    card: str
    breaks_hearts: bool = False
    """The first heart of the hand (or, with ``queen_breaks_hearts``, the queen of spades):
    hearts may be led from the next trick on."""
    next_seat: int | None = None
    """The next seat to play to this trick; ``None`` when the card completed it."""


class TrickTaken(Event, tag="hearts.trick_taken"):
    seat: int
    """The winner: the highest card of the suit led. It leads the next trick."""
    trick: int
    """1 for the hand's first trick."""
    cards: tuple[str, ...]
    """The cards in the order played."""
    points: int


class HandScored(Event, tag="hearts.hand_scored"):
    hand: int
    taken: tuple[int, ...]
    """Per seat, the points in the tricks it took."""
    scores: tuple[int, ...]
    """Per seat, what the hand adds to its total (``taken`` unless someone shot the moon)."""
    totals: tuple[int, ...]
    moon: int | None = None
    """The seat that shot the moon, if one did."""


class GameEnded(Event, tag="hearts.game_ended"):
    totals: tuple[int, ...]
    reason: str = "target_score"


HeartsEvent = (
    HandDealt
    | CardsPassed
    | PassCompleted
    | PlayBegan
    | CardPlayed
    | TrickTaken
    | HandScored
    | GameEnded
)
