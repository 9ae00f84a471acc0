from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ThreeKingdomsPlaceGeneral")


@_attrs_define
class ThreeKingdomsPlaceGeneral:
    """
    Attributes:
        general (str): An id from the content pack
        space (str):
        type_ (Literal['three_kingdoms.place_general']):
    """

    general: str
    space: str
    type_: Literal["three_kingdoms.place_general"]

    def to_dict(self) -> dict[str, Any]:
        general = self.general

        space = self.space

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "general": general,
                "space": space,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        general = d.pop("general")

        space = d.pop("space")

        type_ = cast(Literal["three_kingdoms.place_general"], d.pop("type"))
        if type_ != "three_kingdoms.place_general":
            raise ValueError(f"type must match const 'three_kingdoms.place_general', got '{type_}'")

        three_kingdoms_place_general = cls(
            general=general,
            space=space,
            type_=type_,
        )

        return three_kingdoms_place_general
