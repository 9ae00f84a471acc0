from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CarcassonnePlaceTile")


@_attrs_define
class CarcassonnePlaceTile:
    """
    Attributes:
        rotation (int):
        type_ (Literal['carcassonne.place_tile']):
        x (int):
        y (int):
        follower (None | str | Unset):
    """

    rotation: int
    type_: Literal["carcassonne.place_tile"]
    x: int
    y: int
    follower: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        rotation = self.rotation

        type_ = self.type_

        x = self.x

        y = self.y

        follower: None | str | Unset
        if isinstance(self.follower, Unset):
            follower = UNSET
        else:
            follower = self.follower

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rotation": rotation,
                "type": type_,
                "x": x,
                "y": y,
            }
        )
        if follower is not UNSET:
            field_dict["follower"] = follower

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rotation = d.pop("rotation")

        type_ = cast(Literal["carcassonne.place_tile"], d.pop("type"))
        if type_ != "carcassonne.place_tile":
            raise ValueError(f"type must match const 'carcassonne.place_tile', got '{type_}'")

        x = d.pop("x")

        y = d.pop("y")

        def _parse_follower(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        follower = _parse_follower(d.pop("follower", UNSET))

        carcassonne_place_tile = cls(
            rotation=rotation,
            type_=type_,
            x=x,
            y=y,
            follower=follower,
        )

        return carcassonne_place_tile
