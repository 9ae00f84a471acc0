from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SplendorReturnTokens")


@_attrs_define
class SplendorReturnTokens:
    """
    Attributes:
        type_ (Literal['splendor.return_tokens']):
        black (int | Unset):  Default: 0.
        blue (int | Unset):  Default: 0.
        gold (int | Unset):  Default: 0.
        green (int | Unset):  Default: 0.
        red (int | Unset):  Default: 0.
        white (int | Unset):  Default: 0.
    """

    type_: Literal["splendor.return_tokens"]
    black: int | Unset = 0
    blue: int | Unset = 0
    gold: int | Unset = 0
    green: int | Unset = 0
    red: int | Unset = 0
    white: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        black = self.black

        blue = self.blue

        gold = self.gold

        green = self.green

        red = self.red

        white = self.white

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if black is not UNSET:
            field_dict["black"] = black
        if blue is not UNSET:
            field_dict["blue"] = blue
        if gold is not UNSET:
            field_dict["gold"] = gold
        if green is not UNSET:
            field_dict["green"] = green
        if red is not UNSET:
            field_dict["red"] = red
        if white is not UNSET:
            field_dict["white"] = white

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["splendor.return_tokens"], d.pop("type"))
        if type_ != "splendor.return_tokens":
            raise ValueError(f"type must match const 'splendor.return_tokens', got '{type_}'")

        black = d.pop("black", UNSET)

        blue = d.pop("blue", UNSET)

        gold = d.pop("gold", UNSET)

        green = d.pop("green", UNSET)

        red = d.pop("red", UNSET)

        white = d.pop("white", UNSET)

        splendor_return_tokens = cls(
            type_=type_,
            black=black,
            blue=blue,
            gold=gold,
            green=green,
            red=red,
            white=white,
        )

        return splendor_return_tokens
