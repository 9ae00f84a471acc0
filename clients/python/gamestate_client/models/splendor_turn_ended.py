from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SplendorTurnEnded")


@_attrs_define
class SplendorTurnEnded:
    """
    Attributes:
        final_round (bool):
        next_seat (int):
        seat (int):
        type_ (Literal['splendor.turn_ended']):
    """

    final_round: bool
    next_seat: int
    seat: int
    type_: Literal["splendor.turn_ended"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        final_round = self.final_round

        next_seat = self.next_seat

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "final_round": final_round,
                "next_seat": next_seat,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        final_round = d.pop("final_round")

        next_seat = d.pop("next_seat")

        seat = d.pop("seat")

        type_ = cast(Literal["splendor.turn_ended"], d.pop("type"))
        if type_ != "splendor.turn_ended":
            raise ValueError(f"type must match const 'splendor.turn_ended', got '{type_}'")

        splendor_turn_ended = cls(
            final_round=final_round,
            next_seat=next_seat,
            seat=seat,
            type_=type_,
        )

        splendor_turn_ended.additional_properties = d
        return splendor_turn_ended

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
