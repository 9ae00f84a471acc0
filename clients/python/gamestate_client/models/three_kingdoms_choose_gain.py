from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ThreeKingdomsChooseGain")


@_attrs_define
class ThreeKingdomsChooseGain:
    """
    Attributes:
        item (str): An id from the content pack
        type_ (Literal['three_kingdoms.choose_gain']):
    """

    item: str
    type_: Literal["three_kingdoms.choose_gain"]

    def to_dict(self) -> dict[str, Any]:
        item = self.item

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "item": item,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        item = d.pop("item")

        type_ = cast(Literal["three_kingdoms.choose_gain"], d.pop("type"))
        if type_ != "three_kingdoms.choose_gain":
            raise ValueError(f"type must match const 'three_kingdoms.choose_gain', got '{type_}'")

        three_kingdoms_choose_gain = cls(
            item=item,
            type_=type_,
        )

        return three_kingdoms_choose_gain
