from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.hearts_play import HeartsPlay


T = TypeVar("T", bound="HeartsTrick")


@_attrs_define
class HeartsTrick:
    """
    Attributes:
        leader (int):
        plays (list[HeartsPlay]):
        points (int):
        winner (int):
    """

    leader: int
    plays: list[HeartsPlay]
    points: int
    winner: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        leader = self.leader

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        points = self.points

        winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "leader": leader,
                "plays": plays,
                "points": points,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hearts_play import HeartsPlay  # noqa: PLC0415

        d = dict(src_dict)
        leader = d.pop("leader")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = HeartsPlay.from_dict(plays_item_data)

            plays.append(plays_item)

        points = d.pop("points")

        winner = d.pop("winner")

        hearts_trick = cls(
            leader=leader,
            plays=plays,
            points=points,
            winner=winner,
        )

        hearts_trick.additional_properties = d
        return hearts_trick

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
