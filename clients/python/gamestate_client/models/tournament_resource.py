from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_slug import GameSlug

if TYPE_CHECKING:
    from ..models.tournament_view import TournamentView


T = TypeVar("T", bound="TournamentResource")


@_attrs_define
class TournamentResource:
    """
    Attributes:
        created_at (datetime.datetime):
        game (GameSlug):
        id (UUID):
        updated_at (datetime.datetime):
        version (int):
        view (TournamentView):
    """

    created_at: datetime.datetime
    game: GameSlug
    id: UUID
    updated_at: datetime.datetime
    version: int
    view: TournamentView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        game = self.game.value

        id = str(self.id)

        updated_at = self.updated_at.isoformat()

        version = self.version

        view = self.view.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "game": game,
                "id": id,
                "updated_at": updated_at,
                "version": version,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_view import TournamentView  # noqa: PLC0415

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        game = GameSlug(d.pop("game"))

        id = UUID(d.pop("id"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        view = TournamentView.from_dict(d.pop("view"))

        tournament_resource = cls(
            created_at=created_at,
            game=game,
            id=id,
            updated_at=updated_at,
            version=version,
            view=view,
        )

        tournament_resource.additional_properties = d
        return tournament_resource

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
