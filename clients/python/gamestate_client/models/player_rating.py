from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayerRating")


@_attrs_define
class PlayerRating:
    """
    Attributes:
        game (str):
        games (int):
        last_game (UUID):
        mu (float):
        ordinal (float):
        sigma (float):
    """

    game: str
    games: int
    last_game: UUID
    mu: float
    ordinal: float
    sigma: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        games = self.games

        last_game = str(self.last_game)

        mu = self.mu

        ordinal = self.ordinal

        sigma = self.sigma

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "games": games,
                "last_game": last_game,
                "mu": mu,
                "ordinal": ordinal,
                "sigma": sigma,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = d.pop("game")

        games = d.pop("games")

        last_game = UUID(d.pop("last_game"))

        mu = d.pop("mu")

        ordinal = d.pop("ordinal")

        sigma = d.pop("sigma")

        player_rating = cls(
            game=game,
            games=games,
            last_game=last_game,
            mu=mu,
            ordinal=ordinal,
            sigma=sigma,
        )

        player_rating.additional_properties = d
        return player_rating

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
