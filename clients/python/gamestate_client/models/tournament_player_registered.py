from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentPlayerRegistered")


@_attrs_define
class TournamentPlayerRegistered:
    """
    Attributes:
        name (str):
        player_id (int):
        rating (int):  Default: 0.
        type_ (Literal['tournament.player_registered']):
    """

    name: str
    player_id: int
    type_: Literal["tournament.player_registered"]
    rating: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        player_id = self.player_id

        rating = self.rating

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "player_id": player_id,
                "rating": rating,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        player_id = d.pop("player_id")

        rating = d.pop("rating")

        type_ = cast(Literal["tournament.player_registered"], d.pop("type"))
        if type_ != "tournament.player_registered":
            raise ValueError(f"type must match const 'tournament.player_registered', got '{type_}'")

        tournament_player_registered = cls(
            name=name,
            player_id=player_id,
            rating=rating,
            type_=type_,
        )

        tournament_player_registered.additional_properties = d
        return tournament_player_registered

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
