from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SplendorReturnRequired")


@_attrs_define
class SplendorReturnRequired:
    """
    Attributes:
        count (int):
        seat (int):
        type_ (Literal['splendor.return_required']):
    """

    count: int
    seat: int
    type_: Literal["splendor.return_required"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        count = d.pop("count")

        seat = d.pop("seat")

        type_ = cast(Literal["splendor.return_required"], d.pop("type"))
        if type_ != "splendor.return_required":
            raise ValueError(f"type must match const 'splendor.return_required', got '{type_}'")

        splendor_return_required = cls(
            count=count,
            seat=seat,
            type_=type_,
        )

        splendor_return_required.additional_properties = d
        return splendor_return_required

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
