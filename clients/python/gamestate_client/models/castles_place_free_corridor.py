from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CastlesPlaceFreeCorridor")


@_attrs_define
class CastlesPlaceFreeCorridor:
    """
    Attributes:
        piece (int):
        rotation (int):
        type_ (Literal['castles.place_free_corridor']):
        x (int):
        y (int):
    """

    piece: int
    rotation: int
    type_: Literal["castles.place_free_corridor"]
    x: int
    y: int

    def to_dict(self) -> dict[str, Any]:
        piece = self.piece

        rotation = self.rotation

        type_ = self.type_

        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "piece": piece,
                "rotation": rotation,
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

        type_ = cast(Literal["castles.place_free_corridor"], d.pop("type"))
        if type_ != "castles.place_free_corridor":
            raise ValueError(f"type must match const 'castles.place_free_corridor', got '{type_}'")

        x = d.pop("x")

        y = d.pop("y")

        castles_place_free_corridor = cls(
            piece=piece,
            rotation=rotation,
            type_=type_,
            x=x,
            y=y,
        )

        return castles_place_free_corridor
