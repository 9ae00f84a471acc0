from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AzulBonusesScored")


@_attrs_define
class AzulBonusesScored:
    """
    Attributes:
        colours (int):
        columns (int):
        points (int):
        rows (int):
        seat (int):
        type_ (Literal['azul.bonuses_scored']):
    """

    colours: int
    columns: int
    points: int
    rows: int
    seat: int
    type_: Literal["azul.bonuses_scored"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        colours = self.colours

        columns = self.columns

        points = self.points

        rows = self.rows

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "colours": colours,
                "columns": columns,
                "points": points,
                "rows": rows,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        colours = d.pop("colours")

        columns = d.pop("columns")

        points = d.pop("points")

        rows = d.pop("rows")

        seat = d.pop("seat")

        type_ = cast(Literal["azul.bonuses_scored"], d.pop("type"))
        if type_ != "azul.bonuses_scored":
            raise ValueError(f"type must match const 'azul.bonuses_scored', got '{type_}'")

        azul_bonuses_scored = cls(
            colours=colours,
            columns=columns,
            points=points,
            rows=rows,
            seat=seat,
            type_=type_,
        )

        azul_bonuses_scored.additional_properties = d
        return azul_bonuses_scored

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
