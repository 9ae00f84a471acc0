from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeartsHandScored")


@_attrs_define
class HeartsHandScored:
    """
    Attributes:
        hand (int):
        moon (int | None):
        scores (list[int]):
        taken (list[int]):
        totals (list[int]):
        type_ (Literal['hearts.hand_scored']):
    """

    hand: int
    moon: int | None
    scores: list[int]
    taken: list[int]
    totals: list[int]
    type_: Literal["hearts.hand_scored"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hand = self.hand

        moon: int | None
        moon = self.moon

        scores = self.scores

        taken = self.taken

        totals = self.totals

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hand": hand,
                "moon": moon,
                "scores": scores,
                "taken": taken,
                "totals": totals,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand = d.pop("hand")

        def _parse_moon(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        moon = _parse_moon(d.pop("moon"))

        scores = cast(list[int], d.pop("scores"))

        taken = cast(list[int], d.pop("taken"))

        totals = cast(list[int], d.pop("totals"))

        type_ = cast(Literal["hearts.hand_scored"], d.pop("type"))
        if type_ != "hearts.hand_scored":
            raise ValueError(f"type must match const 'hearts.hand_scored', got '{type_}'")

        hearts_hand_scored = cls(
            hand=hand,
            moon=moon,
            scores=scores,
            taken=taken,
            totals=totals,
            type_=type_,
        )

        hearts_hand_scored.additional_properties = d
        return hearts_hand_scored

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
