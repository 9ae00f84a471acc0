from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ThreeKingdomsPlaceAlliance")


@_attrs_define
class ThreeKingdomsPlaceAlliance:
    """
    Attributes:
        space (str): An id from the content pack
        type_ (Literal['three_kingdoms.place_alliance']):
    """

    space: str
    type_: Literal["three_kingdoms.place_alliance"]

    def to_dict(self) -> dict[str, Any]:
        space = self.space

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "space": space,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        space = d.pop("space")

        type_ = cast(Literal["three_kingdoms.place_alliance"], d.pop("type"))
        if type_ != "three_kingdoms.place_alliance":
            raise ValueError(f"type must match const 'three_kingdoms.place_alliance', got '{type_}'")

        three_kingdoms_place_alliance = cls(
            space=space,
            type_=type_,
        )

        return three_kingdoms_place_alliance
