from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_slug import GameSlug
from ..models.ticket_status import TicketStatus

T = TypeVar("T", bound="Ticket")


@_attrs_define
class Ticket:
    """
    Attributes:
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        game (GameSlug):
        game_id (None | UUID):
        id (UUID):
        players (int):
        rating (float):
        seat (int | None):
        status (TicketStatus):
        window (float):
    """

    created_at: datetime.datetime
    expires_at: datetime.datetime
    game: GameSlug
    game_id: None | UUID
    id: UUID
    players: int
    rating: float
    seat: int | None
    status: TicketStatus
    window: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        game = self.game.value

        game_id: None | str
        if isinstance(self.game_id, UUID):
            game_id = str(self.game_id)
        else:
            game_id = self.game_id

        id = str(self.id)

        players = self.players

        rating = self.rating

        seat: int | None
        seat = self.seat

        status = self.status.value

        window = self.window

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "expires_at": expires_at,
                "game": game,
                "game_id": game_id,
                "id": id,
                "players": players,
                "rating": rating,
                "seat": seat,
                "status": status,
                "window": window,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        game = GameSlug(d.pop("game"))

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

        id = UUID(d.pop("id"))

        players = d.pop("players")

        rating = d.pop("rating")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        status = TicketStatus(d.pop("status"))

        window = d.pop("window")

        ticket = cls(
            created_at=created_at,
            expires_at=expires_at,
            game=game,
            game_id=game_id,
            id=id,
            players=players,
            rating=rating,
            seat=seat,
            status=status,
            window=window,
        )

        ticket.additional_properties = d
        return ticket

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
