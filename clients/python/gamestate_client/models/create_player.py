from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreatePlayer")


@_attrs_define
class CreatePlayer:
    """
    Attributes:
        name (str): Display name; no control characters
        contact (None | str | Unset): How to reach the player (e.g. an HTTPS URL for webhooks); never shown to others
    """

    name: str
    contact: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        contact: None | str | Unset
        if isinstance(self.contact, Unset):
            contact = UNSET
        else:
            contact = self.contact

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if contact is not UNSET:
            field_dict["contact"] = contact

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_contact(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contact = _parse_contact(d.pop("contact", UNSET))

        create_player = cls(
            name=name,
            contact=contact,
        )

        return create_player
