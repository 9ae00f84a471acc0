from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerSignUp")


@_attrs_define
class PlayerSignUp:
    """
    Attributes:
        name (str): Display name; no control characters
        bot (None | str | Unset): A bot seat's policy: one of the game's `policies` in GET /games/types (`random`,
            `greedy`, `mcts`)
        level (int | None | Unset): A bot seat's level (its budget per move; default 2; docs/bots.md)
        rating (int | Unset):  Default: 0.
        registered_player_id (None | Unset | UUID):
    """

    name: str
    bot: None | str | Unset = UNSET
    level: int | None | Unset = UNSET
    rating: int | Unset = 0
    registered_player_id: None | Unset | UUID = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

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

        rating = self.rating

        registered_player_id: None | str | Unset
        if isinstance(self.registered_player_id, Unset):
            registered_player_id = UNSET
        elif isinstance(self.registered_player_id, UUID):
            registered_player_id = str(self.registered_player_id)
        else:
            registered_player_id = self.registered_player_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot
        if level is not UNSET:
            field_dict["level"] = level
        if rating is not UNSET:
            field_dict["rating"] = rating
        if registered_player_id is not UNSET:
            field_dict["registered_player_id"] = registered_player_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

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

        rating = d.pop("rating", UNSET)

        def _parse_registered_player_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                registered_player_id_type_0 = UUID(data)

                return registered_player_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        registered_player_id = _parse_registered_player_id(d.pop("registered_player_id", UNSET))

        player_sign_up = cls(
            name=name,
            bot=bot,
            level=level,
            rating=rating,
            registered_player_id=registered_player_id,
        )

        return player_sign_up
