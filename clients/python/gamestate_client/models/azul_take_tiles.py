from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.azul_take_tiles_colour import AzulTakeTilesColour

T = TypeVar("T", bound="AzulTakeTiles")


@_attrs_define
class AzulTakeTiles:
    """
    Attributes:
        colour (AzulTakeTilesColour):
        factory (int):
        line (int):
        type_ (Literal['azul.take_tiles']):
    """

    colour: AzulTakeTilesColour
    factory: int
    line: int
    type_: Literal["azul.take_tiles"]

    def to_dict(self) -> dict[str, Any]:
        colour = self.colour.value

        factory = self.factory

        line = self.line

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "colour": colour,
                "factory": factory,
                "line": line,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        colour = AzulTakeTilesColour(d.pop("colour"))

        factory = d.pop("factory")

        line = d.pop("line")

        type_ = cast(Literal["azul.take_tiles"], d.pop("type"))
        if type_ != "azul.take_tiles":
            raise ValueError(f"type must match const 'azul.take_tiles', got '{type_}'")

        azul_take_tiles = cls(
            colour=colour,
            factory=factory,
            line=line,
            type_=type_,
        )

        return azul_take_tiles
