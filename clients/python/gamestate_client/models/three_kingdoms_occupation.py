from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsOccupation")


@_attrs_define
class ThreeKingdomsOccupation:
    """
    Attributes:
        border (str):
        general (str):
        region (int):
        seat (int):
        units (int):
        weapon (str):
    """

    border: str
    general: str
    region: int
    seat: int
    units: int
    weapon: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        border = self.border

        general = self.general

        region = self.region

        seat = self.seat

        units = self.units

        weapon = self.weapon

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "border": border,
                "general": general,
                "region": region,
                "seat": seat,
                "units": units,
                "weapon": weapon,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        border = d.pop("border")

        general = d.pop("general")

        region = d.pop("region")

        seat = d.pop("seat")

        units = d.pop("units")

        weapon = d.pop("weapon")

        three_kingdoms_occupation = cls(
            border=border,
            general=general,
            region=region,
            seat=seat,
            units=units,
            weapon=weapon,
        )

        three_kingdoms_occupation.additional_properties = d
        return three_kingdoms_occupation

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
