from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesPriceSet")


@_attrs_define
class CastlesPriceSet:
    """
    Attributes:
        room (int):
        seat (int):
        slot (int):
        type_ (Literal['castles.price_set']):
    """

    room: int
    seat: int
    slot: int
    type_: Literal["castles.price_set"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        room = self.room

        seat = self.seat

        slot = self.slot

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "room": room,
                "seat": seat,
                "slot": slot,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        room = d.pop("room")

        seat = d.pop("seat")

        slot = d.pop("slot")

        type_ = cast(Literal["castles.price_set"], d.pop("type"))
        if type_ != "castles.price_set":
            raise ValueError(f"type must match const 'castles.price_set', got '{type_}'")

        castles_price_set = cls(
            room=room,
            seat=seat,
            slot=slot,
            type_=type_,
        )

        castles_price_set.additional_properties = d
        return castles_price_set

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
