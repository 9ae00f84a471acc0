from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AzulLineTiled")


@_attrs_define
class AzulLineTiled:
    """
    Attributes:
        colour (str):
        column (int):
        line (int):
        points (int):
        seat (int):
        to_lid (int):
        type_ (Literal['azul.line_tiled']):
    """

    colour: str
    column: int
    line: int
    points: int
    seat: int
    to_lid: int
    type_: Literal["azul.line_tiled"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        colour = self.colour

        column = self.column

        line = self.line

        points = self.points

        seat = self.seat

        to_lid = self.to_lid

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "colour": colour,
                "column": column,
                "line": line,
                "points": points,
                "seat": seat,
                "to_lid": to_lid,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        colour = d.pop("colour")

        column = d.pop("column")

        line = d.pop("line")

        points = d.pop("points")

        seat = d.pop("seat")

        to_lid = d.pop("to_lid")

        type_ = cast(Literal["azul.line_tiled"], d.pop("type"))
        if type_ != "azul.line_tiled":
            raise ValueError(f"type must match const 'azul.line_tiled', got '{type_}'")

        azul_line_tiled = cls(
            colour=colour,
            column=column,
            line=line,
            points=points,
            seat=seat,
            to_lid=to_lid,
            type_=type_,
        )

        azul_line_tiled.additional_properties = d
        return azul_line_tiled

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
