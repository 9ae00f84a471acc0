from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CarcassonneOptions")


@_attrs_define
class CarcassonneOptions:
    """
    Attributes:
        farmers (bool | Unset):  Default: True.
        river (bool | Unset):  Default: False.
    """

    farmers: bool | Unset = True
    river: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        farmers = self.farmers

        river = self.river

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if farmers is not UNSET:
            field_dict["farmers"] = farmers
        if river is not UNSET:
            field_dict["river"] = river

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        farmers = d.pop("farmers", UNSET)

        river = d.pop("river", UNSET)

        carcassonne_options = cls(
            farmers=farmers,
            river=river,
        )

        return carcassonne_options
