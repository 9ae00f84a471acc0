from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsDevelopmentCard")


@_attrs_define
class ThreeKingdomsDevelopmentCard:
    """
    Attributes:
        deck (str):
        gold (int):
        id (str):
        name (str):
        provisional (bool):
        rice (int):
        text (str):
        vp (int):
    """

    deck: str
    gold: int
    id: str
    name: str
    provisional: bool
    rice: int
    text: str
    vp: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deck = self.deck

        gold = self.gold

        id = self.id

        name = self.name

        provisional = self.provisional

        rice = self.rice

        text = self.text

        vp = self.vp

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deck": deck,
                "gold": gold,
                "id": id,
                "name": name,
                "provisional": provisional,
                "rice": rice,
                "text": text,
                "vp": vp,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deck = d.pop("deck")

        gold = d.pop("gold")

        id = d.pop("id")

        name = d.pop("name")

        provisional = d.pop("provisional")

        rice = d.pop("rice")

        text = d.pop("text")

        vp = d.pop("vp")

        three_kingdoms_development_card = cls(
            deck=deck,
            gold=gold,
            id=id,
            name=name,
            provisional=provisional,
            rice=rice,
            text=text,
            vp=vp,
        )

        three_kingdoms_development_card.additional_properties = d
        return three_kingdoms_development_card

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
