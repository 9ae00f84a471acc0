from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CastlesSetPrice")


@_attrs_define
class CastlesSetPrice:
    """
    Attributes:
        room (int):
        slot (int):
        type_ (Literal['castles.set_price']):
    """

    room: int
    slot: int
    type_: Literal["castles.set_price"]

    def to_dict(self) -> dict[str, Any]:
        room = self.room

        slot = self.slot

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "room": room,
                "slot": slot,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        room = d.pop("room")

        slot = d.pop("slot")

        type_ = cast(Literal["castles.set_price"], d.pop("type"))
        if type_ != "castles.set_price":
            raise ValueError(f"type must match const 'castles.set_price', got '{type_}'")

        castles_set_price = cls(
            room=room,
            slot=slot,
            type_=type_,
        )

        return castles_set_price
