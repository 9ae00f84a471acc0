from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeartsCardsPassed")


@_attrs_define
class HeartsCardsPassed:
    """
    Attributes:
        cards (list[str]):
        seat (int):
        to_seat (int):
        type_ (Literal['hearts.cards_passed']):
    """

    cards: list[str]
    seat: int
    to_seat: int
    type_: Literal["hearts.cards_passed"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        seat = self.seat

        to_seat = self.to_seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards": cards,
                "seat": seat,
                "to_seat": to_seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        seat = d.pop("seat")

        to_seat = d.pop("to_seat")

        type_ = cast(Literal["hearts.cards_passed"], d.pop("type"))
        if type_ != "hearts.cards_passed":
            raise ValueError(f"type must match const 'hearts.cards_passed', got '{type_}'")

        hearts_cards_passed = cls(
            cards=cards,
            seat=seat,
            to_seat=to_seat,
            type_=type_,
        )

        hearts_cards_passed.additional_properties = d
        return hearts_cards_passed

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
