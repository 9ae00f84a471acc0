from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentPlayerView")


@_attrs_define
class TournamentPlayerView:
    """
    Attributes:
        current_game (None | str):
        current_table (None | str):
        name (str):
        player_id (int):
        rating (int):
        status (str):
    """

    current_game: None | str
    current_table: None | str
    name: str
    player_id: int
    rating: int
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current_game: None | str
        current_game = self.current_game

        current_table: None | str
        current_table = self.current_table

        name = self.name

        player_id = self.player_id

        rating = self.rating

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "current_game": current_game,
                "current_table": current_table,
                "name": name,
                "player_id": player_id,
                "rating": rating,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_current_game(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        current_game = _parse_current_game(d.pop("current_game"))

        def _parse_current_table(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        current_table = _parse_current_table(d.pop("current_table"))

        name = d.pop("name")

        player_id = d.pop("player_id")

        rating = d.pop("rating")

        status = d.pop("status")

        tournament_player_view = cls(
            current_game=current_game,
            current_table=current_table,
            name=name,
            player_id=player_id,
            rating=rating,
            status=status,
        )

        tournament_player_view.additional_properties = d
        return tournament_player_view

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
