from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeartsHandDealt")


@_attrs_define
class HeartsHandDealt:
    """
    Attributes:
        direction (str):
        hand (int):
        hands (list[list[str]]):
        offset (int):
        type_ (Literal['hearts.hand_dealt']):
    """

    direction: str
    hand: int
    hands: list[list[str]]
    offset: int
    type_: Literal["hearts.hand_dealt"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        direction = self.direction

        hand = self.hand

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data

            hands.append(hands_item)

        offset = self.offset

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "direction": direction,
                "hand": hand,
                "hands": hands,
                "offset": offset,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        direction = d.pop("direction")

        hand = d.pop("hand")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)

        offset = d.pop("offset")

        type_ = cast(Literal["hearts.hand_dealt"], d.pop("type"))
        if type_ != "hearts.hand_dealt":
            raise ValueError(f"type must match const 'hearts.hand_dealt', got '{type_}'")

        hearts_hand_dealt = cls(
            direction=direction,
            hand=hand,
            hands=hands,
            offset=offset,
            type_=type_,
        )

        hearts_hand_dealt.additional_properties = d
        return hearts_hand_dealt

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
