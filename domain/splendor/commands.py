"""What a seat may ask for. Token amounts are per-colour int fields so that a command is one
exact, order-free value (no two spellings of the same move)."""

from __future__ import annotations

from domain._kernel import Command


class TakeGems(Command, tag="splendor.take_gems"):
    """Three different colours one each, or two of one colour. Gold has no field: it is
    never taken this way."""

    white: int = 0
    blue: int = 0
    green: int = 0
    red: int = 0
    black: int = 0


class ReserveCard(Command, tag="splendor.reserve_card"):
    """Reserve the face-up card in ``slot`` (0-3) of ``level`` (1-3)."""

    level: int
    slot: int


class ReserveFromDeck(Command, tag="splendor.reserve_from_deck"):
    """Reserve the top card of ``level``'s deck without looking at it first."""

    level: int


class _Payment(Command):
    """How many gold tokens stand in for each colour; the rest of the cost left after card
    bonuses is paid with that colour's own tokens."""

    gold_white: int = 0
    gold_blue: int = 0
    gold_green: int = 0
    gold_red: int = 0
    gold_black: int = 0


class BuyCard(_Payment, tag="splendor.buy_card", kw_only=True):
    """Buy the face-up card in ``slot`` (0-3) of ``level`` (1-3)."""

    level: int
    slot: int


class BuyReserved(_Payment, tag="splendor.buy_reserved", kw_only=True):
    """Buy one of your own reserved cards, ``index`` in reservation order."""

    index: int


class ReturnTokens(Command, tag="splendor.return_tokens"):
    """Give tokens back to the supply until you hold exactly ten."""

    white: int = 0
    blue: int = 0
    green: int = 0
    red: int = 0
    black: int = 0
    gold: int = 0


class ChooseNoble(Command, tag="splendor.choose_noble"):
    """Pick which of the nobles you qualify for visits you this turn."""

    noble: int


class Pass(Command, tag="splendor.pass"):
    """Only when no action is possible."""


SplendorCommand = (
    TakeGems
    | ReserveCard
    | ReserveFromDeck
    | BuyCard
    | BuyReserved
    | ReturnTokens
    | ChooseNoble
    | Pass
)


def payment_of(command: _Payment) -> tuple[int, ...]:
    return (
        command.gold_white,
        command.gold_blue,
        command.gold_green,
        command.gold_red,
        command.gold_black,
    )


def gems_of(command: TakeGems) -> tuple[int, ...]:
    return (command.white, command.blue, command.green, command.red, command.black)


def returned_of(command: ReturnTokens) -> tuple[int, ...]:
    return (
        command.white,
        command.blue,
        command.green,
        command.red,
        command.black,
        command.gold,
    )
