from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesFreeCorridorPlaced")


@_attrs_define
class CastlesFreeCorridorPlaced:
    """
    Attributes:
        piece (int):
        rotation (int):
        seat (int):
        source (int):
        type_ (Literal['castles.free_corridor_placed']):
        x (int):
        y (int):
    """

    piece: int
    rotation: int
    seat: int
    source: int
    type_: Literal["castles.free_corridor_placed"]
    x: int
    y: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        piece = self.piece

        rotation = self.rotation

        seat = self.seat

        source = self.source

        type_ = self.type_

        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "piece": piece,
                "rotation": rotation,
                "seat": seat,
                "source": source,
                "type": type_,
                "x": x,
                "y": y,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        piece = d.pop("piece")

        rotation = d.pop("rotation")

        seat = d.pop("seat")

        source = d.pop("source")

        type_ = cast(Literal["castles.free_corridor_placed"], d.pop("type"))
        if type_ != "castles.free_corridor_placed":
            raise ValueError(f"type must match const 'castles.free_corridor_placed', got '{type_}'")

        x = d.pop("x")

        y = d.pop("y")

        castles_free_corridor_placed = cls(
            piece=piece,
            rotation=rotation,
            seat=seat,
            source=source,
            type_=type_,
            x=x,
            y=y,
        )

        castles_free_corridor_placed.additional_properties = d
        return castles_free_corridor_placed

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
