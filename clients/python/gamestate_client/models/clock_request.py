from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.clock_request_auto_play_policy import ClockRequestAutoPlayPolicy
from ..models.clock_request_on_timeout import ClockRequestOnTimeout
from ..types import UNSET, Unset

T = TypeVar("T", bound="ClockRequest")


@_attrs_define
class ClockRequest:
    """
    Attributes:
        turn_seconds (float):
        auto_play_policy (ClockRequestAutoPlayPolicy | Unset):  Default: ClockRequestAutoPlayPolicy.GREEDY.
        bank_seconds (float | Unset):  Default: 0.0.
        on_timeout (ClockRequestOnTimeout | Unset):  Default: ClockRequestOnTimeout.AUTO_PLAY.
        zombie_after (int | Unset):  Default: 3.
    """

    turn_seconds: float
    auto_play_policy: ClockRequestAutoPlayPolicy | Unset = ClockRequestAutoPlayPolicy.GREEDY
    bank_seconds: float | Unset = 0.0
    on_timeout: ClockRequestOnTimeout | Unset = ClockRequestOnTimeout.AUTO_PLAY
    zombie_after: int | Unset = 3

    def to_dict(self) -> dict[str, Any]:
        turn_seconds = self.turn_seconds

        auto_play_policy: str | Unset = UNSET
        if not isinstance(self.auto_play_policy, Unset):
            auto_play_policy = self.auto_play_policy.value

        bank_seconds = self.bank_seconds

        on_timeout: str | Unset = UNSET
        if not isinstance(self.on_timeout, Unset):
            on_timeout = self.on_timeout.value

        zombie_after = self.zombie_after

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turn_seconds": turn_seconds,
            }
        )
        if auto_play_policy is not UNSET:
            field_dict["auto_play_policy"] = auto_play_policy
        if bank_seconds is not UNSET:
            field_dict["bank_seconds"] = bank_seconds
        if on_timeout is not UNSET:
            field_dict["on_timeout"] = on_timeout
        if zombie_after is not UNSET:
            field_dict["zombie_after"] = zombie_after

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn_seconds = d.pop("turn_seconds")

        _auto_play_policy = d.pop("auto_play_policy", UNSET)
        auto_play_policy: ClockRequestAutoPlayPolicy | Unset
        if isinstance(_auto_play_policy, Unset):
            auto_play_policy = UNSET
        else:
            auto_play_policy = ClockRequestAutoPlayPolicy(_auto_play_policy)

        bank_seconds = d.pop("bank_seconds", UNSET)

        _on_timeout = d.pop("on_timeout", UNSET)
        on_timeout: ClockRequestOnTimeout | Unset
        if isinstance(_on_timeout, Unset):
            on_timeout = UNSET
        else:
            on_timeout = ClockRequestOnTimeout(_on_timeout)

        zombie_after = d.pop("zombie_after", UNSET)

        clock_request = cls(
            turn_seconds=turn_seconds,
            auto_play_policy=auto_play_policy,
            bank_seconds=bank_seconds,
            on_timeout=on_timeout,
            zombie_after=zombie_after,
        )

        return clock_request
