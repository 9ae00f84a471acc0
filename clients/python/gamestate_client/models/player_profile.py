from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_game import PlayerGame
    from ..models.player_rating import PlayerRating


T = TypeVar("T", bound="PlayerProfile")


@_attrs_define
class PlayerProfile:
    """
    Attributes:
        created_at (datetime.datetime):
        id (UUID):
        name (str):
        ratings (list[PlayerRating]):
        recent_games (list[PlayerGame]):
        revoked (bool):
    """

    created_at: datetime.datetime
    id: UUID
    name: str
    ratings: list[PlayerRating]
    recent_games: list[PlayerGame]
    revoked: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        id = str(self.id)

        name = self.name

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)

        recent_games = []
        for recent_games_item_data in self.recent_games:
            recent_games_item = recent_games_item_data.to_dict()
            recent_games.append(recent_games_item)

        revoked = self.revoked

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "name": name,
                "ratings": ratings,
                "recent_games": recent_games,
                "revoked": revoked,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_game import PlayerGame  # noqa: PLC0415
        from ..models.player_rating import PlayerRating  # noqa: PLC0415

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = UUID(d.pop("id"))

        name = d.pop("name")

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in _ratings:
            ratings_item = PlayerRating.from_dict(ratings_item_data)

            ratings.append(ratings_item)

        recent_games = []
        _recent_games = d.pop("recent_games")
        for recent_games_item_data in _recent_games:
            recent_games_item = PlayerGame.from_dict(recent_games_item_data)

            recent_games.append(recent_games_item)

        revoked = d.pop("revoked")

        player_profile = cls(
            created_at=created_at,
            id=id,
            name=name,
            ratings=ratings,
            recent_games=recent_games,
            revoked=revoked,
        )

        player_profile.additional_properties = d
        return player_profile

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
