from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesTurnStarted")


@_attrs_define
class CastlesTurnStarted:
    """
    Attributes:
        extra (bool):
        seat (int):
        type_ (Literal['castles.turn_started']):
    """

    extra: bool
    seat: int
    type_: Literal["castles.turn_started"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        extra = self.extra

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "extra": extra,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        extra = d.pop("extra")

        seat = d.pop("seat")

        type_ = cast(Literal["castles.turn_started"], d.pop("type"))
        if type_ != "castles.turn_started":
            raise ValueError(f"type must match const 'castles.turn_started', got '{type_}'")

        castles_turn_started = cls(
            extra=extra,
            seat=seat,
            type_=type_,
        )

        castles_turn_started.additional_properties = d
        return castles_turn_started

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
