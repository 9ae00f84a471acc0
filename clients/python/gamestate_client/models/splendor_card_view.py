from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SplendorCardView")


@_attrs_define
class SplendorCardView:
    """
    Attributes:
        bonus (str):
        cost (list[int]):
        id (int):
        level (int):
        points (int):
    """

    bonus: str
    cost: list[int]
    id: int
    level: int
    points: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bonus = self.bonus

        cost = self.cost

        id = self.id

        level = self.level

        points = self.points

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bonus": bonus,
                "cost": cost,
                "id": id,
                "level": level,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bonus = d.pop("bonus")

        cost = cast(list[int], d.pop("cost"))

        id = d.pop("id")

        level = d.pop("level")

        points = d.pop("points")

        splendor_card_view = cls(
            bonus=bonus,
            cost=cost,
            id=id,
            level=level,
            points=points,
        )

        splendor_card_view.additional_properties = d
        return splendor_card_view

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
