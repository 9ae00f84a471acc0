from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesRewardForfeited")


@_attrs_define
class CastlesRewardForfeited:
    """
    Attributes:
        kind (str):
        queued (bool):
        reason (str):
        seat (int):
        source (int):
        type_ (Literal['castles.reward_forfeited']):
    """

    kind: str
    queued: bool
    reason: str
    seat: int
    source: int
    type_: Literal["castles.reward_forfeited"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        queued = self.queued

        reason = self.reason

        seat = self.seat

        source = self.source

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "queued": queued,
                "reason": reason,
                "seat": seat,
                "source": source,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = d.pop("kind")

        queued = d.pop("queued")

        reason = d.pop("reason")

        seat = d.pop("seat")

        source = d.pop("source")

        type_ = cast(Literal["castles.reward_forfeited"], d.pop("type"))
        if type_ != "castles.reward_forfeited":
            raise ValueError(f"type must match const 'castles.reward_forfeited', got '{type_}'")

        castles_reward_forfeited = cls(
            kind=kind,
            queued=queued,
            reason=reason,
            seat=seat,
            source=source,
            type_=type_,
        )

        castles_reward_forfeited.additional_properties = d
        return castles_reward_forfeited

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
