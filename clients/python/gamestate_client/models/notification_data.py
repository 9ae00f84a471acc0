from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_data_kind import NotificationDataKind

T = TypeVar("T", bound="NotificationData")


@_attrs_define
class NotificationData:
    """
    Attributes:
        game (str):
        game_id (UUID):
        id (int):
        kind (NotificationDataKind):
        player_id (None | UUID):
        seat (int | None):
        table_id (None | str):
        to_act (list[int]):
        tournament_id (None | UUID):
        version (int):
    """

    game: str
    game_id: UUID
    id: int
    kind: NotificationDataKind
    player_id: None | UUID
    seat: int | None
    table_id: None | str
    to_act: list[int]
    tournament_id: None | UUID
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        game_id = str(self.game_id)

        id = self.id

        kind = self.kind.value

        player_id: None | str
        if isinstance(self.player_id, UUID):
            player_id = str(self.player_id)
        else:
            player_id = self.player_id

        seat: int | None
        seat = self.seat

        table_id: None | str
        table_id = self.table_id

        to_act = self.to_act

        tournament_id: None | str
        if isinstance(self.tournament_id, UUID):
            tournament_id = str(self.tournament_id)
        else:
            tournament_id = self.tournament_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "game_id": game_id,
                "id": id,
                "kind": kind,
                "player_id": player_id,
                "seat": seat,
                "table_id": table_id,
                "to_act": to_act,
                "tournament_id": tournament_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = d.pop("game")

        game_id = UUID(d.pop("game_id"))

        id = d.pop("id")

        kind = NotificationDataKind(d.pop("kind"))

        def _parse_player_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                player_id_type_0 = UUID(data)

                return player_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        player_id = _parse_player_id(d.pop("player_id"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_table_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        table_id = _parse_table_id(d.pop("table_id"))

        to_act = cast(list[int], d.pop("to_act"))

        def _parse_tournament_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tournament_id_type_0 = UUID(data)

                return tournament_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        tournament_id = _parse_tournament_id(d.pop("tournament_id"))

        version = d.pop("version")

        notification_data = cls(
            game=game,
            game_id=game_id,
            id=id,
            kind=kind,
            player_id=player_id,
            seat=seat,
            table_id=table_id,
            to_act=to_act,
            tournament_id=tournament_id,
            version=version,
        )

        notification_data.additional_properties = d
        return notification_data

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
