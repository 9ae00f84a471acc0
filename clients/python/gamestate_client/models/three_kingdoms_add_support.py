from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ThreeKingdomsAddSupport")


@_attrs_define
class ThreeKingdomsAddSupport:
    """
    Attributes:
        type_ (Literal['three_kingdoms.add_support']):
    """

    type_: Literal["three_kingdoms.add_support"]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["three_kingdoms.add_support"], d.pop("type"))
        if type_ != "three_kingdoms.add_support":
            raise ValueError(f"type must match const 'three_kingdoms.add_support', got '{type_}'")

        three_kingdoms_add_support = cls(
            type_=type_,
        )

        return three_kingdoms_add_support
