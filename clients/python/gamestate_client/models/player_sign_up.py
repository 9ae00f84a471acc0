from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerSignUp")


@_attrs_define
class PlayerSignUp:
    """
    Attributes:
        name (str): Display name; no control characters
        rating (int | Unset):  Default: 0.
    """

    name: str
    rating: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        rating = self.rating

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if rating is not UNSET:
            field_dict["rating"] = rating

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        rating = d.pop("rating", UNSET)

        player_sign_up = cls(
            name=name,
            rating=rating,
        )

        return player_sign_up
