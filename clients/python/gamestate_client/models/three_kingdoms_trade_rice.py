from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.three_kingdoms_trade_rice_direction import ThreeKingdomsTradeRiceDirection

T = TypeVar("T", bound="ThreeKingdomsTradeRice")


@_attrs_define
class ThreeKingdomsTradeRice:
    """
    Attributes:
        direction (ThreeKingdomsTradeRiceDirection):
        type_ (Literal['three_kingdoms.trade_rice']):
    """

    direction: ThreeKingdomsTradeRiceDirection
    type_: Literal["three_kingdoms.trade_rice"]

    def to_dict(self) -> dict[str, Any]:
        direction = self.direction.value

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "direction": direction,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        direction = ThreeKingdomsTradeRiceDirection(d.pop("direction"))

        type_ = cast(Literal["three_kingdoms.trade_rice"], d.pop("type"))
        if type_ != "three_kingdoms.trade_rice":
            raise ValueError(f"type must match const 'three_kingdoms.trade_rice', got '{type_}'")

        three_kingdoms_trade_rice = cls(
            direction=direction,
            type_=type_,
        )

        return three_kingdoms_trade_rice
