from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ThreeKingdomsOptions")


@_attrs_define
class ThreeKingdomsOptions:
    """
    Attributes:
        content_pack (str | Unset):  Default: 'standard'.
    """

    content_pack: str | Unset = "standard"

    def to_dict(self) -> dict[str, Any]:
        content_pack = self.content_pack

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if content_pack is not UNSET:
            field_dict["content_pack"] = content_pack

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        content_pack = d.pop("content_pack", UNSET)

        three_kingdoms_options = cls(
            content_pack=content_pack,
        )

        return three_kingdoms_options
