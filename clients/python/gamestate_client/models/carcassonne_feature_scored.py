from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CarcassonneFeatureScored")


@_attrs_define
class CarcassonneFeatureScored:
    """
    Attributes:
        complete (bool):
        feature (int):
        kind (str):
        points (list[int]):
        returned (list[int]):
        shields (int):
        tiles (int):
        type_ (Literal['carcassonne.feature_scored']):
    """

    complete: bool
    feature: int
    kind: str
    points: list[int]
    returned: list[int]
    shields: int
    tiles: int
    type_: Literal["carcassonne.feature_scored"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        complete = self.complete

        feature = self.feature

        kind = self.kind

        points = self.points

        returned = self.returned

        shields = self.shields

        tiles = self.tiles

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "complete": complete,
                "feature": feature,
                "kind": kind,
                "points": points,
                "returned": returned,
                "shields": shields,
                "tiles": tiles,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        complete = d.pop("complete")

        feature = d.pop("feature")

        kind = d.pop("kind")

        points = cast(list[int], d.pop("points"))

        returned = cast(list[int], d.pop("returned"))

        shields = d.pop("shields")

        tiles = d.pop("tiles")

        type_ = cast(Literal["carcassonne.feature_scored"], d.pop("type"))
        if type_ != "carcassonne.feature_scored":
            raise ValueError(f"type must match const 'carcassonne.feature_scored', got '{type_}'")

        carcassonne_feature_scored = cls(
            complete=complete,
            feature=feature,
            kind=kind,
            points=points,
            returned=returned,
            shields=shields,
            tiles=tiles,
            type_=type_,
        )

        carcassonne_feature_scored.additional_properties = d
        return carcassonne_feature_scored

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
