from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AzulTilesTaken")


@_attrs_define
class AzulTilesTaken:
    """
    Attributes:
        colour (str):
        count (int):
        factory (int):
        line (int):
        next_seat (int):
        seat (int):
        to_centre (list[str]):
        to_floor (list[str]):
        to_lid (int):
        to_line (int):
        took_marker (bool):
        type_ (Literal['azul.tiles_taken']):
    """

    colour: str
    count: int
    factory: int
    line: int
    next_seat: int
    seat: int
    to_centre: list[str]
    to_floor: list[str]
    to_lid: int
    to_line: int
    took_marker: bool
    type_: Literal["azul.tiles_taken"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        colour = self.colour

        count = self.count

        factory = self.factory

        line = self.line

        next_seat = self.next_seat

        seat = self.seat

        to_centre = self.to_centre

        to_floor = self.to_floor

        to_lid = self.to_lid

        to_line = self.to_line

        took_marker = self.took_marker

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "colour": colour,
                "count": count,
                "factory": factory,
                "line": line,
                "next_seat": next_seat,
                "seat": seat,
                "to_centre": to_centre,
                "to_floor": to_floor,
                "to_lid": to_lid,
                "to_line": to_line,
                "took_marker": took_marker,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        colour = d.pop("colour")

        count = d.pop("count")

        factory = d.pop("factory")

        line = d.pop("line")

        next_seat = d.pop("next_seat")

        seat = d.pop("seat")

        to_centre = cast(list[str], d.pop("to_centre"))

        to_floor = cast(list[str], d.pop("to_floor"))

        to_lid = d.pop("to_lid")

        to_line = d.pop("to_line")

        took_marker = d.pop("took_marker")

        type_ = cast(Literal["azul.tiles_taken"], d.pop("type"))
        if type_ != "azul.tiles_taken":
            raise ValueError(f"type must match const 'azul.tiles_taken', got '{type_}'")

        azul_tiles_taken = cls(
            colour=colour,
            count=count,
            factory=factory,
            line=line,
            next_seat=next_seat,
            seat=seat,
            to_centre=to_centre,
            to_floor=to_floor,
            to_lid=to_lid,
            to_line=to_line,
            took_marker=took_marker,
            type_=type_,
        )

        azul_tiles_taken.additional_properties = d
        return azul_tiles_taken

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
