from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayerTokenRotated")


@_attrs_define
class PlayerTokenRotated:
    """
    Attributes:
        id (UUID):
        rotated_at (datetime.datetime):
        token (str): `gsp_` and 43 URL-safe characters; shown once
    """

    id: UUID
    rotated_at: datetime.datetime
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        rotated_at = self.rotated_at.isoformat()

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "rotated_at": rotated_at,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        rotated_at = datetime.datetime.fromisoformat(d.pop("rotated_at"))

        token = d.pop("token")

        player_token_rotated = cls(
            id=id,
            rotated_at=rotated_at,
            token=token,
        )

        player_token_rotated.additional_properties = d
        return player_token_rotated

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
