from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CarcassonnePlacedTileView")


@_attrs_define
class CarcassonnePlacedTileView:
    """
    Attributes:
        rotation (int):
        tile (str):
        x (int):
        y (int):
    """

    rotation: int
    tile: str
    x: int
    y: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rotation = self.rotation

        tile = self.tile

        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rotation": rotation,
                "tile": tile,
                "x": x,
                "y": y,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rotation = d.pop("rotation")

        tile = d.pop("tile")

        x = d.pop("x")

        y = d.pop("y")

        carcassonne_placed_tile_view = cls(
            rotation=rotation,
            tile=tile,
            x=x,
            y=y,
        )

        carcassonne_placed_tile_view.additional_properties = d
        return carcassonne_placed_tile_view

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
