from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SplendorCardBought")


@_attrs_define
class SplendorCardBought:
    """
    Attributes:
        bonus (str):
        card (int):
        index (int | None):
        level (int):
        paid (list[int]):
        points (int):
        replacement (int | None):
        seat (int):
        slot (int | None):
        type_ (Literal['splendor.card_bought']):
    """

    bonus: str
    card: int
    index: int | None
    level: int
    paid: list[int]
    points: int
    replacement: int | None
    seat: int
    slot: int | None
    type_: Literal["splendor.card_bought"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bonus = self.bonus

        card = self.card

        index: int | None
        index = self.index

        level = self.level

        paid = self.paid

        points = self.points

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
                "bonus": bonus,
                "card": card,
                "index": index,
                "level": level,
                "paid": paid,
                "points": points,
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
        bonus = d.pop("bonus")

        card = d.pop("card")

        def _parse_index(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        index = _parse_index(d.pop("index"))

        level = d.pop("level")

        paid = cast(list[int], d.pop("paid"))

        points = d.pop("points")

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

        type_ = cast(Literal["splendor.card_bought"], d.pop("type"))
        if type_ != "splendor.card_bought":
            raise ValueError(f"type must match const 'splendor.card_bought', got '{type_}'")

        splendor_card_bought = cls(
            bonus=bonus,
            card=card,
            index=index,
            level=level,
            paid=paid,
            points=points,
            replacement=replacement,
            seat=seat,
            slot=slot,
            type_=type_,
        )

        splendor_card_bought.additional_properties = d
        return splendor_card_bought

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
