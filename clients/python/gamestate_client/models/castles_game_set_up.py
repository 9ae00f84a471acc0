from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesGameSetUp")


@_attrs_define
class CastlesGameSetUp:
    """
    Attributes:
        bonus_deck (list[int]):
        builder (int):
        deck (list[int]):
        favors (list[int]):
        hallways (int):
        hands (list[list[int]]):
        money (int):
        players (int):
        prices (list[int]):
        scores (list[int]):
        stacks (list[list[int]]):
        stairs (int):
        type_ (Literal['castles.game_set_up']):
    """

    bonus_deck: list[int]
    builder: int
    deck: list[int]
    favors: list[int]
    hallways: int
    hands: list[list[int]]
    money: int
    players: int
    prices: list[int]
    scores: list[int]
    stacks: list[list[int]]
    stairs: int
    type_: Literal["castles.game_set_up"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bonus_deck = self.bonus_deck

        builder = self.builder

        deck = self.deck

        favors = self.favors

        hallways = self.hallways

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data

            hands.append(hands_item)

        money = self.money

        players = self.players

        prices = self.prices

        scores = self.scores

        stacks = []
        for stacks_item_data in self.stacks:
            stacks_item = stacks_item_data

            stacks.append(stacks_item)

        stairs = self.stairs

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bonus_deck": bonus_deck,
                "builder": builder,
                "deck": deck,
                "favors": favors,
                "hallways": hallways,
                "hands": hands,
                "money": money,
                "players": players,
                "prices": prices,
                "scores": scores,
                "stacks": stacks,
                "stairs": stairs,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bonus_deck = cast(list[int], d.pop("bonus_deck"))

        builder = d.pop("builder")

        deck = cast(list[int], d.pop("deck"))

        favors = cast(list[int], d.pop("favors"))

        hallways = d.pop("hallways")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = cast(list[int], hands_item_data)

            hands.append(hands_item)

        money = d.pop("money")

        players = d.pop("players")

        prices = cast(list[int], d.pop("prices"))

        scores = cast(list[int], d.pop("scores"))

        stacks = []
        _stacks = d.pop("stacks")
        for stacks_item_data in _stacks:
            stacks_item = cast(list[int], stacks_item_data)

            stacks.append(stacks_item)

        stairs = d.pop("stairs")

        type_ = cast(Literal["castles.game_set_up"], d.pop("type"))
        if type_ != "castles.game_set_up":
            raise ValueError(f"type must match const 'castles.game_set_up', got '{type_}'")

        castles_game_set_up = cls(
            bonus_deck=bonus_deck,
            builder=builder,
            deck=deck,
            favors=favors,
            hallways=hallways,
            hands=hands,
            money=money,
            players=players,
            prices=prices,
            scores=scores,
            stacks=stacks,
            stairs=stairs,
            type_=type_,
        )

        castles_game_set_up.additional_properties = d
        return castles_game_set_up

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
