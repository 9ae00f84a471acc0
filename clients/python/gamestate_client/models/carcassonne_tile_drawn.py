from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CarcassonneTileDrawn")


@_attrs_define
class CarcassonneTileDrawn:
    """
    Attributes:
        seat (int):
        tile (str):
        type_ (Literal['carcassonne.tile_drawn']):
    """

    seat: int
    tile: str
    type_: Literal["carcassonne.tile_drawn"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        tile = self.tile

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "tile": tile,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        tile = d.pop("tile")

        type_ = cast(Literal["carcassonne.tile_drawn"], d.pop("type"))
        if type_ != "carcassonne.tile_drawn":
            raise ValueError(f"type must match const 'carcassonne.tile_drawn', got '{type_}'")

        carcassonne_tile_drawn = cls(
            seat=seat,
            tile=tile,
            type_=type_,
        )

        carcassonne_tile_drawn.additional_properties = d
        return carcassonne_tile_drawn

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
