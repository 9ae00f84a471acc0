from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.three_kingdoms_add_unit_weapon import ThreeKingdomsAddUnitWeapon

T = TypeVar("T", bound="ThreeKingdomsAddUnit")


@_attrs_define
class ThreeKingdomsAddUnit:
    """
    Attributes:
        type_ (Literal['three_kingdoms.add_unit']):
        weapon (ThreeKingdomsAddUnitWeapon):
    """

    type_: Literal["three_kingdoms.add_unit"]
    weapon: ThreeKingdomsAddUnitWeapon

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        weapon = self.weapon.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "weapon": weapon,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["three_kingdoms.add_unit"], d.pop("type"))
        if type_ != "three_kingdoms.add_unit":
            raise ValueError(f"type must match const 'three_kingdoms.add_unit', got '{type_}'")

        weapon = ThreeKingdomsAddUnitWeapon(d.pop("weapon"))

        three_kingdoms_add_unit = cls(
            type_=type_,
            weapon=weapon,
        )

        return three_kingdoms_add_unit
