from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.three_kingdoms_score_card import ThreeKingdomsScoreCard


T = TypeVar("T", bound="ThreeKingdomsGameEnded")


@_attrs_define
class ThreeKingdomsGameEnded:
    """
    Attributes:
        deficit_values (list[list[int]]):
        hands (list[list[str]]):
        reason (str):
        scores (list[ThreeKingdomsScoreCard]):
        type_ (Literal['three_kingdoms.game_ended']):
    """

    deficit_values: list[list[int]]
    hands: list[list[str]]
    reason: str
    scores: list[ThreeKingdomsScoreCard]
    type_: Literal["three_kingdoms.game_ended"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deficit_values = []
        for deficit_values_item_data in self.deficit_values:
            deficit_values_item = deficit_values_item_data

            deficit_values.append(deficit_values_item)

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data

            hands.append(hands_item)

        reason = self.reason

        scores = []
        for scores_item_data in self.scores:
            scores_item = scores_item_data.to_dict()
            scores.append(scores_item)

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deficit_values": deficit_values,
                "hands": hands,
                "reason": reason,
                "scores": scores,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.three_kingdoms_score_card import ThreeKingdomsScoreCard  # noqa: PLC0415

        d = dict(src_dict)
        deficit_values = []
        _deficit_values = d.pop("deficit_values")
        for deficit_values_item_data in _deficit_values:
            deficit_values_item = cast(list[int], deficit_values_item_data)

            deficit_values.append(deficit_values_item)

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)

        reason = d.pop("reason")

        scores = []
        _scores = d.pop("scores")
        for scores_item_data in _scores:
            scores_item = ThreeKingdomsScoreCard.from_dict(scores_item_data)

            scores.append(scores_item)

        type_ = cast(Literal["three_kingdoms.game_ended"], d.pop("type"))
        if type_ != "three_kingdoms.game_ended":
            raise ValueError(f"type must match const 'three_kingdoms.game_ended', got '{type_}'")

        three_kingdoms_game_ended = cls(
            deficit_values=deficit_values,
            hands=hands,
            reason=reason,
            scores=scores,
            type_=type_,
        )

        three_kingdoms_game_ended.additional_properties = d
        return three_kingdoms_game_ended

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
