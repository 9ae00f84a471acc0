from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CarcassonneTilePlaced")


@_attrs_define
class CarcassonneTilePlaced:
    """
    Attributes:
        rotation (int):
        seat (int):
        tile (str):
        type_ (Literal['carcassonne.tile_placed']):
        x (int):
        y (int):
    """

    rotation: int
    seat: int
    tile: str
    type_: Literal["carcassonne.tile_placed"]
    x: int
    y: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rotation = self.rotation

        seat = self.seat

        tile = self.tile

        type_ = self.type_

        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rotation": rotation,
                "seat": seat,
                "tile": tile,
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

        seat = d.pop("seat")

        tile = d.pop("tile")

        type_ = cast(Literal["carcassonne.tile_placed"], d.pop("type"))
        if type_ != "carcassonne.tile_placed":
            raise ValueError(f"type must match const 'carcassonne.tile_placed', got '{type_}'")

        x = d.pop("x")

        y = d.pop("y")

        carcassonne_tile_placed = cls(
            rotation=rotation,
            seat=seat,
            tile=tile,
            type_=type_,
            x=x,
            y=y,
        )

        carcassonne_tile_placed.additional_properties = d
        return carcassonne_tile_placed

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
