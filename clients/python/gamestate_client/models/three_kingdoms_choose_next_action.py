from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ThreeKingdomsChooseNextAction")


@_attrs_define
class ThreeKingdomsChooseNextAction:
    """
    Attributes:
        space (str): An id from the content pack
        type_ (Literal['three_kingdoms.choose_next_action']):
    """

    space: str
    type_: Literal["three_kingdoms.choose_next_action"]

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

        type_ = cast(Literal["three_kingdoms.choose_next_action"], d.pop("type"))
        if type_ != "three_kingdoms.choose_next_action":
            raise ValueError(f"type must match const 'three_kingdoms.choose_next_action', got '{type_}'")

        three_kingdoms_choose_next_action = cls(
            space=space,
            type_=type_,
        )

        return three_kingdoms_choose_next_action
