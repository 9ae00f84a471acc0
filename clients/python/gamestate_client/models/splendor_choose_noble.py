from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SplendorChooseNoble")


@_attrs_define
class SplendorChooseNoble:
    """
    Attributes:
        noble (int):
        type_ (Literal['splendor.choose_noble']):
    """

    noble: int
    type_: Literal["splendor.choose_noble"]

    def to_dict(self) -> dict[str, Any]:
        noble = self.noble

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "noble": noble,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        noble = d.pop("noble")

        type_ = cast(Literal["splendor.choose_noble"], d.pop("type"))
        if type_ != "splendor.choose_noble":
            raise ValueError(f"type must match const 'splendor.choose_noble', got '{type_}'")

        splendor_choose_noble = cls(
            noble=noble,
            type_=type_,
        )

        return splendor_choose_noble
