from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="JoinGame")


@_attrs_define
class JoinGame:
    """
    Attributes:
        bot (None | str | Unset): A bot seat's policy: one of the game's `policies` in GET /games/types (`random`,
            `greedy`, `mcts`)
        level (int | None | Unset): A bot seat's level (its budget per move; default 2; docs/bots.md)
        name (None | str | Unset): Display name; no control characters
        seat (int | None | Unset):
    """

    bot: None | str | Unset = UNSET
    level: int | None | Unset = UNSET
    name: None | str | Unset = UNSET
    seat: int | None | Unset = UNSET

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

        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if bot is not UNSET:
            field_dict["bot"] = bot
        if level is not UNSET:
            field_dict["level"] = level
        if name is not UNSET:
            field_dict["name"] = name
        if seat is not UNSET:
            field_dict["seat"] = seat

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

        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        join_game = cls(
            bot=bot,
            level=level,
            name=name,
            seat=seat,
        )

        return join_game
