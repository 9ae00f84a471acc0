from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.castles_placed import CastlesPlaced


T = TypeVar("T", bound="CastlesSeatView")


@_attrs_define
class CastlesSeatView:
    """
    Attributes:
        castle (list[CastlesPlaced]):
        downstairs_completed (int):
        hand (list[int]):
        hand_count (int):
        money (int):
        score (int):
    """

    castle: list[CastlesPlaced]
    downstairs_completed: int
    hand: list[int]
    hand_count: int
    money: int
    score: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        castle = []
        for castle_item_data in self.castle:
            castle_item = castle_item_data.to_dict()
            castle.append(castle_item)

        downstairs_completed = self.downstairs_completed

        hand = self.hand

        hand_count = self.hand_count

        money = self.money

        score = self.score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "castle": castle,
                "downstairs_completed": downstairs_completed,
                "hand": hand,
                "hand_count": hand_count,
                "money": money,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.castles_placed import CastlesPlaced  # noqa: PLC0415

        d = dict(src_dict)
        castle = []
        _castle = d.pop("castle")
        for castle_item_data in _castle:
            castle_item = CastlesPlaced.from_dict(castle_item_data)

            castle.append(castle_item)

        downstairs_completed = d.pop("downstairs_completed")

        hand = cast(list[int], d.pop("hand"))

        hand_count = d.pop("hand_count")

        money = d.pop("money")

        score = d.pop("score")

        castles_seat_view = cls(
            castle=castle,
            downstairs_completed=downstairs_completed,
            hand=hand,
            hand_count=hand_count,
            money=money,
            score=score,
        )

        castles_seat_view.additional_properties = d
        return castles_seat_view

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
