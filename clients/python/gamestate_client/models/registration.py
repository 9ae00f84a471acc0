from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Registration")


@_attrs_define
class Registration:
    """
    Attributes:
        name (str):
        player_id (int):
        token (str):
        tournament_id (UUID):
    """

    name: str
    player_id: int
    token: str
    tournament_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        player_id = self.player_id

        token = self.token

        tournament_id = str(self.tournament_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "player_id": player_id,
                "token": token,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        player_id = d.pop("player_id")

        token = d.pop("token")

        tournament_id = UUID(d.pop("tournament_id"))

        registration = cls(
            name=name,
            player_id=player_id,
            token=token,
            tournament_id=tournament_id,
        )

        registration.additional_properties = d
        return registration

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
