from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.seat_clock import SeatClock


T = TypeVar("T", bound="ClockState")


@_attrs_define
class ClockState:
    """
    Attributes:
        bank_seconds (float):
        banks (list[float]):
        on_timeout (str):
        paused (bool):
        to_act (list[SeatClock]):
        turn_seconds (float):
        zombie_after (int):
    """

    bank_seconds: float
    banks: list[float]
    on_timeout: str
    paused: bool
    to_act: list[SeatClock]
    turn_seconds: float
    zombie_after: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bank_seconds = self.bank_seconds

        banks = self.banks

        on_timeout = self.on_timeout

        paused = self.paused

        to_act = []
        for to_act_item_data in self.to_act:
            to_act_item = to_act_item_data.to_dict()
            to_act.append(to_act_item)

        turn_seconds = self.turn_seconds

        zombie_after = self.zombie_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bank_seconds": bank_seconds,
                "banks": banks,
                "on_timeout": on_timeout,
                "paused": paused,
                "to_act": to_act,
                "turn_seconds": turn_seconds,
                "zombie_after": zombie_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_clock import SeatClock  # noqa: PLC0415

        d = dict(src_dict)
        bank_seconds = d.pop("bank_seconds")

        banks = cast(list[float], d.pop("banks"))

        on_timeout = d.pop("on_timeout")

        paused = d.pop("paused")

        to_act = []
        _to_act = d.pop("to_act")
        for to_act_item_data in _to_act:
            to_act_item = SeatClock.from_dict(to_act_item_data)

            to_act.append(to_act_item)

        turn_seconds = d.pop("turn_seconds")

        zombie_after = d.pop("zombie_after")

        clock_state = cls(
            bank_seconds=bank_seconds,
            banks=banks,
            on_timeout=on_timeout,
            paused=paused,
            to_act=to_act,
            turn_seconds=turn_seconds,
            zombie_after=zombie_after,
        )

        clock_state.additional_properties = d
        return clock_state

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
