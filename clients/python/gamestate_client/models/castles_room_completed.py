from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesRoomCompleted")


@_attrs_define
class CastlesRoomCompleted:
    """
    Attributes:
        downstairs_count (int):
        index (int):
        room_type (str):
        seat (int):
        type_ (Literal['castles.room_completed']):
    """

    downstairs_count: int
    index: int
    room_type: str
    seat: int
    type_: Literal["castles.room_completed"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        downstairs_count = self.downstairs_count

        index = self.index

        room_type = self.room_type

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "downstairs_count": downstairs_count,
                "index": index,
                "room_type": room_type,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        downstairs_count = d.pop("downstairs_count")

        index = d.pop("index")

        room_type = d.pop("room_type")

        seat = d.pop("seat")

        type_ = cast(Literal["castles.room_completed"], d.pop("type"))
        if type_ != "castles.room_completed":
            raise ValueError(f"type must match const 'castles.room_completed', got '{type_}'")

        castles_room_completed = cls(
            downstairs_count=downstairs_count,
            index=index,
            room_type=room_type,
            seat=seat,
            type_=type_,
        )

        castles_room_completed.additional_properties = d
        return castles_room_completed

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
