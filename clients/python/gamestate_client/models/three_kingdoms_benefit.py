from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsBenefit")


@_attrs_define
class ThreeKingdomsBenefit:
    """
    Attributes:
        ability (int):  Default: 0.
        effect (int):  Default: 0.
        optional (bool):  Default: False.
        source (str):
    """

    source: str
    ability: int = 0
    effect: int = 0
    optional: bool = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ability = self.ability

        effect = self.effect

        optional = self.optional

        source = self.source

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ability": ability,
                "effect": effect,
                "optional": optional,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ability = d.pop("ability")

        effect = d.pop("effect")

        optional = d.pop("optional")

        source = d.pop("source")

        three_kingdoms_benefit = cls(
            ability=ability,
            effect=effect,
            optional=optional,
            source=source,
        )

        three_kingdoms_benefit.additional_properties = d
        return three_kingdoms_benefit

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
