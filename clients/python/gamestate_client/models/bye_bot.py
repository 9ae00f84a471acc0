from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ByeBot")


@_attrs_define
class ByeBot:
    """
    Attributes:
        bot (str): A bot seat's policy: one of the game's `policies` in GET /games/types (`random`, `greedy`, `mcts`)
        level (int | None | Unset): A bot seat's level (its budget per move; default 2; docs/bots.md)
    """

    bot: str
    level: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        level: int | None | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        else:
            level = self.level

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot": bot,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot = d.pop("bot")

        def _parse_level(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        level = _parse_level(d.pop("level", UNSET))

        bye_bot = cls(
            bot=bot,
            level=level,
        )

        return bye_bot
