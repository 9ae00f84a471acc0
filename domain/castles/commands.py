"""Commands (imperative). Every field is an int or a str; tags are ``castles.<verb_noun>``."""

from __future__ import annotations

from typing import Literal

from domain._kernel import Command


class DiscardBonusCard(Command, tag="castles.discard_bonus_card"):
    """Set-up: keep two of the three bonus cards dealt; ``card`` goes under the bonus deck."""

    card: int


class SetPrice(Command, tag="castles.set_price"):
    """Master Builder: put room tile ``room`` (from those waiting to be priced) on price slot
    ``slot`` (0 = cheapest). Repeated until every waiting room has a slot."""

    room: int
    slot: int


class BuyRoom(Command, tag="castles.buy_room"):
    """Buy the room on price slot ``slot`` and place it at once: its rotated bounding box's
    top-left lattice point at (x, y), turned ``rotation`` quarter turns clockwise."""

    slot: int
    x: int
    y: int
    rotation: int


class BuyCorridor(Command, tag="castles.buy_corridor"):
    """Buy stairs (76), a hallway (77) or a downstairs hallway (78, the other face of a hallway
    tile) for 3,000 and place it at once."""

    piece: int
    x: int
    y: int
    rotation: int


class Pass(Command, tag="castles.pass"):
    """Buy nothing and take 5,000 from the bank."""


class PlaceFreeCorridor(Command, tag="castles.place_free_corridor"):
    """Corridor completion reward: place a free stairs / hallway / downstairs hallway."""

    piece: int
    x: int
    y: int
    rotation: int


class KeepBonusCard(Command, tag="castles.keep_bonus_card"):
    """Utility completion reward: keep ``card`` of the two drawn, the other goes under the deck."""

    card: int


class InspectStack(Command, tag="castles.inspect_stack"):
    """Sleeping completion reward: look through the stack of room size ``size``."""

    size: int


class PickTile(Command, tag="castles.pick_tile"):
    """Sleeping completion reward: put ``room`` from the inspected stack on the room-card deck
    (the first picked ends up on top)."""

    room: int


class StopPicking(Command, tag="castles.stop_picking"):
    """Sleeping completion reward: done (0 or 1 tiles picked); the rest is shuffled back."""


class ChooseReward(Command, tag="castles.choose_reward"):
    """Downstairs completion reward (every even-numbered one): take the reward of another room
    type. ``room`` is the castle index of the downstairs room to score again when ``reward`` is
    ``living``; otherwise it is the downstairs room whose completion granted the choice."""

    reward: Literal["living", "activity", "sleeping", "outdoor", "utility", "food", "corridor"]
    room: int


CastlesCommand = (
    DiscardBonusCard
    | SetPrice
    | BuyRoom
    | BuyCorridor
    | Pass
    | PlaceFreeCorridor
    | KeepBonusCard
    | InspectStack
    | PickTile
    | StopPicking
    | ChooseReward
)
