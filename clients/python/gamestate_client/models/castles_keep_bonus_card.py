from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CastlesKeepBonusCard")


@_attrs_define
class CastlesKeepBonusCard:
    """
    Attributes:
        card (int):
        type_ (Literal['castles.keep_bonus_card']):
    """

    card: int
    type_: Literal["castles.keep_bonus_card"]

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        type_ = cast(Literal["castles.keep_bonus_card"], d.pop("type"))
        if type_ != "castles.keep_bonus_card":
            raise ValueError(f"type must match const 'castles.keep_bonus_card', got '{type_}'")

        castles_keep_bonus_card = cls(
            card=card,
            type_=type_,
        )

        return castles_keep_bonus_card
