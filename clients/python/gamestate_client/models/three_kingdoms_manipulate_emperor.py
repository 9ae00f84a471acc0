from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ThreeKingdomsManipulateEmperor")


@_attrs_define
class ThreeKingdomsManipulateEmperor:
    """
    Attributes:
        general (str): An id from the content pack
        type_ (Literal['three_kingdoms.manipulate_emperor']):
    """

    general: str
    type_: Literal["three_kingdoms.manipulate_emperor"]

    def to_dict(self) -> dict[str, Any]:
        general = self.general

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "general": general,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        general = d.pop("general")

        type_ = cast(Literal["three_kingdoms.manipulate_emperor"], d.pop("type"))
        if type_ != "three_kingdoms.manipulate_emperor":
            raise ValueError(f"type must match const 'three_kingdoms.manipulate_emperor', got '{type_}'")

        three_kingdoms_manipulate_emperor = cls(
            general=general,
            type_=type_,
        )

        return three_kingdoms_manipulate_emperor
