from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsGeneralCard")


@_attrs_define
class ThreeKingdomsGeneralCard:
    """
    Attributes:
        administration (int):
        combat (int):
        id (str):
        kingdom (str):
        leadership (int):
        name (str):
        provisional (bool):
        skill (str):
        specialty (str):
        text (str):
    """

    administration: int
    combat: int
    id: str
    kingdom: str
    leadership: int
    name: str
    provisional: bool
    skill: str
    specialty: str
    text: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        administration = self.administration

        combat = self.combat

        id = self.id

        kingdom = self.kingdom

        leadership = self.leadership

        name = self.name

        provisional = self.provisional

        skill = self.skill

        specialty = self.specialty

        text = self.text

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "administration": administration,
                "combat": combat,
                "id": id,
                "kingdom": kingdom,
                "leadership": leadership,
                "name": name,
                "provisional": provisional,
                "skill": skill,
                "specialty": specialty,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        administration = d.pop("administration")

        combat = d.pop("combat")

        id = d.pop("id")

        kingdom = d.pop("kingdom")

        leadership = d.pop("leadership")

        name = d.pop("name")

        provisional = d.pop("provisional")

        skill = d.pop("skill")

        specialty = d.pop("specialty")

        text = d.pop("text")

        three_kingdoms_general_card = cls(
            administration=administration,
            combat=combat,
            id=id,
            kingdom=kingdom,
            leadership=leadership,
            name=name,
            provisional=provisional,
            skill=skill,
            specialty=specialty,
            text=text,
        )

        three_kingdoms_general_card.additional_properties = d
        return three_kingdoms_general_card

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
