from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MySeat")


@_attrs_define
class MySeat:
    """
    Attributes:
        game_id (None | UUID):
        name (str):
        player_id (int):
        round_ (int | None):
        seat (int | None):
        seat_token (None | str):
        status (str):
        table_id (None | str):
        tournament_id (UUID):
    """

    game_id: None | UUID
    name: str
    player_id: int
    round_: int | None
    seat: int | None
    seat_token: None | str
    status: str
    table_id: None | str
    tournament_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id: None | str
        if isinstance(self.game_id, UUID):
            game_id = str(self.game_id)
        else:
            game_id = self.game_id

        name = self.name

        player_id = self.player_id

        round_: int | None
        round_ = self.round_

        seat: int | None
        seat = self.seat

        seat_token: None | str
        seat_token = self.seat_token

        status = self.status

        table_id: None | str
        table_id = self.table_id

        tournament_id = str(self.tournament_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "name": name,
                "player_id": player_id,
                "round": round_,
                "seat": seat,
                "seat_token": seat_token,
                "status": status,
                "table_id": table_id,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_game_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                game_id_type_0 = UUID(data)

                return game_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        game_id = _parse_game_id(d.pop("game_id"))

        name = d.pop("name")

        player_id = d.pop("player_id")

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_seat_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seat_token = _parse_seat_token(d.pop("seat_token"))

        status = d.pop("status")

        def _parse_table_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        table_id = _parse_table_id(d.pop("table_id"))

        tournament_id = UUID(d.pop("tournament_id"))

        my_seat = cls(
            game_id=game_id,
            name=name,
            player_id=player_id,
            round_=round_,
            seat=seat,
            seat_token=seat_token,
            status=status,
            table_id=table_id,
            tournament_id=tournament_id,
        )

        my_seat.additional_properties = d
        return my_seat

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
