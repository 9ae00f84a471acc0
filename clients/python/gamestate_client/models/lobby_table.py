from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_slug import GameSlug
from ..models.game_status import GameStatus

if TYPE_CHECKING:
    from ..models.lobby_seat import LobbySeat


T = TypeVar("T", bound="LobbyTable")


@_attrs_define
class LobbyTable:
    """
    Attributes:
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        game (GameSlug):
        id (UUID):
        open_seats (list[int]):
        rematch_of (None | UUID):
        seats (list[LobbySeat]):
        status (GameStatus):
        version (int):
    """

    created_at: datetime.datetime
    expires_at: datetime.datetime
    game: GameSlug
    id: UUID
    open_seats: list[int]
    rematch_of: None | UUID
    seats: list[LobbySeat]
    status: GameStatus
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        game = self.game.value

        id = str(self.id)

        open_seats = self.open_seats

        rematch_of: None | str
        if isinstance(self.rematch_of, UUID):
            rematch_of = str(self.rematch_of)
        else:
            rematch_of = self.rematch_of

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        status = self.status.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "expires_at": expires_at,
                "game": game,
                "id": id,
                "open_seats": open_seats,
                "rematch_of": rematch_of,
                "seats": seats,
                "status": status,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lobby_seat import LobbySeat  # noqa: PLC0415

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        game = GameSlug(d.pop("game"))

        id = UUID(d.pop("id"))

        open_seats = cast(list[int], d.pop("open_seats"))

        def _parse_rematch_of(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rematch_of_type_0 = UUID(data)

                return rematch_of_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        rematch_of = _parse_rematch_of(d.pop("rematch_of"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = LobbySeat.from_dict(seats_item_data)

            seats.append(seats_item)

        status = GameStatus(d.pop("status"))

        version = d.pop("version")

        lobby_table = cls(
            created_at=created_at,
            expires_at=expires_at,
            game=game,
            id=id,
            open_seats=open_seats,
            rematch_of=rematch_of,
            seats=seats,
            status=status,
            version=version,
        )

        lobby_table.additional_properties = d
        return lobby_table

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
