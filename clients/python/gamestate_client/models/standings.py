from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tournament_status import TournamentStatus

if TYPE_CHECKING:
    from ..models.named_standing_row import NamedStandingRow


T = TypeVar("T", bound="Standings")


@_attrs_define
class Standings:
    """
    Attributes:
        ranking (list[NamedStandingRow]):
        standings (list[NamedStandingRow]):
        status (TournamentStatus):
        version (int):
    """

    ranking: list[NamedStandingRow]
    standings: list[NamedStandingRow]
    status: TournamentStatus
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ranking = []
        for ranking_item_data in self.ranking:
            ranking_item = ranking_item_data.to_dict()
            ranking.append(ranking_item)

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        status = self.status.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ranking": ranking,
                "standings": standings,
                "status": status,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.named_standing_row import NamedStandingRow  # noqa: PLC0415

        d = dict(src_dict)
        ranking = []
        _ranking = d.pop("ranking")
        for ranking_item_data in _ranking:
            ranking_item = NamedStandingRow.from_dict(ranking_item_data)

            ranking.append(ranking_item)

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = NamedStandingRow.from_dict(standings_item_data)

            standings.append(standings_item)

        status = TournamentStatus(d.pop("status"))

        version = d.pop("version")

        standings = cls(
            ranking=ranking,
            standings=standings,
            status=status,
            version=version,
        )

        standings.additional_properties = d
        return standings

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
