from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeartsGameEnded")


@_attrs_define
class HeartsGameEnded:
    """
    Attributes:
        reason (str):  Default: 'target_score'.
        totals (list[int]):
        type_ (Literal['hearts.game_ended']):
    """

    totals: list[int]
    type_: Literal["hearts.game_ended"]
    reason: str = "target_score"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        totals = self.totals

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "totals": totals,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        totals = cast(list[int], d.pop("totals"))

        type_ = cast(Literal["hearts.game_ended"], d.pop("type"))
        if type_ != "hearts.game_ended":
            raise ValueError(f"type must match const 'hearts.game_ended', got '{type_}'")

        hearts_game_ended = cls(
            reason=reason,
            totals=totals,
            type_=type_,
        )

        hearts_game_ended.additional_properties = d
        return hearts_game_ended

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
