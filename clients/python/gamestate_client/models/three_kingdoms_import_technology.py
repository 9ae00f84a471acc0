from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ThreeKingdomsImportTechnology")


@_attrs_define
class ThreeKingdomsImportTechnology:
    """
    Attributes:
        deck (str): An id from the content pack
        type_ (Literal['three_kingdoms.import_technology']):
    """

    deck: str
    type_: Literal["three_kingdoms.import_technology"]

    def to_dict(self) -> dict[str, Any]:
        deck = self.deck

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deck": deck,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deck = d.pop("deck")

        type_ = cast(Literal["three_kingdoms.import_technology"], d.pop("type"))
        if type_ != "three_kingdoms.import_technology":
            raise ValueError(f"type must match const 'three_kingdoms.import_technology', got '{type_}'")

        three_kingdoms_import_technology = cls(
            deck=deck,
            type_=type_,
        )

        return three_kingdoms_import_technology
