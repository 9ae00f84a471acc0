from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status import GameStatus

T = TypeVar("T", bound="Rematch")


@_attrs_define
class Rematch:
    """
    Attributes:
        id (UUID):
        rematch_of (UUID):
        seat (int):
        status (GameStatus):
        token (None | str):
        version (int):
    """

    id: UUID
    rematch_of: UUID
    seat: int
    status: GameStatus
    token: None | str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        rematch_of = str(self.rematch_of)

        seat = self.seat

        status = self.status.value

        token: None | str
        token = self.token

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "rematch_of": rematch_of,
                "seat": seat,
                "status": status,
                "token": token,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        rematch_of = UUID(d.pop("rematch_of"))

        seat = d.pop("seat")

        status = GameStatus(d.pop("status"))

        def _parse_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token = _parse_token(d.pop("token"))

        version = d.pop("version")

        rematch = cls(
            id=id,
            rematch_of=rematch_of,
            seat=seat,
            status=status,
            token=token,
            version=version,
        )

        rematch.additional_properties = d
        return rematch

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
