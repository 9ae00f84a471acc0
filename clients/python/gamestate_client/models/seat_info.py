from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeatInfo")


@_attrs_define
class SeatInfo:
    """
    Attributes:
        bot (None | str):
        name (str):
        player_id (None | UUID):
        seat (int):
    """

    bot: None | str
    name: str
    player_id: None | UUID
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot: None | str
        bot = self.bot

        name = self.name

        player_id: None | str
        if isinstance(self.player_id, UUID):
            player_id = str(self.player_id)
        else:
            player_id = self.player_id

        seat = self.seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
                "name": name,
                "player_id": player_id,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_bot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot = _parse_bot(d.pop("bot"))

        name = d.pop("name")

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

        seat = d.pop("seat")

        seat_info = cls(
            bot=bot,
            name=name,
            player_id=player_id,
            seat=seat,
        )

        seat_info.additional_properties = d
        return seat_info

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
