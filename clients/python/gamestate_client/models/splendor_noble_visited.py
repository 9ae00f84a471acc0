from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SplendorNobleVisited")


@_attrs_define
class SplendorNobleVisited:
    """
    Attributes:
        noble (int):
        points (int):
        seat (int):
        type_ (Literal['splendor.noble_visited']):
    """

    noble: int
    points: int
    seat: int
    type_: Literal["splendor.noble_visited"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        noble = self.noble

        points = self.points

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "noble": noble,
                "points": points,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        noble = d.pop("noble")

        points = d.pop("points")

        seat = d.pop("seat")

        type_ = cast(Literal["splendor.noble_visited"], d.pop("type"))
        if type_ != "splendor.noble_visited":
            raise ValueError(f"type must match const 'splendor.noble_visited', got '{type_}'")

        splendor_noble_visited = cls(
            noble=noble,
            points=points,
            seat=seat,
            type_=type_,
        )

        splendor_noble_visited.additional_properties = d
        return splendor_noble_visited

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
