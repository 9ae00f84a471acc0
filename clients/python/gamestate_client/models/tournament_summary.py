from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_slug import GameSlug
from ..models.tournament_format import TournamentFormat
from ..models.tournament_status import TournamentStatus

T = TypeVar("T", bound="TournamentSummary")


@_attrs_define
class TournamentSummary:
    """
    Attributes:
        created_at (datetime.datetime):
        format_ (TournamentFormat):
        game (GameSlug):
        id (UUID):
        name (str):
        status (TournamentStatus):
        updated_at (datetime.datetime):
        version (int):
    """

    created_at: datetime.datetime
    format_: TournamentFormat
    game: GameSlug
    id: UUID
    name: str
    status: TournamentStatus
    updated_at: datetime.datetime
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        format_ = self.format_.value

        game = self.game.value

        id = str(self.id)

        name = self.name

        status = self.status.value

        updated_at = self.updated_at.isoformat()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "format": format_,
                "game": game,
                "id": id,
                "name": name,
                "status": status,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        format_ = TournamentFormat(d.pop("format"))

        game = GameSlug(d.pop("game"))

        id = UUID(d.pop("id"))

        name = d.pop("name")

        status = TournamentStatus(d.pop("status"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        tournament_summary = cls(
            created_at=created_at,
            format_=format_,
            game=game,
            id=id,
            name=name,
            status=status,
            updated_at=updated_at,
            version=version,
        )

        tournament_summary.additional_properties = d
        return tournament_summary

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
