from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ThreeKingdomsBuildDevelopment")


@_attrs_define
class ThreeKingdomsBuildDevelopment:
    """
    Attributes:
        card (str): An id from the content pack
        type_ (Literal['three_kingdoms.build_development']):
    """

    card: str
    type_: Literal["three_kingdoms.build_development"]

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        type_ = cast(Literal["three_kingdoms.build_development"], d.pop("type"))
        if type_ != "three_kingdoms.build_development":
            raise ValueError(f"type must match const 'three_kingdoms.build_development', got '{type_}'")

        three_kingdoms_build_development = cls(
            card=card,
            type_=type_,
        )

        return three_kingdoms_build_development
