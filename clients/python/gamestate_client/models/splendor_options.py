from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.splendor_options_tie_breaks import SplendorOptionsTieBreaks
from ..types import UNSET, Unset

T = TypeVar("T", bound="SplendorOptions")


@_attrs_define
class SplendorOptions:
    """
    Attributes:
        tie_breaks (SplendorOptionsTieBreaks | Unset):  Default: SplendorOptionsTieBreaks.OFFICIAL.
    """

    tie_breaks: SplendorOptionsTieBreaks | Unset = SplendorOptionsTieBreaks.OFFICIAL

    def to_dict(self) -> dict[str, Any]:
        tie_breaks: str | Unset = UNSET
        if not isinstance(self.tie_breaks, Unset):
            tie_breaks = self.tie_breaks.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if tie_breaks is not UNSET:
            field_dict["tie_breaks"] = tie_breaks

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _tie_breaks = d.pop("tie_breaks", UNSET)
        tie_breaks: SplendorOptionsTieBreaks | Unset
        if isinstance(_tie_breaks, Unset):
            tie_breaks = UNSET
        else:
            tie_breaks = SplendorOptionsTieBreaks(_tie_breaks)

        splendor_options = cls(
            tie_breaks=tie_breaks,
        )

        return splendor_options
