from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsOutcome")


@_attrs_define
class ThreeKingdomsOutcome:
    """
    Attributes:
        space (str):
        values (list[int]):
        winners (list[int]):
    """

    space: str
    values: list[int]
    winners: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        space = self.space

        values = self.values

        winners = self.winners

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "space": space,
                "values": values,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        space = d.pop("space")

        values = cast(list[int], d.pop("values"))

        winners = cast(list[int], d.pop("winners"))

        three_kingdoms_outcome = cls(
            space=space,
            values=values,
            winners=winners,
        )

        three_kingdoms_outcome.additional_properties = d
        return three_kingdoms_outcome

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
