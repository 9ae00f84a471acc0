from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SplendorBuyCard")


@_attrs_define
class SplendorBuyCard:
    """
    Attributes:
        level (int):
        slot (int):
        type_ (Literal['splendor.buy_card']):
        gold_black (int | Unset):  Default: 0.
        gold_blue (int | Unset):  Default: 0.
        gold_green (int | Unset):  Default: 0.
        gold_red (int | Unset):  Default: 0.
        gold_white (int | Unset):  Default: 0.
    """

    level: int
    slot: int
    type_: Literal["splendor.buy_card"]
    gold_black: int | Unset = 0
    gold_blue: int | Unset = 0
    gold_green: int | Unset = 0
    gold_red: int | Unset = 0
    gold_white: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        level = self.level

        slot = self.slot

        type_ = self.type_

        gold_black = self.gold_black

        gold_blue = self.gold_blue

        gold_green = self.gold_green

        gold_red = self.gold_red

        gold_white = self.gold_white

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
                "slot": slot,
                "type": type_,
            }
        )
        if gold_black is not UNSET:
            field_dict["gold_black"] = gold_black
        if gold_blue is not UNSET:
            field_dict["gold_blue"] = gold_blue
        if gold_green is not UNSET:
            field_dict["gold_green"] = gold_green
        if gold_red is not UNSET:
            field_dict["gold_red"] = gold_red
        if gold_white is not UNSET:
            field_dict["gold_white"] = gold_white

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = d.pop("level")

        slot = d.pop("slot")

        type_ = cast(Literal["splendor.buy_card"], d.pop("type"))
        if type_ != "splendor.buy_card":
            raise ValueError(f"type must match const 'splendor.buy_card', got '{type_}'")

        gold_black = d.pop("gold_black", UNSET)

        gold_blue = d.pop("gold_blue", UNSET)

        gold_green = d.pop("gold_green", UNSET)

        gold_red = d.pop("gold_red", UNSET)

        gold_white = d.pop("gold_white", UNSET)

        splendor_buy_card = cls(
            level=level,
            slot=slot,
            type_=type_,
            gold_black=gold_black,
            gold_blue=gold_blue,
            gold_green=gold_green,
            gold_red=gold_red,
            gold_white=gold_white,
        )

        return splendor_buy_card
