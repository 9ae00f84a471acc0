from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeartsTrickTaken")


@_attrs_define
class HeartsTrickTaken:
    """
    Attributes:
        cards (list[str]):
        points (int):
        seat (int):
        trick (int):
        type_ (Literal['hearts.trick_taken']):
    """

    cards: list[str]
    points: int
    seat: int
    trick: int
    type_: Literal["hearts.trick_taken"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        points = self.points

        seat = self.seat

        trick = self.trick

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards": cards,
                "points": points,
                "seat": seat,
                "trick": trick,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        points = d.pop("points")

        seat = d.pop("seat")

        trick = d.pop("trick")

        type_ = cast(Literal["hearts.trick_taken"], d.pop("type"))
        if type_ != "hearts.trick_taken":
            raise ValueError(f"type must match const 'hearts.trick_taken', got '{type_}'")

        hearts_trick_taken = cls(
            cards=cards,
            points=points,
            seat=seat,
            trick=trick,
            type_=type_,
        )

        hearts_trick_taken.additional_properties = d
        return hearts_trick_taken

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
