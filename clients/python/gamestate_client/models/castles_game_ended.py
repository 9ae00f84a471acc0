from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.castles_final_score import CastlesFinalScore


T = TypeVar("T", bound="CastlesGameEnded")


@_attrs_define
class CastlesGameEnded:
    """
    Attributes:
        final (list[CastlesFinalScore]):
        hands (list[list[int]]):
        type_ (Literal['castles.game_ended']):
        reason (str | Unset):  Default: 'deck'.
    """

    final: list[CastlesFinalScore]
    hands: list[list[int]]
    type_: Literal["castles.game_ended"]
    reason: str | Unset = "deck"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        final = []
        for final_item_data in self.final:
            final_item = final_item_data.to_dict()
            final.append(final_item)

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data

            hands.append(hands_item)

        type_ = self.type_

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "final": final,
                "hands": hands,
                "type": type_,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.castles_final_score import CastlesFinalScore  # noqa: PLC0415

        d = dict(src_dict)
        final = []
        _final = d.pop("final")
        for final_item_data in _final:
            final_item = CastlesFinalScore.from_dict(final_item_data)

            final.append(final_item)

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = cast(list[int], hands_item_data)

            hands.append(hands_item)

        type_ = cast(Literal["castles.game_ended"], d.pop("type"))
        if type_ != "castles.game_ended":
            raise ValueError(f"type must match const 'castles.game_ended', got '{type_}'")

        reason = d.pop("reason", UNSET)

        castles_game_ended = cls(
            final=final,
            hands=hands,
            type_=type_,
            reason=reason,
        )

        castles_game_ended.additional_properties = d
        return castles_game_ended

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
