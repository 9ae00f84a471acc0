from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clock_on_timeout import ClockOnTimeout

T = TypeVar("T", bound="Clock")


@_attrs_define
class Clock:
    """
    Attributes:
        bank_ms (int):  Default: 0.
        on_timeout (ClockOnTimeout):  Default: ClockOnTimeout.AUTO_PLAY.
        turn_ms (int):
        zombie_after (int):  Default: 3.
    """

    turn_ms: int
    bank_ms: int = 0
    on_timeout: ClockOnTimeout = ClockOnTimeout.AUTO_PLAY
    zombie_after: int = 3
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bank_ms = self.bank_ms

        on_timeout = self.on_timeout.value

        turn_ms = self.turn_ms

        zombie_after = self.zombie_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bank_ms": bank_ms,
                "on_timeout": on_timeout,
                "turn_ms": turn_ms,
                "zombie_after": zombie_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bank_ms = d.pop("bank_ms")

        on_timeout = ClockOnTimeout(d.pop("on_timeout"))

        turn_ms = d.pop("turn_ms")

        zombie_after = d.pop("zombie_after")

        clock = cls(
            bank_ms=bank_ms,
            on_timeout=on_timeout,
            turn_ms=turn_ms,
            zombie_after=zombie_after,
        )

        clock.additional_properties = d
        return clock

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
