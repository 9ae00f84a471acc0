from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Enqueue")


@_attrs_define
class Enqueue:
    """
    Attributes:
        players (int | None | Unset):
    """

    players: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        players: int | None | Unset
        if isinstance(self.players, Unset):
            players = UNSET
        else:
            players = self.players

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if players is not UNSET:
            field_dict["players"] = players

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_players(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        players = _parse_players(d.pop("players", UNSET))

        enqueue = cls(
            players=players,
        )

        return enqueue
