from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ThreeKingdomsCollectTaxes")


@_attrs_define
class ThreeKingdomsCollectTaxes:
    """
    Attributes:
        type_ (Literal['three_kingdoms.collect_taxes']):
        keep (int | Unset):  Default: 0.
    """

    type_: Literal["three_kingdoms.collect_taxes"]
    keep: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        keep = self.keep

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if keep is not UNSET:
            field_dict["keep"] = keep

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["three_kingdoms.collect_taxes"], d.pop("type"))
        if type_ != "three_kingdoms.collect_taxes":
            raise ValueError(f"type must match const 'three_kingdoms.collect_taxes', got '{type_}'")

        keep = d.pop("keep", UNSET)

        three_kingdoms_collect_taxes = cls(
            type_=type_,
            keep=keep,
        )

        return three_kingdoms_collect_taxes
