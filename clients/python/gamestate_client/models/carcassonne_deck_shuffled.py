from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CarcassonneDeckShuffled")


@_attrs_define
class CarcassonneDeckShuffled:
    """
    Attributes:
        tiles (list[str]):
        type_ (Literal['carcassonne.deck_shuffled']):
    """

    tiles: list[str]
    type_: Literal["carcassonne.deck_shuffled"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tiles = self.tiles

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tiles": tiles,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tiles = cast(list[str], d.pop("tiles"))

        type_ = cast(Literal["carcassonne.deck_shuffled"], d.pop("type"))
        if type_ != "carcassonne.deck_shuffled":
            raise ValueError(f"type must match const 'carcassonne.deck_shuffled', got '{type_}'")

        carcassonne_deck_shuffled = cls(
            tiles=tiles,
            type_=type_,
        )

        carcassonne_deck_shuffled.additional_properties = d
        return carcassonne_deck_shuffled

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
