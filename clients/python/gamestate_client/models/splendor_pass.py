from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SplendorPass")


@_attrs_define
class SplendorPass:
    """
    Attributes:
        type_ (Literal['splendor.pass']):
    """

    type_: Literal["splendor.pass"]

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
        type_ = cast(Literal["splendor.pass"], d.pop("type"))
        if type_ != "splendor.pass":
            raise ValueError(f"type must match const 'splendor.pass', got '{type_}'")

        splendor_pass = cls(
            type_=type_,
        )

        return splendor_pass
