from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AzulLine")


@_attrs_define
class AzulLine:
    """
    Attributes:
        colour (None | str):
        count (int):  Default: 0.
    """

    colour: None | str
    count: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        colour: None | str
        colour = self.colour

        count = self.count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "colour": colour,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_colour(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        colour = _parse_colour(d.pop("colour"))

        count = d.pop("count")

        azul_line = cls(
            colour=colour,
            count=count,
        )

        azul_line.additional_properties = d
        return azul_line

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
