from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesRoomBought")


@_attrs_define
class CastlesRoomBought:
    """
    Attributes:
        money_taken (int):
        paid_to (int):
        price (int):
        room (int):
        rotation (int):
        seat (int):
        slot (int):
        type_ (Literal['castles.room_bought']):
        x (int):
        y (int):
    """

    money_taken: int
    paid_to: int
    price: int
    room: int
    rotation: int
    seat: int
    slot: int
    type_: Literal["castles.room_bought"]
    x: int
    y: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        money_taken = self.money_taken

        paid_to = self.paid_to

        price = self.price

        room = self.room

        rotation = self.rotation

        seat = self.seat

        slot = self.slot

        type_ = self.type_

        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "money_taken": money_taken,
                "paid_to": paid_to,
                "price": price,
                "room": room,
                "rotation": rotation,
                "seat": seat,
                "slot": slot,
                "type": type_,
                "x": x,
                "y": y,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        money_taken = d.pop("money_taken")

        paid_to = d.pop("paid_to")

        price = d.pop("price")

        room = d.pop("room")

        rotation = d.pop("rotation")

        seat = d.pop("seat")

        slot = d.pop("slot")

        type_ = cast(Literal["castles.room_bought"], d.pop("type"))
        if type_ != "castles.room_bought":
            raise ValueError(f"type must match const 'castles.room_bought', got '{type_}'")

        x = d.pop("x")

        y = d.pop("y")

        castles_room_bought = cls(
            money_taken=money_taken,
            paid_to=paid_to,
            price=price,
            room=room,
            rotation=rotation,
            seat=seat,
            slot=slot,
            type_=type_,
            x=x,
            y=y,
        )

        castles_room_bought.additional_properties = d
        return castles_room_bought

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
