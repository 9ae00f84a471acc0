from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CastlesBuyRoom")


@_attrs_define
class CastlesBuyRoom:
    """
    Attributes:
        rotation (int):
        slot (int):
        type_ (Literal['castles.buy_room']):
        x (int):
        y (int):
    """

    rotation: int
    slot: int
    type_: Literal["castles.buy_room"]
    x: int
    y: int

    def to_dict(self) -> dict[str, Any]:
        rotation = self.rotation

        slot = self.slot

        type_ = self.type_

        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rotation": rotation,
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
        rotation = d.pop("rotation")

        slot = d.pop("slot")

        type_ = cast(Literal["castles.buy_room"], d.pop("type"))
        if type_ != "castles.buy_room":
            raise ValueError(f"type must match const 'castles.buy_room', got '{type_}'")

        x = d.pop("x")

        y = d.pop("y")

        castles_buy_room = cls(
            rotation=rotation,
            slot=slot,
            type_=type_,
            x=x,
            y=y,
        )

        return castles_buy_room
