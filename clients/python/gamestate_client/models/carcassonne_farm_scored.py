from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CarcassonneFarmScored")


@_attrs_define
class CarcassonneFarmScored:
    """
    Attributes:
        cities (list[int]):
        feature (int):
        points (list[int]):
        type_ (Literal['carcassonne.farm_scored']):
    """

    cities: list[int]
    feature: int
    points: list[int]
    type_: Literal["carcassonne.farm_scored"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cities = self.cities

        feature = self.feature

        points = self.points

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cities": cities,
                "feature": feature,
                "points": points,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cities = cast(list[int], d.pop("cities"))

        feature = d.pop("feature")

        points = cast(list[int], d.pop("points"))

        type_ = cast(Literal["carcassonne.farm_scored"], d.pop("type"))
        if type_ != "carcassonne.farm_scored":
            raise ValueError(f"type must match const 'carcassonne.farm_scored', got '{type_}'")

        carcassonne_farm_scored = cls(
            cities=cities,
            feature=feature,
            points=points,
            type_=type_,
        )

        carcassonne_farm_scored.additional_properties = d
        return carcassonne_farm_scored

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
