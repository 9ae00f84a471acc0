from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.hearts_play_card_card import HeartsPlayCardCard

T = TypeVar("T", bound="HeartsPlayCard")


@_attrs_define
class HeartsPlayCard:
    """
    Attributes:
        card (HeartsPlayCardCard):
        type_ (Literal['hearts.play_card']):
    """

    card: HeartsPlayCardCard
    type_: Literal["hearts.play_card"]

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = HeartsPlayCardCard(d.pop("card"))

        type_ = cast(Literal["hearts.play_card"], d.pop("type"))
        if type_ != "hearts.play_card":
            raise ValueError(f"type must match const 'hearts.play_card', got '{type_}'")

        hearts_play_card = cls(
            card=card,
            type_=type_,
        )

        return hearts_play_card
