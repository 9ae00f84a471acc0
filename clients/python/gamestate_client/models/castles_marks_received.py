from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesMarksReceived")


@_attrs_define
class CastlesMarksReceived:
    """
    Attributes:
        amount (int):
        reason (str):
        seat (int):
        type_ (Literal['castles.marks_received']):
    """

    amount: int
    reason: str
    seat: int
    type_: Literal["castles.marks_received"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        reason = self.reason

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "reason": reason,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        reason = d.pop("reason")

        seat = d.pop("seat")

        type_ = cast(Literal["castles.marks_received"], d.pop("type"))
        if type_ != "castles.marks_received":
            raise ValueError(f"type must match const 'castles.marks_received', got '{type_}'")

        castles_marks_received = cls(
            amount=amount,
            reason=reason,
            seat=seat,
            type_=type_,
        )

        castles_marks_received.additional_properties = d
        return castles_marks_received

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
