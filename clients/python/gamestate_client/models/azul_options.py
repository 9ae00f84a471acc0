from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AzulOptions")


@_attrs_define
class AzulOptions:
    """
    Attributes:
        grey_wall (bool | Unset):  Default: False.
    """

    grey_wall: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        grey_wall = self.grey_wall

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if grey_wall is not UNSET:
            field_dict["grey_wall"] = grey_wall

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        grey_wall = d.pop("grey_wall", UNSET)

        azul_options = cls(
            grey_wall=grey_wall,
        )

        return azul_options
