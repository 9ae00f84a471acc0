from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeartsSeatView")


@_attrs_define
class HeartsSeatView:
    """
    Attributes:
        cards_in_hand (int):
        hand_points (int):
        has_passed (bool):
        seat (int):
        total (int):
    """

    cards_in_hand: int
    hand_points: int
    has_passed: bool
    seat: int
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards_in_hand = self.cards_in_hand

        hand_points = self.hand_points

        has_passed = self.has_passed

        seat = self.seat

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards_in_hand": cards_in_hand,
                "hand_points": hand_points,
                "has_passed": has_passed,
                "seat": seat,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards_in_hand = d.pop("cards_in_hand")

        hand_points = d.pop("hand_points")

        has_passed = d.pop("has_passed")

        seat = d.pop("seat")

        total = d.pop("total")

        hearts_seat_view = cls(
            cards_in_hand=cards_in_hand,
            hand_points=hand_points,
            has_passed=has_passed,
            seat=seat,
            total=total,
        )

        hearts_seat_view.additional_properties = d
        return hearts_seat_view

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
