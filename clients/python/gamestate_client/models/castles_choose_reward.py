from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.castles_choose_reward_reward import CastlesChooseRewardReward

T = TypeVar("T", bound="CastlesChooseReward")


@_attrs_define
class CastlesChooseReward:
    """
    Attributes:
        reward (CastlesChooseRewardReward):
        room (int):
        type_ (Literal['castles.choose_reward']):
    """

    reward: CastlesChooseRewardReward
    room: int
    type_: Literal["castles.choose_reward"]

    def to_dict(self) -> dict[str, Any]:
        reward = self.reward.value

        room = self.room

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reward": reward,
                "room": room,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reward = CastlesChooseRewardReward(d.pop("reward"))

        room = d.pop("room")

        type_ = cast(Literal["castles.choose_reward"], d.pop("type"))
        if type_ != "castles.choose_reward":
            raise ValueError(f"type must match const 'castles.choose_reward', got '{type_}'")

        castles_choose_reward = cls(
            reward=reward,
            room=room,
            type_=type_,
        )

        return castles_choose_reward
