from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.splendor_reserved_view import SplendorReservedView


T = TypeVar("T", bound="SplendorSeatView")


@_attrs_define
class SplendorSeatView:
    """
    Attributes:
        bonuses (list[int]):
        cards (list[int]):
        nobles (list[int]):
        points (int):
        reserved (list[SplendorReservedView]):
        seat (int):
        tokens (list[int]):
    """

    bonuses: list[int]
    cards: list[int]
    nobles: list[int]
    points: int
    reserved: list[SplendorReservedView]
    seat: int
    tokens: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bonuses = self.bonuses

        cards = self.cards

        nobles = self.nobles

        points = self.points

        reserved = []
        for reserved_item_data in self.reserved:
            reserved_item = reserved_item_data.to_dict()
            reserved.append(reserved_item)

        seat = self.seat

        tokens = self.tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bonuses": bonuses,
                "cards": cards,
                "nobles": nobles,
                "points": points,
                "reserved": reserved,
                "seat": seat,
                "tokens": tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.splendor_reserved_view import SplendorReservedView  # noqa: PLC0415

        d = dict(src_dict)
        bonuses = cast(list[int], d.pop("bonuses"))

        cards = cast(list[int], d.pop("cards"))

        nobles = cast(list[int], d.pop("nobles"))

        points = d.pop("points")

        reserved = []
        _reserved = d.pop("reserved")
        for reserved_item_data in _reserved:
            reserved_item = SplendorReservedView.from_dict(reserved_item_data)

            reserved.append(reserved_item)

        seat = d.pop("seat")

        tokens = cast(list[int], d.pop("tokens"))

        splendor_seat_view = cls(
            bonuses=bonuses,
            cards=cards,
            nobles=nobles,
            points=points,
            reserved=reserved,
            seat=seat,
            tokens=tokens,
        )

        splendor_seat_view.additional_properties = d
        return splendor_seat_view

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
