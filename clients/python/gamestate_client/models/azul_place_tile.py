from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AzulPlaceTile")


@_attrs_define
class AzulPlaceTile:
    """
    Attributes:
        column (int):
        line (int):
        type_ (Literal['azul.place_tile']):
    """

    column: int
    line: int
    type_: Literal["azul.place_tile"]

    def to_dict(self) -> dict[str, Any]:
        column = self.column

        line = self.line

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "column": column,
                "line": line,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        column = d.pop("column")

        line = d.pop("line")

        type_ = cast(Literal["azul.place_tile"], d.pop("type"))
        if type_ != "azul.place_tile":
            raise ValueError(f"type must match const 'azul.place_tile', got '{type_}'")

        azul_place_tile = cls(
            column=column,
            line=line,
            type_=type_,
        )

        return azul_place_tile
