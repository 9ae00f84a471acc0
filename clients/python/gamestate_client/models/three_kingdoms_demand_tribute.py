from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ThreeKingdomsDemandTribute")


@_attrs_define
class ThreeKingdomsDemandTribute:
    """
    Attributes:
        type_ (Literal['three_kingdoms.demand_tribute']):
        armies (int | Unset):  Default: 0.
        gold (int | Unset):  Default: 0.
        rice (int | Unset):  Default: 0.
    """

    type_: Literal["three_kingdoms.demand_tribute"]
    armies: int | Unset = 0
    gold: int | Unset = 0
    rice: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        armies = self.armies

        gold = self.gold

        rice = self.rice

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if armies is not UNSET:
            field_dict["armies"] = armies
        if gold is not UNSET:
            field_dict["gold"] = gold
        if rice is not UNSET:
            field_dict["rice"] = rice

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["three_kingdoms.demand_tribute"], d.pop("type"))
        if type_ != "three_kingdoms.demand_tribute":
            raise ValueError(f"type must match const 'three_kingdoms.demand_tribute', got '{type_}'")

        armies = d.pop("armies", UNSET)

        gold = d.pop("gold", UNSET)

        rice = d.pop("rice", UNSET)

        three_kingdoms_demand_tribute = cls(
            type_=type_,
            armies=armies,
            gold=gold,
            rice=rice,
        )

        return three_kingdoms_demand_tribute
