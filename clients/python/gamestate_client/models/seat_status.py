from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_status_status import SeatStatusStatus

T = TypeVar("T", bound="SeatStatus")


@_attrs_define
class SeatStatus:
    """
    Attributes:
        seat (int):
        status (SeatStatusStatus):
        timeouts_in_a_row (int):
    """

    seat: int
    status: SeatStatusStatus
    timeouts_in_a_row: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        status = self.status.value

        timeouts_in_a_row = self.timeouts_in_a_row

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "status": status,
                "timeouts_in_a_row": timeouts_in_a_row,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        status = SeatStatusStatus(d.pop("status"))

        timeouts_in_a_row = d.pop("timeouts_in_a_row")

        seat_status = cls(
            seat=seat,
            status=status,
            timeouts_in_a_row=timeouts_in_a_row,
        )

        seat_status.additional_properties = d
        return seat_status

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
