"""What a seat may ask for: pass three cards before a hand, play a card to a trick."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from domain import Command
from hearts.data import PASS_SIZE, Card


class PassCards(Command, tag="hearts.pass_cards"):
    """The three cards to pass this hand, in any order (they are the same pass whatever the
    order; ``legal_commands`` lists each set once, in hand order)."""

    cards: Annotated[list[Card], Meta(min_length=PASS_SIZE, max_length=PASS_SIZE)]
    """A list, not a tuple: a command is also kept as plain data (the SDK's lifecycle records
    the command it auto-plays with ``msgspec.to_builtins``, which keeps a tuple a tuple while
    JSON gives it back as a list), and a list reads back equal."""


class PlayCard(Command, tag="hearts.play_card"):
    """Play ``card`` from your hand to the current trick."""

    card: Card


HeartsCommand = PassCards | PlayCard
