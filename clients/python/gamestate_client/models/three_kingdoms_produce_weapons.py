from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ThreeKingdomsProduceWeapons")


@_attrs_define
class ThreeKingdomsProduceWeapons:
    """
    Attributes:
        type_ (Literal['three_kingdoms.produce_weapons']):
        boat (int | Unset):  Default: 0.
        crossbow (int | Unset):  Default: 0.
        horse (int | Unset):  Default: 0.
        spear (int | Unset):  Default: 0.
    """

    type_: Literal["three_kingdoms.produce_weapons"]
    boat: int | Unset = 0
    crossbow: int | Unset = 0
    horse: int | Unset = 0
    spear: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        boat = self.boat

        crossbow = self.crossbow

        horse = self.horse

        spear = self.spear

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if boat is not UNSET:
            field_dict["boat"] = boat
        if crossbow is not UNSET:
            field_dict["crossbow"] = crossbow
        if horse is not UNSET:
            field_dict["horse"] = horse
        if spear is not UNSET:
            field_dict["spear"] = spear

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["three_kingdoms.produce_weapons"], d.pop("type"))
        if type_ != "three_kingdoms.produce_weapons":
            raise ValueError(f"type must match const 'three_kingdoms.produce_weapons', got '{type_}'")

        boat = d.pop("boat", UNSET)

        crossbow = d.pop("crossbow", UNSET)

        horse = d.pop("horse", UNSET)

        spear = d.pop("spear", UNSET)

        three_kingdoms_produce_weapons = cls(
            type_=type_,
            boat=boat,
            crossbow=crossbow,
            horse=horse,
            spear=spear,
        )

        return three_kingdoms_produce_weapons
