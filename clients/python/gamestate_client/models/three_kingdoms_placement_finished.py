from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsPlacementFinished")


@_attrs_define
class ThreeKingdomsPlacementFinished:
    """
    Attributes:
        next_bidder (int):
        seat (int):
        type_ (Literal['three_kingdoms.placement_finished']):
    """

    next_bidder: int
    seat: int
    type_: Literal["three_kingdoms.placement_finished"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        next_bidder = self.next_bidder

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "next_bidder": next_bidder,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        next_bidder = d.pop("next_bidder")

        seat = d.pop("seat")

        type_ = cast(Literal["three_kingdoms.placement_finished"], d.pop("type"))
        if type_ != "three_kingdoms.placement_finished":
            raise ValueError(f"type must match const 'three_kingdoms.placement_finished', got '{type_}'")

        three_kingdoms_placement_finished = cls(
            next_bidder=next_bidder,
            seat=seat,
            type_=type_,
        )

        three_kingdoms_placement_finished.additional_properties = d
        return three_kingdoms_placement_finished

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
