from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsProgress")


@_attrs_define
class ThreeKingdomsProgress:
    """
    Attributes:
        hired (bool):  Default: False.
        imported (bool):  Default: False.
        performed (bool):  Default: False.
        rice_trades (int):  Default: 0.
        seat (int):
        space (str):
        weapon_trades (int):  Default: 0.
    """

    seat: int
    space: str
    hired: bool = False
    imported: bool = False
    performed: bool = False
    rice_trades: int = 0
    weapon_trades: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hired = self.hired

        imported = self.imported

        performed = self.performed

        rice_trades = self.rice_trades

        seat = self.seat

        space = self.space

        weapon_trades = self.weapon_trades

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hired": hired,
                "imported": imported,
                "performed": performed,
                "rice_trades": rice_trades,
                "seat": seat,
                "space": space,
                "weapon_trades": weapon_trades,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hired = d.pop("hired")

        imported = d.pop("imported")

        performed = d.pop("performed")

        rice_trades = d.pop("rice_trades")

        seat = d.pop("seat")

        space = d.pop("space")

        weapon_trades = d.pop("weapon_trades")

        three_kingdoms_progress = cls(
            hired=hired,
            imported=imported,
            performed=performed,
            rice_trades=rice_trades,
            seat=seat,
            space=space,
            weapon_trades=weapon_trades,
        )

        three_kingdoms_progress.additional_properties = d
        return three_kingdoms_progress

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
