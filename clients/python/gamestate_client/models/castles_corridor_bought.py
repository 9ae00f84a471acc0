from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesCorridorBought")


@_attrs_define
class CastlesCorridorBought:
    """
    Attributes:
        paid_to (int):
        piece (int):
        price (int):
        rotation (int):
        seat (int):
        type_ (Literal['castles.corridor_bought']):
        x (int):
        y (int):
    """

    paid_to: int
    piece: int
    price: int
    rotation: int
    seat: int
    type_: Literal["castles.corridor_bought"]
    x: int
    y: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        paid_to = self.paid_to

        piece = self.piece

        price = self.price

        rotation = self.rotation

        seat = self.seat

        type_ = self.type_

        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "paid_to": paid_to,
                "piece": piece,
                "price": price,
                "rotation": rotation,
                "seat": seat,
                "type": type_,
                "x": x,
                "y": y,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        paid_to = d.pop("paid_to")

        piece = d.pop("piece")

        price = d.pop("price")

        rotation = d.pop("rotation")

        seat = d.pop("seat")

        type_ = cast(Literal["castles.corridor_bought"], d.pop("type"))
        if type_ != "castles.corridor_bought":
            raise ValueError(f"type must match const 'castles.corridor_bought', got '{type_}'")

        x = d.pop("x")

        y = d.pop("y")

        castles_corridor_bought = cls(
            paid_to=paid_to,
            piece=piece,
            price=price,
            rotation=rotation,
            seat=seat,
            type_=type_,
            x=x,
            y=y,
        )

        castles_corridor_bought.additional_properties = d
        return castles_corridor_bought

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
