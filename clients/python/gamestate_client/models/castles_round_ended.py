from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesRoundEnded")


@_attrs_define
class CastlesRoundEnded:
    """
    Attributes:
        next_builder (int):
        round_ (int):
        type_ (Literal['castles.round_ended']):
        unsold (list[int]):
    """

    next_builder: int
    round_: int
    type_: Literal["castles.round_ended"]
    unsold: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        next_builder = self.next_builder

        round_ = self.round_

        type_ = self.type_

        unsold = self.unsold

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "next_builder": next_builder,
                "round": round_,
                "type": type_,
                "unsold": unsold,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        next_builder = d.pop("next_builder")

        round_ = d.pop("round")

        type_ = cast(Literal["castles.round_ended"], d.pop("type"))
        if type_ != "castles.round_ended":
            raise ValueError(f"type must match const 'castles.round_ended', got '{type_}'")

        unsold = cast(list[int], d.pop("unsold"))

        castles_round_ended = cls(
            next_builder=next_builder,
            round_=round_,
            type_=type_,
            unsold=unsold,
        )

        castles_round_ended.additional_properties = d
        return castles_round_ended

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
