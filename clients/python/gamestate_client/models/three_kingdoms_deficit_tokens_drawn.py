from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsDeficitTokensDrawn")


@_attrs_define
class ThreeKingdomsDeficitTokensDrawn:
    """
    Attributes:
        seat (int):
        type_ (Literal['three_kingdoms.deficit_tokens_drawn']):
        values (list[int]):
    """

    seat: int
    type_: Literal["three_kingdoms.deficit_tokens_drawn"]
    values: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        type_ = self.type_

        values = self.values

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "type": type_,
                "values": values,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        type_ = cast(Literal["three_kingdoms.deficit_tokens_drawn"], d.pop("type"))
        if type_ != "three_kingdoms.deficit_tokens_drawn":
            raise ValueError(f"type must match const 'three_kingdoms.deficit_tokens_drawn', got '{type_}'")

        values = cast(list[int], d.pop("values"))

        three_kingdoms_deficit_tokens_drawn = cls(
            seat=seat,
            type_=type_,
            values=values,
        )

        three_kingdoms_deficit_tokens_drawn.additional_properties = d
        return three_kingdoms_deficit_tokens_drawn

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
