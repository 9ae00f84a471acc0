from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayerGame")


@_attrs_define
class PlayerGame:
    """
    Attributes:
        created_at (datetime.datetime):
        game (str):
        game_id (UUID):
        ordinal (float | None):
        place (int | None):
        rated (bool | None):
        seat (int):
        status (str):
        to_act (bool):
    """

    created_at: datetime.datetime
    game: str
    game_id: UUID
    ordinal: float | None
    place: int | None
    rated: bool | None
    seat: int
    status: str
    to_act: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        game = self.game

        game_id = str(self.game_id)

        ordinal: float | None
        ordinal = self.ordinal

        place: int | None
        place = self.place

        rated: bool | None
        rated = self.rated

        seat = self.seat

        status = self.status

        to_act = self.to_act

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "game": game,
                "game_id": game_id,
                "ordinal": ordinal,
                "place": place,
                "rated": rated,
                "seat": seat,
                "status": status,
                "to_act": to_act,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        game = d.pop("game")

        game_id = UUID(d.pop("game_id"))

        def _parse_ordinal(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ordinal = _parse_ordinal(d.pop("ordinal"))

        def _parse_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        place = _parse_place(d.pop("place"))

        def _parse_rated(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        rated = _parse_rated(d.pop("rated"))

        seat = d.pop("seat")

        status = d.pop("status")

        to_act = d.pop("to_act")

        player_game = cls(
            created_at=created_at,
            game=game,
            game_id=game_id,
            ordinal=ordinal,
            place=place,
            rated=rated,
            seat=seat,
            status=status,
            to_act=to_act,
        )

        player_game.additional_properties = d
        return player_game

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
