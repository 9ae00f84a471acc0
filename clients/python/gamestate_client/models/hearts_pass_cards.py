from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.hearts_pass_cards_cards_item import HeartsPassCardsCardsItem

T = TypeVar("T", bound="HeartsPassCards")


@_attrs_define
class HeartsPassCards:
    """
    Attributes:
        cards (list[HeartsPassCardsCardsItem]):
        type_ (Literal['hearts.pass_cards']):
    """

    cards: list[HeartsPassCardsCardsItem]
    type_: Literal["hearts.pass_cards"]

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = HeartsPassCardsCardsItem(cards_item_data)

            cards.append(cards_item)

        type_ = cast(Literal["hearts.pass_cards"], d.pop("type"))
        if type_ != "hearts.pass_cards":
            raise ValueError(f"type must match const 'hearts.pass_cards', got '{type_}'")

        hearts_pass_cards = cls(
            cards=cards,
            type_=type_,
        )

        return hearts_pass_cards
