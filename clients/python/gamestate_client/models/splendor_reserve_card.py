from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SplendorReserveCard")


@_attrs_define
class SplendorReserveCard:
    """
    Attributes:
        level (int):
        slot (int):
        type_ (Literal['splendor.reserve_card']):
    """

    level: int
    slot: int
    type_: Literal["splendor.reserve_card"]

    def to_dict(self) -> dict[str, Any]:
        level = self.level

        slot = self.slot

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
                "slot": slot,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = d.pop("level")

        slot = d.pop("slot")

        type_ = cast(Literal["splendor.reserve_card"], d.pop("type"))
        if type_ != "splendor.reserve_card":
            raise ValueError(f"type must match const 'splendor.reserve_card', got '{type_}'")

        splendor_reserve_card = cls(
            level=level,
            slot=slot,
            type_=type_,
        )

        return splendor_reserve_card
