from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SplendorCardReserved")


@_attrs_define
class SplendorCardReserved:
    """
    Attributes:
        card (int | None):
        gold (int):
        level (int):
        replacement (int | None):
        seat (int):
        slot (int | None):
        type_ (Literal['splendor.card_reserved']):
    """

    card: int | None
    gold: int
    level: int
    replacement: int | None
    seat: int
    slot: int | None
    type_: Literal["splendor.card_reserved"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card: int | None
        card = self.card

        gold = self.gold

        level = self.level

        replacement: int | None
        replacement = self.replacement

        seat = self.seat

        slot: int | None
        slot = self.slot

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "gold": gold,
                "level": level,
                "replacement": replacement,
                "seat": seat,
                "slot": slot,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_card(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        card = _parse_card(d.pop("card"))

        gold = d.pop("gold")

        level = d.pop("level")

        def _parse_replacement(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        replacement = _parse_replacement(d.pop("replacement"))

        seat = d.pop("seat")

        def _parse_slot(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        slot = _parse_slot(d.pop("slot"))

        type_ = cast(Literal["splendor.card_reserved"], d.pop("type"))
        if type_ != "splendor.card_reserved":
            raise ValueError(f"type must match const 'splendor.card_reserved', got '{type_}'")

        splendor_card_reserved = cls(
            card=card,
            gold=gold,
            level=level,
            replacement=replacement,
            seat=seat,
            slot=slot,
            type_=type_,
        )

        splendor_card_reserved.additional_properties = d
        return splendor_card_reserved

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
