from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatRequest")


@_attrs_define
class SeatRequest:
    """
    Attributes:
        bot (None | str | Unset): A bot seat's policy: one of the game's `policies` in GET /games/types (`random`,
            `greedy`, `mcts`)
        level (int | None | Unset): A bot seat's level (its budget per move; default 2; docs/bots.md)
        name (None | str | Unset): Display name; no control characters
        open_ (bool | None | Unset):
        player_id (None | Unset | UUID):
    """

    bot: None | str | Unset = UNSET
    level: int | None | Unset = UNSET
    name: None | str | Unset = UNSET
    open_: bool | None | Unset = UNSET
    player_id: None | Unset | UUID = UNSET

    def to_dict(self) -> dict[str, Any]:
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

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        open_: bool | None | Unset
        if isinstance(self.open_, Unset):
            open_ = UNSET
        else:
            open_ = self.open_

        player_id: None | str | Unset
        if isinstance(self.player_id, Unset):
            player_id = UNSET
        elif isinstance(self.player_id, UUID):
            player_id = str(self.player_id)
        else:
            player_id = self.player_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if bot is not UNSET:
            field_dict["bot"] = bot
        if level is not UNSET:
            field_dict["level"] = level
        if name is not UNSET:
            field_dict["name"] = name
        if open_ is not UNSET:
            field_dict["open"] = open_
        if player_id is not UNSET:
            field_dict["player_id"] = player_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

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

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_open_(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        open_ = _parse_open_(d.pop("open", UNSET))

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

        seat_request = cls(
            bot=bot,
            level=level,
            name=name,
            open_=open_,
            player_id=player_id,
        )

        return seat_request
