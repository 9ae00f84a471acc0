from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SplendorReserveFromDeck")


@_attrs_define
class SplendorReserveFromDeck:
    """
    Attributes:
        level (int):
        type_ (Literal['splendor.reserve_from_deck']):
    """

    level: int
    type_: Literal["splendor.reserve_from_deck"]

    def to_dict(self) -> dict[str, Any]:
        level = self.level

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = d.pop("level")

        type_ = cast(Literal["splendor.reserve_from_deck"], d.pop("type"))
        if type_ != "splendor.reserve_from_deck":
            raise ValueError(f"type must match const 'splendor.reserve_from_deck', got '{type_}'")

        splendor_reserve_from_deck = cls(
            level=level,
            type_=type_,
        )

        return splendor_reserve_from_deck
