from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesExtraTurnGranted")


@_attrs_define
class CastlesExtraTurnGranted:
    """
    Attributes:
        seat (int):
        type_ (Literal['castles.extra_turn_granted']):
    """

    seat: int
    type_: Literal["castles.extra_turn_granted"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        type_ = cast(Literal["castles.extra_turn_granted"], d.pop("type"))
        if type_ != "castles.extra_turn_granted":
            raise ValueError(f"type must match const 'castles.extra_turn_granted', got '{type_}'")

        castles_extra_turn_granted = cls(
            seat=seat,
            type_=type_,
        )

        castles_extra_turn_granted.additional_properties = d
        return castles_extra_turn_granted

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
