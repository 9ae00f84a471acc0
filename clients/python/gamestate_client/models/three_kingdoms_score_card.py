from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsScoreCard")


@_attrs_define
class ThreeKingdomsScoreCard:
    """
    Attributes:
        border_tokens (int):  Default: 0.
        borders (int):  Default: 0.
        deficits (int):  Default: 0.
        development (int):  Default: 0.
        developments (int):  Default: 0.
        gold_rice (int):  Default: 0.
        han_token (int):  Default: 0.
        military (int):  Default: 0.
        office (int):  Default: 0.
        office_rank (int):  Default: 0.
        seat (int):
        total (int):  Default: 0.
        tribe (int):  Default: 0.
        tribe_rank (int):  Default: 0.
    """

    seat: int
    border_tokens: int = 0
    borders: int = 0
    deficits: int = 0
    development: int = 0
    developments: int = 0
    gold_rice: int = 0
    han_token: int = 0
    military: int = 0
    office: int = 0
    office_rank: int = 0
    total: int = 0
    tribe: int = 0
    tribe_rank: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        border_tokens = self.border_tokens

        borders = self.borders

        deficits = self.deficits

        development = self.development

        developments = self.developments

        gold_rice = self.gold_rice

        han_token = self.han_token

        military = self.military

        office = self.office

        office_rank = self.office_rank

        seat = self.seat

        total = self.total

        tribe = self.tribe

        tribe_rank = self.tribe_rank

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "border_tokens": border_tokens,
                "borders": borders,
                "deficits": deficits,
                "development": development,
                "developments": developments,
                "gold_rice": gold_rice,
                "han_token": han_token,
                "military": military,
                "office": office,
                "office_rank": office_rank,
                "seat": seat,
                "total": total,
                "tribe": tribe,
                "tribe_rank": tribe_rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        border_tokens = d.pop("border_tokens")

        borders = d.pop("borders")

        deficits = d.pop("deficits")

        development = d.pop("development")

        developments = d.pop("developments")

        gold_rice = d.pop("gold_rice")

        han_token = d.pop("han_token")

        military = d.pop("military")

        office = d.pop("office")

        office_rank = d.pop("office_rank")

        seat = d.pop("seat")

        total = d.pop("total")

        tribe = d.pop("tribe")

        tribe_rank = d.pop("tribe_rank")

        three_kingdoms_score_card = cls(
            border_tokens=border_tokens,
            borders=borders,
            deficits=deficits,
            development=development,
            developments=developments,
            gold_rice=gold_rice,
            han_token=han_token,
            military=military,
            office=office,
            office_rank=office_rank,
            seat=seat,
            total=total,
            tribe=tribe,
            tribe_rank=tribe_rank,
        )

        three_kingdoms_score_card.additional_properties = d
        return three_kingdoms_score_card

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
