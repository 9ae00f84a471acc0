from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeartsCardPlayed")


@_attrs_define
class HeartsCardPlayed:
    """
    Attributes:
        breaks_hearts (bool):  Default: False.
        card (str):
        next_seat (int | None):
        seat (int):
        type_ (Literal['hearts.card_played']):
    """

    card: str
    next_seat: int | None
    seat: int
    type_: Literal["hearts.card_played"]
    breaks_hearts: bool = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        breaks_hearts = self.breaks_hearts

        card = self.card

        next_seat: int | None
        next_seat = self.next_seat

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "breaks_hearts": breaks_hearts,
                "card": card,
                "next_seat": next_seat,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        breaks_hearts = d.pop("breaks_hearts")

        card = d.pop("card")

        def _parse_next_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_seat = _parse_next_seat(d.pop("next_seat"))

        seat = d.pop("seat")

        type_ = cast(Literal["hearts.card_played"], d.pop("type"))
        if type_ != "hearts.card_played":
            raise ValueError(f"type must match const 'hearts.card_played', got '{type_}'")

        hearts_card_played = cls(
            breaks_hearts=breaks_hearts,
            card=card,
            next_seat=next_seat,
            seat=seat,
            type_=type_,
        )

        hearts_card_played.additional_properties = d
        return hearts_card_played

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
