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
    from ..models.seat_credential import SeatCredential


T = TypeVar("T", bound="GameCreated")


@_attrs_define
class GameCreated:
    """
    Attributes:
        expires_at (datetime.datetime | None):
        game (GameSlug):
        id (UUID):
        open_seats (list[int]):
        rules_version (str):
        seats (list[SeatCredential]):
        seed_commitment (str):
        status (GameStatus):
        version (int):
    """

    expires_at: datetime.datetime | None
    game: GameSlug
    id: UUID
    open_seats: list[int]
    rules_version: str
    seats: list[SeatCredential]
    seed_commitment: str
    status: GameStatus
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        game = self.game.value

        id = str(self.id)

        open_seats = self.open_seats

        rules_version = self.rules_version

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        seed_commitment = self.seed_commitment

        status = self.status.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "expires_at": expires_at,
                "game": game,
                "id": id,
                "open_seats": open_seats,
                "rules_version": rules_version,
                "seats": seats,
                "seed_commitment": seed_commitment,
                "status": status,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_credential import SeatCredential  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        game = GameSlug(d.pop("game"))

        id = UUID(d.pop("id"))

        open_seats = cast(list[int], d.pop("open_seats"))

        rules_version = d.pop("rules_version")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatCredential.from_dict(seats_item_data)

            seats.append(seats_item)

        seed_commitment = d.pop("seed_commitment")

        status = GameStatus(d.pop("status"))

        version = d.pop("version")

        game_created = cls(
            expires_at=expires_at,
            game=game,
            id=id,
            open_seats=open_seats,
            rules_version=rules_version,
            seats=seats,
            seed_commitment=seed_commitment,
            status=status,
            version=version,
        )

        game_created.additional_properties = d
        return game_created

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
