from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentStandingRow")


@_attrs_define
class TournamentStandingRow:
    """
    Attributes:
        byes (int):  Default: 0.
        draws (int):  Default: 0.
        game_points (int):  Default: 0.
        losses (int):  Default: 0.
        place (int):
        player_id (int):
        points (int):
        status (str):  Default: 'active'.
        tiebreaks (list[int]):
        wins (int):  Default: 0.
    """

    place: int
    player_id: int
    points: int
    tiebreaks: list[int]
    byes: int = 0
    draws: int = 0
    game_points: int = 0
    losses: int = 0
    status: str = "active"
    wins: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        byes = self.byes

        draws = self.draws

        game_points = self.game_points

        losses = self.losses

        place = self.place

        player_id = self.player_id

        points = self.points

        status = self.status

        tiebreaks = self.tiebreaks

        wins = self.wins

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "byes": byes,
                "draws": draws,
                "game_points": game_points,
                "losses": losses,
                "place": place,
                "player_id": player_id,
                "points": points,
                "status": status,
                "tiebreaks": tiebreaks,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        byes = d.pop("byes")

        draws = d.pop("draws")

        game_points = d.pop("game_points")

        losses = d.pop("losses")

        place = d.pop("place")

        player_id = d.pop("player_id")

        points = d.pop("points")

        status = d.pop("status")

        tiebreaks = cast(list[int], d.pop("tiebreaks"))

        wins = d.pop("wins")

        tournament_standing_row = cls(
            byes=byes,
            draws=draws,
            game_points=game_points,
            losses=losses,
            place=place,
            player_id=player_id,
            points=points,
            status=status,
            tiebreaks=tiebreaks,
            wins=wins,
        )

        tournament_standing_row.additional_properties = d
        return tournament_standing_row

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
