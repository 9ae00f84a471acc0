from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_standing_row import TournamentStandingRow


T = TypeVar("T", bound="TournamentRankingRevised")


@_attrs_define
class TournamentRankingRevised:
    """
    Attributes:
        ranking (list[TournamentStandingRow]):
        type_ (Literal['tournament.ranking_revised']):
    """

    ranking: list[TournamentStandingRow]
    type_: Literal["tournament.ranking_revised"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ranking = []
        for ranking_item_data in self.ranking:
            ranking_item = ranking_item_data.to_dict()
            ranking.append(ranking_item)

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ranking": ranking,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_standing_row import TournamentStandingRow  # noqa: PLC0415

        d = dict(src_dict)
        ranking = []
        _ranking = d.pop("ranking")
        for ranking_item_data in _ranking:
            ranking_item = TournamentStandingRow.from_dict(ranking_item_data)

            ranking.append(ranking_item)

        type_ = cast(Literal["tournament.ranking_revised"], d.pop("type"))
        if type_ != "tournament.ranking_revised":
            raise ValueError(f"type must match const 'tournament.ranking_revised', got '{type_}'")

        tournament_ranking_revised = cls(
            ranking=ranking,
            type_=type_,
        )

        tournament_ranking_revised.additional_properties = d
        return tournament_ranking_revised

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
