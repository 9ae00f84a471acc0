from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesSleepingRewardDone")


@_attrs_define
class CastlesSleepingRewardDone:
    """
    Attributes:
        discarded (bool):
        picked (list[int]):
        seat (int):
        size (int):
        stack_after (list[int]):
        type_ (Literal['castles.sleeping_reward_done']):
    """

    discarded: bool
    picked: list[int]
    seat: int
    size: int
    stack_after: list[int]
    type_: Literal["castles.sleeping_reward_done"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        discarded = self.discarded

        picked = self.picked

        seat = self.seat

        size = self.size

        stack_after = self.stack_after

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "discarded": discarded,
                "picked": picked,
                "seat": seat,
                "size": size,
                "stack_after": stack_after,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        discarded = d.pop("discarded")

        picked = cast(list[int], d.pop("picked"))

        seat = d.pop("seat")

        size = d.pop("size")

        stack_after = cast(list[int], d.pop("stack_after"))

        type_ = cast(Literal["castles.sleeping_reward_done"], d.pop("type"))
        if type_ != "castles.sleeping_reward_done":
            raise ValueError(f"type must match const 'castles.sleeping_reward_done', got '{type_}'")

        castles_sleeping_reward_done = cls(
            discarded=discarded,
            picked=picked,
            seat=seat,
            size=size,
            stack_after=stack_after,
            type_=type_,
        )

        castles_sleeping_reward_done.additional_properties = d
        return castles_sleeping_reward_done

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
