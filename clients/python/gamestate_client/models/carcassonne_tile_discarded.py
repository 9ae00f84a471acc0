from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CarcassonneTileDiscarded")


@_attrs_define
class CarcassonneTileDiscarded:
    """
    Attributes:
        tile (str):
        type_ (Literal['carcassonne.tile_discarded']):
    """

    tile: str
    type_: Literal["carcassonne.tile_discarded"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tile = self.tile

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tile": tile,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tile = d.pop("tile")

        type_ = cast(Literal["carcassonne.tile_discarded"], d.pop("type"))
        if type_ != "carcassonne.tile_discarded":
            raise ValueError(f"type must match const 'carcassonne.tile_discarded', got '{type_}'")

        carcassonne_tile_discarded = cls(
            tile=tile,
            type_=type_,
        )

        carcassonne_tile_discarded.additional_properties = d
        return carcassonne_tile_discarded

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
