from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsSpaceView")


@_attrs_define
class ThreeKingdomsSpaceView:
    """
    Attributes:
        criterion (str):
        leading (list[int]):
        space (str):
        values (list[int]):
    """

    criterion: str
    leading: list[int]
    space: str
    values: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        criterion = self.criterion

        leading = self.leading

        space = self.space

        values = self.values

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "criterion": criterion,
                "leading": leading,
                "space": space,
                "values": values,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        criterion = d.pop("criterion")

        leading = cast(list[int], d.pop("leading"))

        space = d.pop("space")

        values = cast(list[int], d.pop("values"))

        three_kingdoms_space_view = cls(
            criterion=criterion,
            leading=leading,
            space=space,
            values=values,
        )

        three_kingdoms_space_view.additional_properties = d
        return three_kingdoms_space_view

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
