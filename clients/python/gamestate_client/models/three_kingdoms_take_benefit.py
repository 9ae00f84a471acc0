from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ThreeKingdomsTakeBenefit")


@_attrs_define
class ThreeKingdomsTakeBenefit:
    """
    Attributes:
        source (str): An id from the content pack
        type_ (Literal['three_kingdoms.take_benefit']):
        ability (int | Unset):  Default: 0.
        effect (int | Unset):  Default: 0.
    """

    source: str
    type_: Literal["three_kingdoms.take_benefit"]
    ability: int | Unset = 0
    effect: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        source = self.source

        type_ = self.type_

        ability = self.ability

        effect = self.effect

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source": source,
                "type": type_,
            }
        )
        if ability is not UNSET:
            field_dict["ability"] = ability
        if effect is not UNSET:
            field_dict["effect"] = effect

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source = d.pop("source")

        type_ = cast(Literal["three_kingdoms.take_benefit"], d.pop("type"))
        if type_ != "three_kingdoms.take_benefit":
            raise ValueError(f"type must match const 'three_kingdoms.take_benefit', got '{type_}'")

        ability = d.pop("ability", UNSET)

        effect = d.pop("effect", UNSET)

        three_kingdoms_take_benefit = cls(
            source=source,
            type_=type_,
            ability=ability,
            effect=effect,
        )

        return three_kingdoms_take_benefit
