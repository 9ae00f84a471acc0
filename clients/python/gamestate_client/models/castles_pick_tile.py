from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CastlesPickTile")


@_attrs_define
class CastlesPickTile:
    """
    Attributes:
        room (int):
        type_ (Literal['castles.pick_tile']):
    """

    room: int
    type_: Literal["castles.pick_tile"]

    def to_dict(self) -> dict[str, Any]:
        room = self.room

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "room": room,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        room = d.pop("room")

        type_ = cast(Literal["castles.pick_tile"], d.pop("type"))
        if type_ != "castles.pick_tile":
            raise ValueError(f"type must match const 'castles.pick_tile', got '{type_}'")

        castles_pick_tile = cls(
            room=room,
            type_=type_,
        )

        return castles_pick_tile
