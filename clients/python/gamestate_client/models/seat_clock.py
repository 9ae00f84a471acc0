from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeatClock")


@_attrs_define
class SeatClock:
    """
    Attributes:
        bank_seconds (float):
        deadline (datetime.datetime):
        seat (int):
        since (datetime.datetime):
        turn_ends (datetime.datetime):
    """

    bank_seconds: float
    deadline: datetime.datetime
    seat: int
    since: datetime.datetime
    turn_ends: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bank_seconds = self.bank_seconds

        deadline = self.deadline.isoformat()

        seat = self.seat

        since = self.since.isoformat()

        turn_ends = self.turn_ends.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bank_seconds": bank_seconds,
                "deadline": deadline,
                "seat": seat,
                "since": since,
                "turn_ends": turn_ends,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bank_seconds = d.pop("bank_seconds")

        deadline = datetime.datetime.fromisoformat(d.pop("deadline"))

        seat = d.pop("seat")

        since = datetime.datetime.fromisoformat(d.pop("since"))

        turn_ends = datetime.datetime.fromisoformat(d.pop("turn_ends"))

        seat_clock = cls(
            bank_seconds=bank_seconds,
            deadline=deadline,
            seat=seat,
            since=since,
            turn_ends=turn_ends,
        )

        seat_clock.additional_properties = d
        return seat_clock

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
