from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LeaderboardRow")


@_attrs_define
class LeaderboardRow:
    """
    Attributes:
        games (int):
        mu (float):
        name (str):
        ordinal (float):
        player_id (UUID):
        rank (int):
        sigma (float):
    """

    games: int
    mu: float
    name: str
    ordinal: float
    player_id: UUID
    rank: int
    sigma: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        mu = self.mu

        name = self.name

        ordinal = self.ordinal

        player_id = str(self.player_id)

        rank = self.rank

        sigma = self.sigma

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games": games,
                "mu": mu,
                "name": name,
                "ordinal": ordinal,
                "player_id": player_id,
                "rank": rank,
                "sigma": sigma,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games = d.pop("games")

        mu = d.pop("mu")

        name = d.pop("name")

        ordinal = d.pop("ordinal")

        player_id = UUID(d.pop("player_id"))

        rank = d.pop("rank")

        sigma = d.pop("sigma")

        leaderboard_row = cls(
            games=games,
            mu=mu,
            name=name,
            ordinal=ordinal,
            player_id=player_id,
            rank=rank,
            sigma=sigma,
        )

        leaderboard_row.additional_properties = d
        return leaderboard_row

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
