from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatCredential")


@_attrs_define
class SeatCredential:
    """
    Attributes:
        name (str):
        seat (int):
        token (str): The seat's bearer token; empty for a registered player's seat
        bot (None | str | Unset):
        level (int | None | Unset):
        player_id (None | Unset | UUID):
    """

    name: str
    seat: int
    token: str
    bot: None | str | Unset = UNSET
    level: int | None | Unset = UNSET
    player_id: None | Unset | UUID = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        seat = self.seat

        token = self.token

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        else:
            bot = self.bot

        level: int | None | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        else:
            level = self.level

        player_id: None | str | Unset
        if isinstance(self.player_id, Unset):
            player_id = UNSET
        elif isinstance(self.player_id, UUID):
            player_id = str(self.player_id)
        else:
            player_id = self.player_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "seat": seat,
                "token": token,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot
        if level is not UNSET:
            field_dict["level"] = level
        if player_id is not UNSET:
            field_dict["player_id"] = player_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        seat = d.pop("seat")

        token = d.pop("token")

        def _parse_bot(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))

        def _parse_level(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        level = _parse_level(d.pop("level", UNSET))

        def _parse_player_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                player_id_type_0 = UUID(data)

                return player_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        player_id = _parse_player_id(d.pop("player_id", UNSET))

        seat_credential = cls(
            name=name,
            seat=seat,
            token=token,
            bot=bot,
            level=level,
            player_id=player_id,
        )

        seat_credential.additional_properties = d
        return seat_credential

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
