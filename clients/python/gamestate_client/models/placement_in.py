from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlacementIn")


@_attrs_define
class PlacementIn:
    """
    Attributes:
        place (int):
        player_id (int):
        score (int | Unset):  Default: 0.
    """

    place: int
    player_id: int
    score: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        place = self.place

        player_id = self.player_id

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "place": place,
                "player_id": player_id,
            }
        )
        if score is not UNSET:
            field_dict["score"] = score

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        place = d.pop("place")

        player_id = d.pop("player_id")

        score = d.pop("score", UNSET)

        placement_in = cls(
            place=place,
            player_id=player_id,
            score=score,
        )

        return placement_in
