from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeatResigned")


@_attrs_define
class SeatResigned:
    """
    Attributes:
        at (int):
        reason (str):  Default: ''.
        seat (int):
        type_ (Literal['game.seat_resigned']):
    """

    at: int
    seat: int
    type_: Literal["game.seat_resigned"]
    reason: str = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        reason = self.reason

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "reason": reason,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = d.pop("at")

        reason = d.pop("reason")

        seat = d.pop("seat")

        type_ = cast(Literal["game.seat_resigned"], d.pop("type"))
        if type_ != "game.seat_resigned":
            raise ValueError(f"type must match const 'game.seat_resigned', got '{type_}'")

        seat_resigned = cls(
            at=at,
            reason=reason,
            seat=seat,
            type_=type_,
        )

        seat_resigned.additional_properties = d
        return seat_resigned

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
