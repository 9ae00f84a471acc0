from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AzulLineDropped")


@_attrs_define
class AzulLineDropped:
    """
    Attributes:
        colour (str):
        line (int):
        seat (int):
        to_floor (list[str]):
        to_lid (int):
        type_ (Literal['azul.line_dropped']):
    """

    colour: str
    line: int
    seat: int
    to_floor: list[str]
    to_lid: int
    type_: Literal["azul.line_dropped"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        colour = self.colour

        line = self.line

        seat = self.seat

        to_floor = self.to_floor

        to_lid = self.to_lid

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "colour": colour,
                "line": line,
                "seat": seat,
                "to_floor": to_floor,
                "to_lid": to_lid,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        colour = d.pop("colour")

        line = d.pop("line")

        seat = d.pop("seat")

        to_floor = cast(list[str], d.pop("to_floor"))

        to_lid = d.pop("to_lid")

        type_ = cast(Literal["azul.line_dropped"], d.pop("type"))
        if type_ != "azul.line_dropped":
            raise ValueError(f"type must match const 'azul.line_dropped', got '{type_}'")

        azul_line_dropped = cls(
            colour=colour,
            line=line,
            seat=seat,
            to_floor=to_floor,
            to_lid=to_lid,
            type_=type_,
        )

        azul_line_dropped.additional_properties = d
        return azul_line_dropped

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
