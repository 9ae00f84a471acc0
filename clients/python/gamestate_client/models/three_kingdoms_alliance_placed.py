from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsAlliancePlaced")


@_attrs_define
class ThreeKingdomsAlliancePlaced:
    """
    Attributes:
        first_bidder (int):
        seat (int):
        space (str):
        type_ (Literal['three_kingdoms.alliance_placed']):
    """

    first_bidder: int
    seat: int
    space: str
    type_: Literal["three_kingdoms.alliance_placed"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        first_bidder = self.first_bidder

        seat = self.seat

        space = self.space

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "first_bidder": first_bidder,
                "seat": seat,
                "space": space,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        first_bidder = d.pop("first_bidder")

        seat = d.pop("seat")

        space = d.pop("space")

        type_ = cast(Literal["three_kingdoms.alliance_placed"], d.pop("type"))
        if type_ != "three_kingdoms.alliance_placed":
            raise ValueError(f"type must match const 'three_kingdoms.alliance_placed', got '{type_}'")

        three_kingdoms_alliance_placed = cls(
            first_bidder=first_bidder,
            seat=seat,
            space=space,
            type_=type_,
        )

        three_kingdoms_alliance_placed.additional_properties = d
        return three_kingdoms_alliance_placed

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
